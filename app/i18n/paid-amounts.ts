import type { PaymentMethod } from "~/domain/orders/orders.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { paidCatalogue } from "./catalogue/paid.ts";
import { createTranslator } from "./translator.ts";

const { t } = createTranslator(paidCatalogue);

export interface PaidOrder {
  paymentMethod: PaymentMethod | null;
  payableCents: number;
  cardFeeCents: number;
  dDollarUsedCents: number;
}

export interface PaidAmount {
  /** 「信用卡」, 「PayMe」, 「轉數快」 or 「dDollar」. */
  label: string;
  cents: number;
}

/**
 * The named amounts an order was paid with: what was charged to the card (with its fee) or sent by
 * PayMe or FPS, then the dDollar used. An amount of 0 is left out; an order paid wholly by dDollar
 * has only that one.
 */
export function paidAmounts(order: PaidOrder): PaidAmount[] {
  const charged = order.payableCents + order.cardFeeCents;
  const amounts: PaidAmount[] = [];
  if (charged > 0 && order.paymentMethod !== null && order.paymentMethod !== "dDollar")
    amounts.push({ label: t(`paid.method.${order.paymentMethod}`), cents: charged });
  if (order.dDollarUsedCents > 0)
    amounts.push({ label: t("paid.method.dDollar"), cents: order.dDollarUsedCents });
  return amounts;
}

/** 「信用卡 $614.23 · dDollar $50.00」 */
export function paidAmountsText(order: PaidOrder): string {
  const amounts = paidAmounts(order);
  if (amounts.length === 0)
    return t("paid.amount", { method: t("paid.method.dDollar"), amount: formatCents(0) });
  return amounts
    .map((amount) => t("paid.amount", { method: amount.label, amount: formatCents(amount.cents) }))
    .join(t("paid.separator"));
}

/** 「已付：信用卡 $614.23 · dDollar $50.00」 */
export function paidSummary(order: PaidOrder): string {
  return t("paid.summary", { amounts: paidAmountsText(order) });
}
