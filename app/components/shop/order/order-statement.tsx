import type { LedgerReason } from "~/domain/ledger-reasons.ts";
import { formatCents } from "~/domain/money.ts";
import { t } from "~/i18n/dollar.ts";

export interface StatementOrder {
  status: string;
  itemsCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  dDollarUsedCents: number;
  payableCents: number;
  cardFeeCents: number;
}

export interface StatementCredit {
  id: number;
  reason: LedgerReason;
  amountCents: number;
  lineName: string | null;
}

/** Credits that come back after checkout; the payment itself shows as "dDollar used". */
const paidBack = (credit: StatementCredit) => credit.reason !== "order_payment" && credit.amountCents > 0;

/**
 * DESIGN §4.8 "each order shows a settlement statement": what was paid at checkout, each credit
 * since and its reason, and what the order finally cost.
 */
export function OrderStatement({ order, credits }: { order: StatementOrder; credits: StatementCredit[] }) {
  const back = credits.filter(paidBack);
  const paid = order.payableCents + order.cardFeeCents + order.dDollarUsedCents;
  const returned = back.reduce((sum, credit) => sum + credit.amountCents, 0);
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
  return (
    <details className="rounded-lg bg-stone-50 p-3 text-sm" data-testid="order-statement">
      <summary className="cursor-pointer font-semibold text-brand-800">{t("statement.title")}</summary>
      <dl className="mt-2 space-y-1">
        {rows.map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
        {order.dDollarUsedCents > 0 ? (
          <div className="flex justify-between gap-2 text-stone-700">
            <dt>{t("statement.dollarUsed")}</dt>
            <dd className="tabular-nums">{formatCents(order.dDollarUsedCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2 border-t border-stone-200 pt-1 font-semibold">
          <dt>{t("statement.paid")}</dt>
          <dd className="tabular-nums">{formatCents(paid)}</dd>
        </div>
      </dl>
      <h3 className="mt-3 font-semibold text-brand-800">{t("statement.credits")}</h3>
      {back.length === 0 ? (
        <p className="mt-1 text-stone-700">
          {order.status === "paid" ? t("statement.pending") : t("statement.noCredits")}
        </p>
      ) : (
        <ul className="mt-1 space-y-1">
          {back.map((credit) => (
            <li key={credit.id} className="flex justify-between gap-2" data-testid="statement-credit">
              <span>
                {t(`dollar.reason.${credit.reason}`)}
                {credit.lineName ? <span className="text-stone-600">（{credit.lineName}）</span> : null}
              </span>
              <span className="tabular-nums text-emerald-800">+{formatCents(credit.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 flex justify-between gap-2 border-t border-stone-200 pt-1 font-bold">
        <span>{t("statement.finalCost")}</span>
        <span className="tabular-nums" data-testid="statement-final">
          {formatCents(paid - returned)}
        </span>
      </p>
    </details>
  );
}
