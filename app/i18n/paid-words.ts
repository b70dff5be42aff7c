import { type PaidOrder, paidParts } from "~/domain/orders/paid-amounts.ts";
import type { paidCatalogue } from "./catalogue/paid.ts";
import type { I18n } from "./i18n.ts";

type PaidKey = keyof typeof paidCatalogue;
/** A translator of the paid words: a page's or a member's (`I18n.t`), or the back office's own. */
export type PaidSay = (key: PaidKey, params?: Record<string, string | number>) => string;

/** The named amounts an order was paid with (`paidParts`): 「信用卡」 $614.23, "Card" HK$614.23. */
export function paidAmountsIn({ t }: Pick<I18n, "t">, order: PaidOrder): { label: string; cents: number }[] {
  return paidParts(order).map((part) => ({ label: t(`paid.method.${part.method}`), cents: part.cents }));
}

/**
 * 「信用卡 $614.23 · dDollar $50.00」, "Card HK$614.23 · dDollar HK$50.00": the amounts an order
 * was paid with, in the words and money format given (a page's, a member's SMS and emails').
 */
export function paidText(say: PaidSay, money: (cents: number) => string, order: PaidOrder): string {
  const parts = paidParts(order);
  if (parts.length === 0) return say("paid.amount", { method: say("paid.method.dDollar"), amount: money(0) });
  return parts
    .map((part) =>
      say("paid.amount", { method: say(`paid.method.${part.method}`), amount: money(part.cents) }),
    )
    .join(say("paid.separator"));
}
