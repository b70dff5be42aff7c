/**
 * The store credit the shop owes its members (issue 46 item 2): every dDollar record moves the
 * shop's debt, issued (credits and refunds), spent (paying orders, and spending given back when an
 * unpaid order expired) or adjusted by an admin. Pure: the sums come from SQL.
 */
import type { LedgerReason } from "../dollars/index.ts";
import type { Cents } from "../shared/money.ts";
import { type CalendarKind, isPeriodKey, periodKeyOf } from "./periods.ts";

export const ISSUED_REASONS = [
  "group_refund",
  "limited_refund",
  "weight_refund",
  "delivery_refund",
  "referral_reward",
  "cancel_refund",
  "missing_refund",
  "late_payment_refund",
  "duplicate_payment_refund",
  "mismatch_payment_refund",
  "kept_payment_returned",
] as const satisfies readonly LedgerReason[];
const SPENT_REASONS = ["order_payment", "order_release"] as const satisfies readonly LedgerReason[];
const ADJUSTED_REASONS = ["admin_adjustment"] as const satisfies readonly LedgerReason[];

export interface CreditPeriod {
  key: string;
  label: string;
  /** What the shop owed when the period began. */
  openingCents: Cents;
  issued: { reason: (typeof ISSUED_REASONS)[number]; cents: Cents }[];
  issuedCents: Cents;
  /** Negative: dDollar spent on orders (net of spending given back by expired orders). */
  spentCents: Cents;
  adjustedCents: Cents;
  /** What the shop owed when it ended: opening + issued + spent + adjusted. */
  closingCents: Cents;
}

export function creditPeriod(input: {
  key: string;
  label: string;
  openingCents: Cents;
  byReason: ReadonlyArray<{ reason: string; cents: Cents }>;
}): CreditPeriod {
  const sum = (reasons: readonly string[]) =>
    input.byReason.filter((row) => reasons.includes(row.reason)).reduce((total, row) => total + row.cents, 0);
  const issued = ISSUED_REASONS.map((reason) => ({ reason, cents: sum([reason]) }));
  const issuedCents = sum(ISSUED_REASONS);
  const spentCents = sum(SPENT_REASONS);
  const adjustedCents = sum(ADJUSTED_REASONS);
  return {
    key: input.key,
    label: input.label,
    openingCents: input.openingCents,
    issued,
    issuedCents,
    spentCents,
    adjustedCents,
    closingCents: input.openingCents + issuedCents + spentCents + adjustedCents,
  };
}

/** `/admin/store-credit?period=week|month&key=&page=`: months by default, this one when the key is not one. */
export function parseCreditQuery(params: URLSearchParams, now: Date) {
  const kind: CalendarKind = params.get("period") === "week" ? "week" : "month";
  const asked = params.get("key") ?? "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? new Date(`${asked}T12:00:00+08:00`) : null;
  const key =
    kind === "month"
      ? isPeriodKey("month", asked)
        ? asked
        : periodKeyOf("month", now)
      : day && !Number.isNaN(day.getTime())
        ? periodKeyOf("week", day)
        : periodKeyOf("week", now);
  const page = Number(params.get("page"));
  return { kind, key, page: Number.isInteger(page) && page >= 0 && page < 100_000 ? page : 0 };
}
