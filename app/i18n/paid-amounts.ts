import { type PaidOrder, paidParts } from "~/domain/orders/paid-amounts.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { paidCatalogue } from "./catalogue/paid.ts";
import { createTranslator } from "./translator.ts";

const { t } = createTranslator(paidCatalogue);

export interface PaidAmount {
  /** 「信用卡」, 「PayMe」, 「轉數快」 or 「dDollar」. */
  label: string;
  cents: number;
}

/** The named amounts an order was paid with (`paidParts`), in zh-HK for the back office, SMS and email. */
export function paidAmounts(order: PaidOrder): PaidAmount[] {
  return paidParts(order).map((part) => ({ label: t(`paid.method.${part.method}`), cents: part.cents }));
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
