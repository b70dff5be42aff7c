import { type PaidOrder, paidParts } from "~/domain/orders/paid-amounts.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { paidCatalogue } from "./catalogue/paid.ts";
import { createTranslator } from "./translator.ts";

const { t } = createTranslator(paidCatalogue);

/**
 * 「信用卡 $614.23 · dDollar $50.00」: the amounts an order was paid with (`paidParts`), in zh-HK for
 * the back office, SMS and email (the storefront says them in its page's words, `paidSummaryIn`).
 */
export function paidAmountsText(order: PaidOrder): string {
  const parts = paidParts(order);
  if (parts.length === 0)
    return t("paid.amount", { method: t("paid.method.dDollar"), amount: formatCents(0) });
  return parts
    .map((part) =>
      t("paid.amount", { method: t(`paid.method.${part.method}`), amount: formatCents(part.cents) }),
    )
    .join(t("paid.separator"));
}
