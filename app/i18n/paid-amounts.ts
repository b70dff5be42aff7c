import type { PaidOrder } from "~/domain/orders/paid-amounts.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { paidCatalogue } from "./catalogue/paid.ts";
import { paidText } from "./paid-words.ts";
import { createTranslator } from "./translator.ts";

const { t } = createTranslator(paidCatalogue);

/**
 * 「信用卡 $614.23 · dDollar $50.00」 in zh-HK for the back office, which ships its own words (the
 * storefront and a member's messages say it in their language through `paidText`).
 */
export function paidAmountsText(order: PaidOrder): string {
  return paidText(t, formatCents, order);
}
