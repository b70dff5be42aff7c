/**
 * Order rules that need no database (DESIGN §4.6, §4.12, §4.13): references people read aloud,
 * the discount code's conditions, the delivery fee, and what an order placement may refuse.
 */
import { hkDayKey } from "../shared/hk-time.ts";
import type { Cents } from "../shared/money.ts";

/** No 0/O, 1/I/L: a pickup code is read out at a counter and typed on a phone. */
export const PICKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PICKUP_CODE_LENGTH = 6;
/** Every status an order may have, in the order of its life (the database's `orders.status`). */
export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "confirmed",
  "ready_for_pickup",
  "collected",
  "expired",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** How an order may be paid (the database's `orders.payment_method`). */
export const PAYMENT_METHODS = ["dDollar", "payme", "fps", "card", "sandbox"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Orders that have given their lines, stock, code use and dDollar back. */
export const RELEASED_ORDER_STATUSES = ["expired", "cancelled"] as const;
/** Orders that have been paid for and not released: they count towards group targets (§4.3). */
export const PAID_ORDER_STATUSES = ["paid", "confirmed", "ready_for_pickup", "collected"] as const;
/** DESIGN §4.6: an unpaid order gives everything back after 30 minutes. */
export const PAYMENT_WINDOW_MS = 30 * 60_000;

/**
 * Ways to pay that are the member's word (「我已付款」) until an admin sees the money arrive: PayMe
 * and FPS (轉數快, issue 31). Both claims wait for the shop the same way (decision 0025).
 */
export const CLAIM_METHODS = ["payme", "fps"] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];

/** A PayMe claim waits this long for an admin by default (a shop setting, decision 0025). */
export const PAYME_CLAIM_HOURS_DEFAULT = 24;
/** The setting's bounds: at least an hour, at most a week (the database checks them too). */
export const PAYME_CLAIM_HOURS_MIN = 1;
export const PAYME_CLAIM_HOURS_MAX = 168;

/**
 * Decision 0025: when a PayMe claim (「我已付款」) made at `claimedAt` stops waiting for an admin's
 * confirmation and the order expires like any unpaid one: `claimHours` later, but never past the
 * end of the cycle's payment window (`cutoffAt` + 30 minutes), when settlement runs, so
 * settlement never waits for a claim. Never earlier than the order's own unpaid expiry.
 */
export function paymeClaimDeadline(
  claimedAt: Date,
  claimHours: number,
  cutoffAt: Date,
  orderExpiresAt: Date | null,
): Date {
  const byHours = claimedAt.getTime() + claimHours * 3_600_000;
  const bySettlement = cutoffAt.getTime() + PAYMENT_WINDOW_MS;
  const deadline = Math.min(byHours, bySettlement);
  return new Date(Math.max(deadline, orderExpiresAt?.getTime() ?? deadline));
}

/** `randomIndex(n)` returns an integer in [0, n); the service passes a CSPRNG. */
export function pickupCode(randomIndex: (n: number) => number): string {
  let code = "";
  for (let i = 0; i < PICKUP_CODE_LENGTH; i += 1) {
    code += PICKUP_CODE_ALPHABET[randomIndex(PICKUP_CODE_ALPHABET.length)];
  }
  return code;
}

/** `G` + Hong Kong date (yymmdd) + the order id, padded: G261122-000042. */
export function orderNumber(id: number, now: Date): string {
  const date = hkDayKey(now).slice(2).replaceAll("-", "");
  return `G${date}-${String(id).padStart(6, "0")}`;
}

export type OrderRefusal =
  | "cartEmpty"
  | "cycleClosed"
  | "pickupPointMissing"
  | "ageNotConfirmed"
  | "soldOut"
  | "overLimit"
  | "codeUnknown"
  | "codeInactive"
  | "codeUsedUp"
  | "codeMemberLimit"
  | "codeMinimum";

export interface DiscountCodeRules {
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  usedCount: number;
  perMemberLimit: number | null;
  minItemsCents: Cents;
}

/** DESIGN §4.12: why a code cannot be used now, or null when it can. */
export function discountCodeRefusal(
  code: DiscountCodeRules,
  context: { now: Date; itemsCents: Cents; memberUses: number },
): OrderRefusal | null {
  if (!code.active) return "codeInactive";
  if (code.startsAt && context.now < code.startsAt) return "codeInactive";
  if (code.endsAt && context.now >= code.endsAt) return "codeInactive";
  if (code.totalLimit !== null && code.usedCount >= code.totalLimit) return "codeUsedUp";
  if (code.perMemberLimit !== null && context.memberUses >= code.perMemberLimit) return "codeMemberLimit";
  if (context.itemsCents < code.minItemsCents) return "codeMinimum";
  return null;
}

/**
 * DESIGN §4.5 delivery fee: the point's charge, once per member per cycle, and nothing at a
 * designated merchant's point (`free`: the point's merchant delivers free, as /location shows).
 */
export function deliveryFee(
  point: { deliveryChargeCents: Cents; free: boolean },
  paidThisCycle: boolean,
): Cents {
  if (point.free || paidThisCycle) return 0;
  return point.deliveryChargeCents;
}

/** Issue 27: the member's orders filtered as a shopper thinks of them (`/order?status=`). */
export const MEMBER_ORDER_FILTERS = {
  to_pay: ["pending_payment"],
  paid: ["paid", "confirmed"],
  ready: ["ready_for_pickup"],
  collected: ["collected"],
  cancelled: ["cancelled", "expired"],
} as const satisfies Record<string, readonly string[]>;
export type MemberOrderFilter = keyof typeof MEMBER_ORDER_FILTERS;

export function memberOrderFilter(value: string | null): MemberOrderFilter | null {
  return value !== null && Object.hasOwn(MEMBER_ORDER_FILTERS, value) ? (value as MemberOrderFilter) : null;
}
