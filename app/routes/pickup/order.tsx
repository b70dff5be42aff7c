import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { ArrowLeft, CheckCheck, PackageX } from "lucide-react";
import { data, Form, isRouteErrorResponse, Link, redirect, useActionData, useNavigation } from "react-router";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
import { requirePickupStaff } from "~/auth/session.server.ts";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FieldError, FormField } from "~/components/ui/form-field.tsx";
import { useLazyValidation } from "~/components/ui/form-validation.ts";
import { Input } from "~/components/ui/input.tsx";
import { pickupCollectSchema } from "~/domain/pickup/pickup-console.schema.ts";
import { readPickupScan } from "~/domain/pickup/pickup-console.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { errorText, type MessageKey, t } from "~/i18n/pickup.ts";
import { pickupQuantity } from "~/i18n/pickup-quantity.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/order.ts";

export const meta: Route.MetaFunction = () => [
  { title: `${t("pickup.title")} | ${t("shop.name")}` },
  { name: "robots", content: "noindex, nofollow" },
];

function codeOf(params: { code: string }): string {
  const reading = readPickupScan(params.code);
  if (!reading.ok) throw data({ refusal: `pickup.refusal.${reading.error}` }, { status: 404 });
  return reading.code;
}

/** One order at the counter; another point's order is refused (403) and shows nothing of it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requirePickupStaff(request, context);
  const found = await context.services.pickup.console.order(staff, codeOf(params));
  if (found.status === "unknown") throw data({ refusal: "pickup.refusal.unknown" }, { status: 404 });
  if (found.status === "otherPoint")
    throw data({ refusal: "pickup.refusal.otherPoint", point: found.pointName }, { status: 403 });
  return { order: found.order };
}

/** Collected, or collected with lines missing: the latter first comes back for a confirmation. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requirePickupStaff(request, context);
  const code = codeOf(params);
  const submission = parseForm(
    await readForm(request, { schemas: [pickupCollectSchema] }),
    pickupCollectSchema,
  );
  if (submission.status !== "success")
    return data({ result: submission.reply(), confirm: null, refusal: null }, { status: 400 });
  const { console: pickupConsole } = context.services.pickup;
  const form = submission.value;
  if (form.intent === "missing" && form.confirmed !== "yes") {
    const preview = await pickupConsole.missingPreview(staff, code, form.missing);
    if (preview.status === "otherPoint")
      throw data({ refusal: "pickup.refusal.otherPoint", point: preview.pointName }, { status: 403 });
    if (preview.status !== "preview") {
      if (preview.status === "unknown") throw data({ refusal: "pickup.refusal.unknown" }, { status: 404 });
      return data(
        { result: null, confirm: null, refusal: "pickup.refusal.badLine" as MessageKey },
        { status: 400 },
      );
    }
    const { status: _preview, ...figures } = preview;
    return { result: null, confirm: { ...figures, reason: form.reason }, refusal: null };
  }
  const missing = form.intent === "missing" ? { lineIds: form.missing, reason: form.reason } : null;
  const collected = await pickupConsole.collect(staff, code, missing);
  if (collected.status === "collected") {
    const toast: FlashToast = missing
      ? {
          kind: "success",
          key: "pickup.toast.missing",
          params: { number: collected.number, amount: formatCents(collected.refundCents) },
        }
      : { kind: "success", key: "pickup.toast.collected", params: { number: collected.number } };
    throw redirect(`/pickup?point=${collected.pointId}`, { headers: [await flashHeader(toast)] });
  }
  if (collected.status === "unknown") throw data({ refusal: "pickup.refusal.unknown" }, { status: 404 });
  if (collected.status === "otherPoint")
    throw data({ refusal: "pickup.refusal.otherPoint", point: collected.pointName }, { status: 403 });
  const refusal: MessageKey = `pickup.refusal.${collected.status}`;
  return data(
    { result: null, confirm: null, refusal },
    { status: collected.status === "badLine" ? 400 : 409 },
  );
}

export default function PickupOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const confirm = navigation.state === "idle" ? actionData?.confirm : null;
  return (
    <>
      <Link
        to={`/pickup?point=${order.pointId}`}
        className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("pickup.back")}
      </Link>
      <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div className="flex items-start justify-between gap-2">
          <h1 className="text-xl font-bold text-brand-800">
            {t("pickup.order.title", { number: order.number })}
          </h1>
          <span
            className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-sm text-stone-800"
            data-testid="pickup-status"
          >
            {t(`pickup.status.${order.status}`)}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">{t("pickup.order.code")}</dt>
          <dd className="font-mono text-base font-semibold tracking-wider">{order.pickupCode}</dd>
          <dt className="text-stone-600">{t("pickup.order.member")}</dt>
          <dd data-testid="pickup-member">{t("pickup.member", order.member)}</dd>
          <dt className="text-stone-600">{t("pickup.point")}</dt>
          <dd>{order.pointName}</dd>
        </dl>
        {order.collectedAt ? (
          <p
            className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
            role="status"
            data-testid="pickup-collected"
          >
            {t("pickup.collected.by", {
              at: formatHkAdminTime(new Date(order.collectedAt)),
              by: order.collectedBy || t("pickup.collected.someone"),
            })}
          </p>
        ) : null}
        {actionData?.refusal ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-accent-600"
            data-testid="pickup-refusal"
          >
            {t(actionData.refusal)}
          </p>
        ) : null}
        <h2 className="text-base font-semibold text-stone-900">{t("pickup.order.items")}</h2>
        <ul className="divide-y divide-stone-100 text-sm" data-testid="pickup-lines">
          {order.lines.map((line) => (
            <li key={line.id} className="flex flex-col py-2">
              <span className="flex justify-between gap-2">
                <span className="text-stone-900">{line.name}</span>
                <span className="shrink-0 text-stone-700">{pickupQuantity(line)}</span>
              </span>
              {line.missingReason !== null ? (
                <span className="text-accent-600">
                  {t("pickup.missing.badge", { amount: formatCents(line.refundCents ?? 0) })}・
                  {t("pickup.missing.reasonShown", { reason: line.missingReason })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {order.collectable && confirm ? <ConfirmMissing confirm={confirm} /> : null}
      {order.collectable && !confirm ? (
        <>
          <Form method="post" className="rounded-xl bg-white p-4 shadow-sm">
            <input type="hidden" name="intent" value="collect" />
            <Button
              type="submit"
              className="inline-flex w-full items-center justify-center gap-2"
              disabled={navigation.state === "submitting"}
            >
              <CheckCheck className="size-5" aria-hidden="true" />
              {t("pickup.collect")}
            </Button>
          </Form>
          <MissingForm lines={order.lines} />
        </>
      ) : null}
    </>
  );
}

type PickupLine = Route.ComponentProps["loaderData"]["order"]["lines"][number];

/** The schema and parser load after hydration (see useLazyValidation). */
const loadMissingValidation = () =>
  Promise.all([
    import("~/components/ui/form-schema.ts"),
    import("~/domain/pickup/pickup-console.schema.ts"),
  ]).then(
    ([{ parseForm }, { pickupMissingSchema }]) =>
      (formData: FormData) =>
        parseForm(formData, pickupMissingSchema),
  );

function MissingForm({ lines }: { lines: PickupLine[] }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: useLazyValidation(loadMissingValidation),
    shouldValidate: "onSubmit",
  });
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm">
      <h2 className="flex items-center gap-2 text-base font-semibold text-stone-900">
        <PackageX className="size-5 text-accent-600" aria-hidden="true" />
        {t("pickup.missing.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("pickup.missing.hint")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="missing" />
        <fieldset aria-describedby={fields.missing.errorId}>
          <legend className="sr-only">{t("pickup.order.items")}</legend>
          {lines
            .filter((line) => line.missingReason === null)
            .map((line) => (
              <label key={line.id} className="flex items-center gap-3 py-1.5 text-sm text-stone-900">
                <input
                  type="checkbox"
                  name={fields.missing.name}
                  value={line.id}
                  className="size-5 accent-brand-700"
                />
                <span>
                  {line.name} {pickupQuantity(line)}
                </span>
              </label>
            ))}
          <FieldError id={fields.missing.errorId} error={errorText(fields.missing.errors?.[0])} />
        </fieldset>
        <FormField field={fields.reason} label={t("pickup.missing.reason")}>
          <Input {...getInputProps(fields.reason, { type: "text" })} />
        </FormField>
        <Button
          type="submit"
          tone="dangerOutline"
          className="w-full"
          disabled={navigation.state === "submitting"}
        >
          {t("pickup.missing.submit")}
        </Button>
      </Form>
    </section>
  );
}

type Confirmation = NonNullable<NonNullable<ReturnType<typeof useActionData<typeof action>>>["confirm"]>;

/** The step before a missing line is written: what is missing and what goes back to the member. */
function ConfirmMissing({ confirm }: { confirm: Confirmation }) {
  const navigation = useNavigation();
  return (
    <section
      className="rounded-xl border-2 border-accent-600 bg-white p-4 shadow-sm"
      role="alertdialog"
      aria-labelledby="confirm-missing"
      data-testid="pickup-confirm"
    >
      <h2 id="confirm-missing" className="text-lg font-semibold text-stone-900">
        {t("pickup.confirm.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {t("pickup.confirm.body", { amount: formatCents(confirm.refundCents) })}
      </p>
      <ul className="my-2 list-disc pl-5 text-sm text-stone-900">
        {confirm.lines.map((line) => (
          <li key={line.id}>
            {line.name} {pickupQuantity(line)}
          </li>
        ))}
      </ul>
      <p className="text-sm text-stone-700">{t("pickup.missing.reasonShown", { reason: confirm.reason })}</p>
      <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="intent" value="missing" />
        {confirm.lines.map((line) => (
          <input key={line.id} type="hidden" name="missing" value={line.id} />
        ))}
        <input type="hidden" name="reason" value={confirm.reason} />
        <input type="hidden" name="confirmed" value="yes" />
        <Button
          type="submit"
          tone="danger"
          className="w-full sm:w-auto"
          disabled={navigation.state === "submitting"}
        >
          {t("pickup.confirm.yes")}
        </Button>
        <Link to="." className={buttonClass({ tone: "neutral", className: "w-full text-center sm:w-auto" })}>
          {t("pickup.confirm.no")}
        </Link>
      </Form>
    </section>
  );
}

/** An unknown code or another point's order: said in zh-HK, with the way back to today's list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const body = isRouteErrorResponse(error)
    ? (error.data as { refusal?: string; point?: string } | null)
    : null;
  const refusal = body?.refusal;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text =
    refusal === "pickup.refusal.otherPoint"
      ? t("pickup.refusal.otherPoint", { point: body?.point ?? "" })
      : refusal
        ? (errorText(refusal) ?? t("pickup.refusal.unknown"))
        : status === 403
          ? t("pickup.forbidden.body")
          : t("error.server.body");
  const title =
    status === 403
      ? t("pickup.otherPoint.title")
      : status === 404
        ? t("pickup.notFound.title")
        : t("error.server.title");
  return (
    <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
      <title>{`${title} | ${t("shop.name")}`}</title>
      <h1 className="text-xl font-bold text-brand-800">{title}</h1>
      <p role="alert" className="text-stone-800" data-testid="pickup-refusal">
        {text}
      </p>
      <Link to="/pickup" className={buttonClass({ size: "md", className: "self-start" })}>
        {t("pickup.back")}
      </Link>
    </section>
  );
}
