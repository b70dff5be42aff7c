import { ClipboardList, Printer, ReceiptText } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { OrderLines } from "~/components/shop/order/order-lines.tsx";
import { OrderStatement } from "~/components/shop/order/order-statement.tsx";
import { paidSummaryIn } from "~/components/shop/order/order-words.ts";
import { withContent } from "~/components/shop/shop-content.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { QrCode } from "~/components/ui/qr-code.tsx";
import {
  MEMBER_ORDER_FILTERS,
  type MemberOrderFilter,
  memberOrderFilter,
  PAID_ORDER_STATUSES,
} from "~/domain/orders/orders.ts";
import { dayWithYear } from "~/i18n/i18n.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/order.ts";

export const handle: PageHandle = { messages: ["shop", "orders"], titleBar: "order.title" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("order.title")} | ${t("shop.name")}` },
    { name: "description", content: t("order.meta.description") },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const params = new URL(request.url).searchParams;
  const page = Math.max(0, Math.floor(Number(params.get("page")) || 0));
  const filter = memberOrderFilter(params.get("status"));
  const english = localeOfPath(new URL(request.url).pathname) === "en";
  return { ...(await context.services.orders.member.page(member.id, english, page, filter)), filter };
}

/** Issue 27: a member cancels their own unpaid order (not one said to be paid by PayMe). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  const formData = await readForm(request, { names: ["intent", "number"] });
  const number = String(formData.get("number") ?? "").slice(0, 40);
  const url = new URL(request.url);
  const back = localePath(localeOfPath(url.pathname), `/order${url.search}`);
  const result =
    formData.get("intent") === "cancel"
      ? await context.services.orders.admin.cancelByMember(member.id, number)
      : ({ status: "not_found" } as const);
  const toast: FlashToast =
    result.status === "cancelled" || result.status === "alreadyCancelled"
      ? { kind: "success", key: "toast.myOrder.cancelled", params: { number: result.number } }
      : result.status === "not_found"
        ? { kind: "error", key: "toast.myOrder.notFound" }
        : { kind: "error", key: "toast.myOrder.notCancelled", params: { number: result.number } };
  throw redirect(back, { headers: [await flashHeader(toast)] });
}

const FILTERS = ["all", ...(Object.keys(MEMBER_ORDER_FILTERS) as MemberOrderFilter[])] as const;

const statusClass: Record<string, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  confirmed: "bg-emerald-100 text-emerald-900",
  ready_for_pickup: "bg-brand-100 text-brand-900",
  collected: "bg-stone-200 text-stone-800",
  expired: "bg-stone-200 text-stone-700",
  cancelled: "bg-stone-200 text-stone-700",
};

/** A PayMe claim waiting for the shop's confirmation (decision 0025). */
const awaitingClass = "bg-sky-100 text-sky-900";

const paid: readonly string[] = PAID_ORDER_STATUSES;

function StatusFilter({ current }: { current: MemberOrderFilter | null }) {
  const { t, to } = useI18n();
  return (
    <nav aria-label={t("order.filter.label")} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {FILTERS.map((filter) => {
        const active = filter === (current ?? "all");
        return (
          <Link
            key={filter}
            to={to(filter === "all" ? "/order" : `/order?status=${filter}`)}
            aria-current={active ? "page" : undefined}
            className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
              active ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-brand-800 ring-stone-200"
            }`}
          >
            {t(`order.filter.${filter}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Two steps without any script: the <details> opens the question, its form cancels. */
function CancelOrder({ number }: { number: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("number") === number;
  return (
    <details className="w-full text-sm" data-testid="cancel-order">
      <summary className="cursor-pointer font-semibold text-stone-700 underline underline-offset-2">
        {t("order.cancel")}
      </summary>
      <Form method="post" className="mt-2 space-y-2 rounded-lg bg-stone-50 p-3">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="number" value={number} />
        <p className="text-stone-700">{t("order.cancel.confirmBody")}</p>
        <Button type="submit" disabled={busy} tone="danger" size="sm">
          {t("order.cancel.confirm")}
        </Button>
      </Form>
    </details>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pageCount, filter } = loaderData;
  const i18n = useI18n();
  const { t, to, money, dateTime } = i18n;
  const day = (date: string) => dayWithYear(i18n, date);
  if (orders.length === 0 && filter !== null) {
    return (
      <div className="mx-auto max-w-3xl space-y-3">
        <StatusFilter current={filter} />
        <p className="rounded-xl bg-white p-8 text-center text-stone-700 shadow-sm">
          {t("order.filter.empty")}
        </p>
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-8 text-center shadow-sm">
        <ClipboardList className="mx-auto size-12 text-brand-600" aria-hidden="true" />
        <p className="text-stone-700">{t("order.empty")}</p>
        <Link to={to("/all")} className={buttonClass({ size: "md", className: "inline-block" })}>
          {t("cart.browse")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-3">
      <StatusFilter current={filter} />
      <div className="flex justify-end">
        <Link
          to={to("/order/print")}
          className="inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-stone-200"
        >
          <Printer className="size-4" aria-hidden="true" />
          {t("order.print")}
        </Link>
      </div>
      <ul className="space-y-3">
        {orders.map((order) => (
          <li
            key={order.id}
            className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
            data-testid="order"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-bold">{t("order.number", { number: order.number })}</h2>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${
                  order.awaitingConfirmation ? awaitingClass : (statusClass[order.status] ?? "")
                }`}
                data-testid="order-status"
              >
                {order.awaitingConfirmation
                  ? t("order.status.awaiting_confirmation")
                  : t(`order.status.${order.status}`)}
              </span>
            </div>
            <p className="text-sm text-stone-600">
              {t("order.placedAt", { date: dateTime(new Date(order.createdAt)) })}
            </p>
            <OrderLines lines={order.lines} paid={paid.includes(order.status)} />
            <div className="space-y-0.5 text-sm text-stone-700">
              {/* The pickup point's own words: its Chinese marked zh-HK where it has no English. */}
              <p>
                {withContent(
                  i18n,
                  "order.pickupPoint",
                  { name: order.pickupPointName, address: order.pickupPointAddress },
                  { name: order.pickupPointNameLang, address: order.pickupPointAddressLang },
                )}
              </p>
              <p>{t("order.pickupDates", { from: day(order.pickupFrom), to: day(order.pickupTo) })}</p>
              <p>
                {withContent(
                  i18n,
                  "order.pickupHours",
                  { hours: order.pickupHours },
                  { hours: order.pickupHoursLang },
                )}
              </p>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              {/* Issue 47 item 1: only a paid order can be collected, so only it shows a code. */}
              {order.pickupQr ? (
                <div className="flex items-center gap-3">
                  <QrCode
                    svg={order.pickupQr}
                    label={t("order.qr")}
                    testId="pickup-qr"
                    className="size-24 shrink-0 rounded bg-white p-1 ring-1 ring-stone-200"
                  />
                  <p className="text-sm">
                    {t("order.pickupCode")}{" "}
                    <span
                      className="rounded bg-stone-100 px-2 py-0.5 font-mono text-base font-bold tracking-widest"
                      data-testid="pickup-code"
                    >
                      {order.pickupCode}
                    </span>
                    <span className="mt-1 block text-xs text-stone-600">{t("order.qr")}</span>
                  </p>
                </div>
              ) : (
                <span />
              )}
              <p className="font-bold tabular-nums" data-testid="order-paid">
                {order.awaitingConfirmation
                  ? t("order.awaitingAmount", {
                      method: t(`payment.method.${order.claimMethod ?? "payme"}`),
                      amount: money(order.payableCents),
                    })
                  : order.status === "pending_payment"
                    ? t("order.payable", { amount: money(order.payableCents) })
                    : order.paidAt === null
                      ? // Cancelled or expired before any payment: nothing was paid.
                        t("order.unpaidTotal", { amount: money(order.payableCents) })
                      : paidSummaryIn(i18n, order)}
              </p>
            </div>
            {order.awaitingConfirmation ? (
              <p
                className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900"
                data-testid="awaiting-confirmation"
              >
                {t("order.awaitingConfirmation", {
                  method: t(`payment.method.${order.claimMethod ?? "payme"}`),
                  date: order.expiresAt ? dateTime(new Date(order.expiresAt)) : "",
                })}
              </p>
            ) : order.status === "pending_payment" ? (
              <div className="flex flex-wrap items-center justify-between gap-2">
                {order.expiresAt ? (
                  <p className="text-sm text-amber-900">
                    {t("order.expiresAt", { date: dateTime(new Date(order.expiresAt)) })}
                  </p>
                ) : null}
                <Link to={to(`/payment?order=${order.number}`)} className={buttonClass({ size: "sm" })}>
                  {t("order.pay")}
                </Link>
                <CancelOrder number={order.number} />
              </div>
            ) : null}
            {/* A cancelled order refunded to its card or by transfer shows where its money went. */}
            {paid.includes(order.status) || order.refunds.length > 0 ? (
              <>
                <OrderStatement
                  order={order}
                  credits={order.credits}
                  discount={order.discount}
                  refunds={order.refunds}
                />
                <Link
                  to={to(`/invoice?order=${order.number}`)}
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2"
                >
                  <ReceiptText className="size-4" aria-hidden="true" />
                  {t("order.invoice")}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav className="flex items-center justify-between text-sm" aria-label={t("order.title")}>
          {page > 0 ? (
            <Link
              to={`?${new URLSearchParams({ ...(filter ? { status: filter } : {}), page: String(page - 1) })}`}
              className="rounded-full bg-white px-4 py-2 shadow-sm"
            >
              {t("order.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-600">{t("order.pageOf", { page: page + 1, pages: pageCount })}</span>
          {page + 1 < pageCount ? (
            <Link
              to={`?${new URLSearchParams({ ...(filter ? { status: filter } : {}), page: String(page + 1) })}`}
              className="rounded-full bg-white px-4 py-2 shadow-sm"
            >
              {t("order.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
