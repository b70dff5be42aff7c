/**
 * Settlement at the cut-off and weighing (DESIGN §4.8–4.9, decision 0012), as pure rules.
 *
 * Every order line was charged an amount at checkout. Its final amount depends on the group's
 * outcome (known at the cut-off) and, for weight-priced lines, on the weighed weight (known when an
 * admin weighs it, before or after the cut-off). The member is owed the difference. Both events
 * only ever lower the final amount, so what is owed only grows: each event credits the increment
 * not yet credited, and settling then weighing gives the same total as weighing then settling.
 */
import { type Cents, centsTimes, roundHalfUp } from "./money.ts";
import { isWeightPriced, type ProductMode } from "./pricing.ts";

/** A weighed weight above this many times the estimate is taken for a typing mistake. */
export const WEIGHT_MAX_FACTOR = 10;

/** A group buy's outcome: unknown until its cycle's cut-off, then met or missed for good. */
export type GroupOutcome = "pending" | "met" | "missed";

export interface SettlementLine {
  mode: ProductMode;
  unit: string;
  quantity: number;
  /** Estimated weight of one piece in `unit` (1 for 件). */
  defaultWeight: number;
  /** The payable unit price charged at checkout (DESIGN §4.4). */
  unitPriceCents: Cents;
  gatherPriceCents: Cents;
  /** What the line was charged at checkout (DESIGN §4.5), before the order's discount. */
  amountCents: Cents;
  /** Weighed total weight in `unit`; null until weighed. */
  actualWeight: number | null;
}

/** The order's percentage of the items paid (100 = no discount code). */
export interface SettlementOrder {
  percentageDiscount: number;
}

/**
 * DESIGN §4.3: a group product's outcome once its cycle is settled: met when the distinct paying
 * members reach the target (no target set counts as met). Instock products have no group.
 */
export function groupOutcome(
  mode: ProductMode,
  buyers: number,
  targetBuyers: number | null,
  settled: boolean,
): GroupOutcome {
  if (mode === "instock" || !settled) return "pending";
  return buyers >= (targetBuyers ?? 0) ? "met" : "missed";
}

/** The estimated total weight (or the piece count for 件) the line was charged for. */
export function estimatedQuantity(line: Pick<SettlementLine, "unit" | "quantity" | "defaultWeight">): number {
  return isWeightPriced(line) ? line.quantity * line.defaultWeight : line.quantity;
}

/**
 * DESIGN §4.8 final amount. A weighed line is paid by its weight when lighter than estimated and by
 * the estimate when heavier: members are never charged more after checkout (§4.9, decision 0012).
 */
export function finalLineAmount(line: SettlementLine, outcome: GroupOutcome): Cents {
  if (line.mode === "limited" && outcome === "missed") return 0;
  const unitPrice =
    line.mode === "general" && outcome === "met" ? line.gatherPriceCents : line.unitPriceCents;
  const estimated = estimatedQuantity(line);
  const quantity =
    isWeightPriced(line) && line.actualWeight !== null ? Math.min(line.actualWeight, estimated) : estimated;
  return Math.min(line.amountCents, centsTimes(unitPrice, quantity));
}

/**
 * What the member is owed for a line in all, after the order's discount: the part of the charged
 * amount they paid minus the part of the final amount they would have paid. Never negative.
 */
export function lineAmountOwed(line: SettlementLine, outcome: GroupOutcome, order: SettlementOrder): Cents {
  const charged = roundHalfUp((line.amountCents * order.percentageDiscount) / 100);
  return Math.max(0, charged - finalAmountPaid(line, outcome, order));
}

/** What the member finally pays for a line after the order's discount (charged share minus owed). */
export function finalAmountPaid(line: SettlementLine, outcome: GroupOutcome, order: SettlementOrder): Cents {
  return roundHalfUp((finalLineAmount(line, outcome) * order.percentageDiscount) / 100);
}

/** The next credit for a line: what is owed now and was not credited before (0 when nothing new). */
export function nextLineCredit(
  line: SettlementLine,
  outcome: GroupOutcome,
  order: SettlementOrder,
  creditedCents: Cents,
): Cents {
  return Math.max(0, lineAmountOwed(line, outcome, order) - creditedCents);
}

/** The ledger reason of a line's credit, by what caused it. */
export function lineCreditReason(
  line: Pick<SettlementLine, "mode">,
  outcome: GroupOutcome,
  cause: "settlement" | "weighing",
): "group_refund" | "limited_refund" | "weight_refund" {
  if (cause === "weighing") return "weight_refund";
  if (line.mode === "limited" && outcome === "missed") return "limited_refund";
  // A line weighed before the cut-off whose group then succeeds: the new credit is the group's.
  return line.mode === "general" && outcome === "met" ? "group_refund" : "weight_refund";
}

/** DESIGN §4.8: each member's share of a pickup point's run fee, rounded up to the cent. */
export function deliveryShare(runFeeCents: Cents, members: number): Cents {
  if (members <= 0) return 0;
  return Math.ceil(runFeeCents / members);
}

/** What comes back to a member who paid more delivery than their share (never a charge). */
export function deliveryRefund(paidCents: Cents, shareCents: Cents): Cents {
  return Math.max(0, paidCents - shareCents);
}

/**
 * SPEC §9: the shop's referral percentage (site settings, DESIGN §4.15; 5 by default) of the first
 * purchase's items, rounded half up, for the referee and for the referrer.
 */
export function referralReward(itemsCents: Cents, percent: number): Cents {
  return roundHalfUp((itemsCents * percent) / 100);
}

/** Why a weighed weight is refused, or null when it can be recorded. */
export function weightRefusal(
  line: Pick<SettlementLine, "unit" | "quantity" | "defaultWeight">,
  weight: number,
): "notWeighed" | "notPositive" | "tooHeavy" | null {
  if (!isWeightPriced(line)) return "notWeighed";
  if (!Number.isFinite(weight) || weight <= 0) return "notPositive";
  if (weight > estimatedQuantity(line) * WEIGHT_MAX_FACTOR) return "tooHeavy";
  return null;
}
