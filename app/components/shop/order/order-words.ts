import type { PaidOrder } from "~/domain/orders/paid-amounts.ts";
import { discountLabelIn } from "~/i18n/discount-label.ts";
import { paidText } from "~/i18n/paid-words.ts";
import type { I18n } from "~/i18n/use-i18n.ts";

/** 「9折」, "10% off": a discount code's percentage in the page's words. */
export function discountText({ t }: I18n, percentage: number): string {
  return discountLabelIn(t, percentage);
}

/** 「已付：信用卡 $614.23 · dDollar $50.00」, "Paid: Card HK$614.23 · dDollar HK$50.00". */
export function paidSummaryIn(i18n: I18n, order: PaidOrder): string {
  return i18n.t("paid.summary", { amounts: paidText(i18n.t, i18n.money, order) });
}
