import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { LineNotes } from "~/components/shop/order/order-lines.tsx";
import { OrderCredits } from "~/components/shop/order/order-statement.tsx";
import { discountText } from "~/components/shop/order/order-words.ts";
import { PrintButton } from "~/components/shop/order/print-button.tsx";
import { withContent } from "~/components/shop/shop-content.tsx";
import { typedTextLang } from "~/domain/shared/content-language.ts";
import { isWeightPriced } from "~/domain/shared/pricing.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { paidAmountsIn } from "~/i18n/paid-words.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/invoice.ts";

export const handle: PageHandle = {
  messages: ["shop", "orders"],
  titleBar: "invoice.title",
  chatInline: true,
};

export const meta: Route.MetaFunction = ({ data: found, matches }) => {
  const { t } = i18nOf(matches);
  return [
    {
      title: `${t("invoice.title")} ${found && "order" in found ? found.order.number : ""} | ${t("shop.name")}`,
    },
    { name: "description", content: t("invoice.meta.description") },
    { name: "robots", content: "noindex" },
  ];
};

/** /invoice?order=<number>: a receipt for one of the member's own orders (404 for anyone else's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const number = (new URL(request.url).searchParams.get("order") ?? "").trim().slice(0, 40);
  const [order, profile] = await Promise.all([
    number
      ? context.services.orders.member.receipt(
          member.id,
          localeOfPath(new URL(request.url).pathname) === "en",
          number,
        )
      : null,
    context.services.members.getProfile(member.id),
  ]);
  if (!order || !profile) throw data({ notFound: true }, { status: 404 });
  return { order, member: { name: `${profile.lastName}${profile.firstName}`, phone: profile.phone } };
}

function Row({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  const { money } = useI18n();
  return (
    <div
      className={`flex justify-between gap-3 ${strong ? "border-t border-stone-300 pt-2 text-base font-bold" : ""}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{money(cents)}</dd>
    </div>
  );
}

export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { order, member } = loaderData;
  const i18n = useI18n();
  const { t, to, money, unit, dateTime } = i18n;
  // Issue 47 item 1: a receipt only for money paid. An order cancelled, expired or still unpaid
  // shows its state and no payment method.
  const pending = order.status === "pending_payment";
  const paid = order.paidAt !== null && !pending;
  const amounts = paidAmountsIn(i18n, order);
  return (
    <article className="mx-auto max-w-2xl space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 print:shadow-none print:ring-0 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xl font-black text-brand-800">{t("invoice.shop")}</p>
          <h1 className="text-lg font-bold">{paid ? t("invoice.title") : t("invoice.titleUnpaid")}</h1>
        </div>
        <PrintButton label={t("print.button")} />
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{t("invoice.orderNumber")}</dt>
          <dd className="font-semibold" data-testid="invoice-number">
            {order.number}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t("invoice.date")}</dt>
          <dd>{dateTime(new Date(order.createdAt))}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t("invoice.member")}</dt>
          <dd>
            {withContent(i18n, "invoice.memberLine", member, {
              name: typedTextLang(member.name, i18n.contentLang),
            })}
          </dd>
        </div>
        {order.paidAt ? (
          <div>
            <dt className="text-stone-600">{t("invoice.paidAt")}</dt>
            <dd>{dateTime(new Date(order.paidAt))}</dd>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <dt className="text-stone-600">{t("invoice.pickupPoint")}</dt>
          <dd>
            {withContent(
              i18n,
              "invoice.pickupPointLine",
              { name: order.pickupPointName, address: order.pickupPointAddress },
              { name: order.pickupPointNameLang, address: order.pickupPointAddressLang },
            )}
          </dd>
        </div>
      </dl>

      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-left text-stone-600">
            <th className="py-1 font-medium">{t("invoice.col.item")}</th>
            <th className="py-1 pl-2 text-right font-medium whitespace-nowrap">
              {t("invoice.col.quantity")}
            </th>
            <th className="py-1 text-right font-medium">{t("invoice.col.unitPrice")}</th>
            <th className="py-1 text-right font-medium">{t("invoice.col.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b border-stone-100 align-top" data-testid="invoice-line">
              <td className="py-1.5">
                <span lang={line.nameLang}>{line.name}</span>
                <LineNotes line={line} paid={paid} />
              </td>
              <td className="py-1.5 text-right tabular-nums">{line.quantity}</td>
              <td className="py-1.5 text-right tabular-nums">
                {money(line.standing.unitPriceCents)}
                {isWeightPriced(line) ? t("invoice.perUnit", { unit: unit(line.unit) }) : ""}
              </td>
              <td className="py-1.5 text-right tabular-nums">{money(line.standing.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ml-auto max-w-xs space-y-1 text-sm" data-testid="invoice-totals">
        <Row label={t("invoice.items")} cents={order.itemsCents} />
        {order.discountCents > 0 ? (
          <Row
            label={t("invoice.discount", { label: discountText(i18n, order.percentageDiscount) })}
            cents={-order.discountCents}
          />
        ) : null}
        <Row label={t("invoice.delivery")} cents={order.deliveryFeeCents} />
        {order.cardFeeCents > 0 ? <Row label={t("invoice.cardFee")} cents={order.cardFeeCents} /> : null}
        <Row
          label={t("invoice.orderTotal")}
          cents={order.payableCents + order.cardFeeCents + order.dDollarUsedCents}
          strong
        />
        {pending && order.dDollarUsedCents > 0 ? (
          <Row label={t("invoice.dollarUsed")} cents={-order.dDollarUsedCents} />
        ) : null}
        {pending ? <Row label={t("invoice.payable")} cents={order.payableCents} strong /> : null}
      </dl>
      {paid ? (
        <section className="ml-auto max-w-xs text-sm" data-testid="invoice-paid">
          <h2 className="font-semibold">{t("invoice.paidWith")}</h2>
          <dl className="mt-1 space-y-1">
            {amounts.map((amount) => (
              <div
                key={amount.label}
                className="flex justify-between gap-3"
                data-testid="invoice-paid-amount"
              >
                <dt>{amount.label}</dt>
                <dd className="tabular-nums">{money(amount.cents)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {paid || order.refunds.length > 0 ? (
        <section className="ml-auto max-w-xs text-sm" data-testid="invoice-credits">
          <h2 className="font-semibold">{t("invoice.credits")}</h2>
          <OrderCredits
            order={order}
            credits={order.credits}
            discount={order.discount}
            refunds={order.refunds}
          />
        </section>
      ) : null}
      <p className="text-sm font-semibold" data-testid="invoice-state">
        {order.awaitingConfirmation
          ? t("invoice.awaitingConfirmation", { method: t(`payment.method.${order.claimMethod ?? "payme"}`) })
          : pending
            ? t("invoice.unpaid")
            : !paid
              ? t("invoice.neverPaid", { status: t(`order.status.${order.status}`) })
              : order.status === "cancelled"
                ? t("invoice.cancelledAfterPaid")
                : null}
      </p>
      <Link
        to={to("/order")}
        className="inline-flex items-center gap-1 text-sm text-brand-700 underline print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("print.back")}
      </Link>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, to } = useI18n();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-md rounded-xl bg-white p-6 text-center shadow-sm">
      <p className="text-stone-700">{missing ? t("invoice.notFound") : t("error.server.body")}</p>
      <Link to={to("/order")} className="mt-4 inline-flex items-center gap-1 text-brand-700 underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("print.back")}
      </Link>
    </div>
  );
}
