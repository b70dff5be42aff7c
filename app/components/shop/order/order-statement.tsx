import { type LineStanding, referralBase } from "~/domain/cycles/settlement.ts";
import type { LedgerReason } from "~/domain/dollars/ledger-reasons.ts";
import type { PaymentMethod } from "~/domain/orders/orders.ts";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { paidAmountsIn } from "~/i18n/paid-words.ts";
import { type I18n, useI18n } from "~/i18n/use-i18n.ts";
import { withContent } from "../shop-content.tsx";
import { discountText } from "./order-words.ts";

export interface StatementOrder {
  status: string;
  itemsCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  dDollarUsedCents: number;
  payableCents: number;
  cardFeeCents: number;
  paymentMethod: PaymentMethod | null;
  lines: StatementLine[];
}

/** The order's discount code, when it had one below 100 % (DESIGN §4.12). */
export interface StatementDiscount {
  code: string | null;
  percentage: number;
}

/** Credits for one line: each is taken after the order's discount code (DESIGN §4.8). */
const LINE_CREDITS: readonly LedgerReason[] = [
  "group_refund",
  "limited_refund",
  "weight_refund",
  "missing_refund",
];

/** 「已扣除優惠碼 XMAS2022（9折）」 beside a line's credit, so its figure reads as right. */
function discountShare(i18n: I18n, discount: StatementDiscount): string {
  const { t } = i18n;
  const label = discountText(i18n, discount.percentage);
  return discount.code
    ? t("statement.discountShare", { code: discount.code, label })
    : t("statement.discountShareNoCode", { label });
}

interface StatementLine {
  id: number;
  name: string;
  nameLang?: ContentLang;
  unit: string;
  status: string;
  standing: LineStanding;
}

export interface StatementCredit {
  id: number;
  reason: LedgerReason;
  amountCents: number;
  lineName: string | null;
  lineNameLang?: ContentLang;
}

/** A refund to the card or by transfer (decision 0052). */
export interface StatementRefund {
  id: number;
  method: "card" | "payme" | "fps";
  amountCents: number;
  state: "requested" | "sent" | "succeeded" | "failed" | "recorded";
  reason: "cancel" | "missing_line" | "kept_payment";
  lineName: string | null;
  lineNameLang?: ContentLang;
}

/**
 * What came back of the order's own price: credits, refunds (not of kept money, which was never
 * part of it, nor one the provider refused), and kept money's dDollar taken back when it was refunded.
 */
function returnedCents(credits: StatementCredit[], refunds: readonly StatementRefund[]): number {
  const credited = credits
    .filter((credit) => paidBack(credit) || credit.reason === "kept_payment_returned")
    .reduce((sum, credit) => sum + credit.amountCents, 0);
  const refunded = refunds
    .filter((refund) => refund.reason !== "kept_payment" && refund.state !== "failed")
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return credited + refunded;
}

/** 「退回信用卡（缺貨：和牛）」: where a refund went and why, with the line it is for. */
function refundLine(i18n: I18n, refund: StatementRefund) {
  const method = i18n.t(`statement.refund.${refund.method}`);
  const reason = i18n.t(`statement.refund.reason.${refund.reason}`);
  return refund.lineName
    ? withContent(
        i18n,
        "statement.refund.lineNamed",
        { method, reason, name: refund.lineName },
        { name: refund.lineNameLang },
      )
    : i18n.t("statement.refund.line", { method, reason });
}

/** Credits that come back after checkout; the payment itself shows as "dDollar used". */
const paidBack = (credit: StatementCredit) => credit.reason !== "order_payment" && credit.amountCents > 0;

/** What the member paid for the order at checkout, by any means (card fee included). */
function paidAtCheckout(order: Omit<StatementOrder, "lines">): number {
  return order.payableCents + order.cardFeeCents + order.dDollarUsedCents;
}

/**
 * Every credit since checkout with its reason (the line it is for, or the base of a referral
 * reward, DESIGN §4.8), and what the order finally cost. Shared by the statement and the receipt.
 */
export function OrderCredits({
  order,
  credits,
  discount,
  refunds = [],
}: {
  order: Omit<StatementOrder, "lines">;
  credits: StatementCredit[];
  discount: StatementDiscount | null;
  refunds?: readonly StatementRefund[];
}) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const back = credits.filter(paidBack);
  const returned = returnedCents(credits, refunds);
  return (
    <>
      {back.length === 0 && refunds.length === 0 ? (
        <p className="mt-1 text-stone-700">
          {order.status === "paid" ? t("statement.pending") : t("statement.noCredits")}
        </p>
      ) : (
        <ul className="mt-1 space-y-1">
          {back.map((credit) => (
            <li key={credit.id} className="flex justify-between gap-2" data-testid="statement-credit">
              <span>
                {t(`dollar.reason.${credit.reason}`)}
                {credit.lineName ? (
                  <span className="text-stone-600">
                    {withContent(
                      i18n,
                      "statement.creditLine",
                      { name: credit.lineName },
                      { name: credit.lineNameLang },
                    )}
                  </span>
                ) : null}
                {discount && credit.lineName && LINE_CREDITS.includes(credit.reason) ? (
                  <span className="block text-xs text-stone-600" data-testid="statement-discount-share">
                    {discountShare(i18n, discount)}
                  </span>
                ) : null}
                {credit.reason === "referral_reward" ? (
                  <span className="block text-xs text-stone-600">
                    {t("statement.referralBase", { amount: money(referralBase(order)) })}
                  </span>
                ) : null}
              </span>
              <span className="tabular-nums text-emerald-800">{`+${money(credit.amountCents)}`}</span>
            </li>
          ))}
        </ul>
      )}
      {refunds.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {refunds.map((refund) => (
            <li key={refund.id} className="flex justify-between gap-2" data-testid="statement-refund">
              <span>
                {refundLine(i18n, refund)}
                <span className="block text-xs text-stone-600">
                  {t(`statement.refund.state.${refund.state}`)}
                </span>
              </span>
              <span className="tabular-nums text-emerald-800">{`+${money(refund.amountCents)}`}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 flex justify-between gap-2 border-t border-stone-200 pt-1 font-bold">
        <span>{t("statement.finalCost")}</span>
        <span className="tabular-nums" data-testid="statement-final">
          {money(paidAtCheckout(order) - returned)}
        </span>
      </p>
    </>
  );
}

/**
 * DESIGN §4.8 "each order shows a settlement statement": what was paid at checkout, what each
 * weighed line finally costs by its weight, each credit since and its reason, and what the order
 * finally cost.
 */
export function OrderStatement({
  order,
  credits,
  discount,
  refunds = [],
}: {
  order: StatementOrder;
  credits: StatementCredit[];
  discount: StatementDiscount | null;
  refunds?: readonly StatementRefund[];
}) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const rows: [string, number][] = [
    [t("statement.items"), order.itemsCents],
    ...(order.discountCents > 0
      ? ([[t("statement.discount"), -order.discountCents]] as [string, number][])
      : []),
    ...(order.deliveryFeeCents > 0
      ? ([[t("statement.delivery"), order.deliveryFeeCents]] as [string, number][])
      : []),
    ...(order.cardFeeCents > 0 ? ([[t("statement.cardFee"), order.cardFeeCents]] as [string, number][]) : []),
  ];
  const weighed = order.lines.filter(
    (line) => line.status === "active" && line.standing.weighedQuantity !== null,
  );
  return (
    <details className="rounded-lg bg-stone-50 p-3 text-sm" data-testid="order-statement">
      <summary className="cursor-pointer font-semibold text-brand-800">{t("statement.title")}</summary>
      <dl className="mt-2 space-y-1">
        {rows.map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt>{label}</dt>
            <dd className="tabular-nums">{money(cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 border-t border-stone-200 pt-1 font-semibold">{t("statement.paidWith")}</p>
      <dl className="space-y-1">
        {paidAmountsIn(i18n, order).map((amount) => (
          <div key={amount.label} className="flex justify-between gap-2" data-testid="statement-paid-amount">
            <dt>{amount.label}</dt>
            <dd className="tabular-nums">{money(amount.cents)}</dd>
          </div>
        ))}
      </dl>
      {weighed.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold text-brand-800">{t("statement.weighed")}</h3>
          <ul className="mt-1 space-y-1">
            {weighed.map((line) => (
              <li key={line.id} className="flex justify-between gap-2" data-testid="statement-weighed">
                <span>
                  {withContent(
                    i18n,
                    "statement.weighedLine",
                    {
                      name: line.name,
                      quantity: i18n.quantity(line.standing.weighedQuantity ?? 0, line.unit),
                      unit: i18n.unit(line.unit),
                      price: money(line.standing.unitPriceCents),
                    },
                    { name: line.nameLang },
                  )}
                </span>
                <span className="tabular-nums">{money(line.standing.amountCents)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-3 font-semibold text-brand-800">
        {refunds.length > 0 ? t("statement.creditsAndRefunds") : t("statement.credits")}
      </h3>
      <OrderCredits order={order} credits={credits} discount={discount} refunds={refunds} />
    </details>
  );
}
