import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { ChevronRight, Search } from "lucide-react";
import { Form, Link, redirect, useNavigate } from "react-router";
import { requirePickupStaff } from "~/auth/session.server.ts";
import { QrScanner } from "~/components/pickup/qr-scanner.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { useLazyValidation } from "~/components/ui/form-validation.ts";
import { Input } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import { pickupSearchSchema } from "~/domain/pickup/pickup-console.schema.ts";
import { hkDayKey } from "~/domain/shared/hk-time.ts";
import { type MessageKey, t } from "~/i18n/pickup.ts";
import { parseForm } from "~/web/form-parse.ts";
import type { Route } from "./+types/console.ts";

export const meta: Route.MetaFunction = () => [
  { title: `${t("pickup.title")} | ${t("shop.name")}` },
  { name: "description", content: t("pickup.meta.description") },
  { name: "robots", content: "noindex, nofollow" },
];

/** Today's orders at one of the staff member's points; a search or a scan (`q`) opens its order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePickupStaff(request, context);
  const { console: pickupConsole } = context.services.pickup;
  const url = new URL(request.url);
  const points = await pickupConsole.pointsOf(staff);
  const wanted = Number(url.searchParams.get("point"));
  const point = points.find((candidate) => candidate.id === wanted) ?? points[0] ?? null;
  let refusal: { key: MessageKey; point?: string } | null = null;
  let search = null;
  if (url.searchParams.has("q")) {
    const submission = parseForm(url.searchParams, pickupSearchSchema);
    if (submission.status === "success") {
      const found = await pickupConsole.find(staff, submission.value.q);
      if (found.status === "found") throw redirect(`/pickup/order/${found.code}`);
      refusal =
        found.status === "otherPoint"
          ? { key: "pickup.refusal.otherPoint", point: found.pointName }
          : { key: `pickup.refusal.${found.status}` };
    } else search = submission.reply();
  }
  const now = new Date();
  const orders = point ? await pickupConsole.todayOrders(point.id, now) : [];
  return { points, point, orders, today: hkDayKey(now), refusal, search };
}

export default function PickupConsole({ loaderData }: Route.ComponentProps) {
  const { points, point, orders, today, refusal } = loaderData;
  const navigate = useNavigate();
  if (!point)
    return <p className="rounded-xl bg-white p-4 text-stone-700 shadow-sm">{t("pickup.noPoints")}</p>;
  const left = orders.filter((order) => order.status !== "collected");
  const done = orders.filter((order) => order.status === "collected");
  return (
    <>
      <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div>
          <p className="text-sm text-stone-600">{t("pickup.point")}</p>
          <h1 className="text-xl font-bold text-brand-800" data-testid="pickup-point">
            {point.name}
          </h1>
          <p className="text-sm text-stone-600">{t("pickup.today", { date: today })}</p>
        </div>
        {points.length > 1 ? (
          <Form method="get" className="flex items-end gap-2">
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-stone-800">
              {t("pickup.point.choose")}
              <Select name="point" defaultValue={String(point.id)}>
                {points.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </Select>
            </label>
            <Button type="submit" tone="secondary" size="sm" className="mb-0.5">
              {t("pickup.point.show")}
            </Button>
          </Form>
        ) : null}
        <SearchForm pointId={point.id} search={loaderData.search} />
        {refusal ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-accent-600"
            data-testid="pickup-refusal"
          >
            {t(refusal.key, refusal.point ? { point: refusal.point } : undefined)}
          </p>
        ) : null}
        <QrScanner
          onRead={(text) => navigate(`/pickup?point=${point.id}&q=${encodeURIComponent(text)}`)}
          labels={{
            scan: t("pickup.scan"),
            stop: t("pickup.scan.stop"),
            hint: t("pickup.scan.hint"),
            noCamera: t("pickup.scan.noCamera"),
            video: t("pickup.scan.video"),
          }}
        />
      </section>
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-stone-700 shadow-sm">{t("pickup.noOrders")}</p>
      ) : (
        <>
          <OrderList
            title={t("pickup.left", { count: left.length })}
            empty={t("pickup.noneLeft")}
            orders={left}
            testId="pickup-left"
          />
          <OrderList
            title={t("pickup.done", { count: done.length })}
            empty={t("pickup.noneDone")}
            orders={done}
            testId="pickup-done"
          />
        </>
      )}
    </>
  );
}

/** The schema and parser load after hydration (see useLazyValidation). */
const loadSearchValidation = () =>
  Promise.all([
    import("~/components/ui/form-schema.ts"),
    import("~/domain/pickup/pickup-console.schema.ts"),
  ]).then(
    ([{ parseForm }, { pickupSearchSchema }]) =>
      (formData: FormData) =>
        parseForm(formData, pickupSearchSchema),
  );

function SearchForm({
  pointId,
  search,
}: {
  pointId: number;
  search: Route.ComponentProps["loaderData"]["search"];
}) {
  const [form, fields] = useForm({
    lastResult: search,
    onValidate: useLazyValidation(loadSearchValidation),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="get" {...getFormProps(form)} className="flex items-start gap-2">
      <input type="hidden" name="point" value={pointId} />
      <div className="flex-1">
        <FormField field={fields.q} label={t("pickup.search.label")}>
          <Input
            {...getInputProps(fields.q, { type: "search" })}
            placeholder={t("pickup.search.placeholder")}
            autoComplete="off"
            autoCapitalize="characters"
            enterKeyHint="search"
          />
        </FormField>
      </div>
      <Button type="submit" size="sm" className="mt-7 inline-flex items-center gap-1">
        <Search className="size-4" aria-hidden="true" />
        {t("pickup.search.submit")}
      </Button>
    </Form>
  );
}

type ConsoleOrder = Route.ComponentProps["loaderData"]["orders"][number];

function OrderList({
  title,
  empty,
  orders,
  testId,
}: {
  title: string;
  empty: string;
  orders: ConsoleOrder[];
  testId: string;
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="mb-2 text-lg font-semibold text-stone-900">{title}</h2>
      {orders.length === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {orders.map((order) => (
            <li key={order.id}>
              <Link
                to={`/pickup/order/${order.pickupCode}`}
                className="flex items-center gap-3 py-3"
                aria-label={`${t("pickup.open")} ${order.number}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-mono text-base font-semibold tracking-wider text-stone-900">
                    {order.pickupCode}
                  </span>
                  <span className="block truncate text-sm text-stone-700">
                    {t("pickup.member", order.member)}・{t("pickup.lines", { count: order.lines })}
                  </span>
                </span>
                <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-800">
                  {t(`pickup.status.${order.status}`)}
                </span>
                <ChevronRight className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
