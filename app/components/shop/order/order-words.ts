import { type PaidOrder, paidParts } from "~/domain/orders/paid-amounts.ts";
import { hkDayFigures } from "~/domain/shared/hk-time.ts";
import { discountLabelIn } from "~/i18n/discount-label.ts";
import type { SentKey } from "~/i18n/keys.ts";
import type { I18n } from "~/i18n/use-i18n.ts";

/** 「9折」, "10% off": a discount code's percentage in the page's words. */
export function discountText({ t }: I18n, percentage: number): string {
  return discountLabelIn(t, percentage);
}

/** A pickup day with its year: 「2030年1月3日（星期四）」, "Thu 3 Jan 2030". */
export function pickupDay({ t }: I18n, day: string): string {
  const figures = hkDayFigures(day);
  return t("order.day", {
    weekday: t(`date.weekday.${figures.weekday}` as SentKey),
    day: figures.day,
    month: t(`date.month.${figures.month}` as SentKey),
    year: figures.year,
  });
}

/** The named amounts an order was paid with (`paidParts`): 「信用卡」 $614.23, "Card" $614.23. */
export function paidAmountsIn({ t }: I18n, order: PaidOrder): { label: string; cents: number }[] {
  return paidParts(order).map((part) => ({ label: t(`paid.method.${part.method}`), cents: part.cents }));
}

/** 「已付：信用卡 $614.23 · dDollar $50.00」, "Paid: Card HK$614.23 · dDollar HK$50.00". */
export function paidSummaryIn(i18n: I18n, order: PaidOrder): string {
  const { t, money } = i18n;
  const amounts = paidAmountsIn(i18n, order);
  const text =
    amounts.length === 0
      ? t("paid.amount", { method: t("paid.method.dDollar"), amount: money(0) })
      : amounts
          .map((amount) => t("paid.amount", { method: amount.label, amount: money(amount.cents) }))
          .join(t("paid.separator"));
  return t("paid.summary", { amounts: text });
}
