/**
 * Settlement at the cut-off and weighing (DESIGN §4.8–4.9, decisions 0012 and 0024), as pure rules.
 *
 * Every order line was charged an amount at checkout. Its final amount depends on the group's
 * outcome (known at the cut-off) and, for weight-priced lines, on the weighed weight (known when an
 * admin weighs it, before or after the cut-off). The member is owed the difference, never more than
 * was paid. A weight-priced line is owed nothing until its weight is known (unless its limited group
 * missed, when nothing is left to pay for it): a heavier piece then lowers its group refund instead of
 * the refund being paid on the estimate and given away. From then on each event only lowers the final
 * amount, so what is owed only grows: each event credits the increment not yet credited, no credit
 * ever has to be taken back, and settling then weighing gives the same total as weighing then settling.
 *
 * The writes are done in SQL (app/services/cycles/settlement-credits.server.ts), for a whole cycle at
 * settlement and for one line at weighing; these functions are the same rules for the pages and the
 * tests, and a randomised test keeps the two spellings equal to the cent.
 */
import { type Cents, centsTimes, roundHalfUp } from "../shared/money.ts";
import { isWeightPriced, type ProductMode } from "../shared/pricing.ts";

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

/** A limited line whose group missed its target: cancelled and refunded whole, whatever it weighs. */
function cancelledByGroup(line: Pick<SettlementLine, "mode">, outcome: GroupOutcome): boolean {
  return line.mode === "limited" && outcome === "missed";
}

/** DESIGN §4.8 finalUnitPrice: the group price when a general group met its target, else as charged. */
export function finalUnitPrice(
  line: Pick<SettlementLine, "mode" | "unitPriceCents" | "gatherPriceCents">,
  outcome: GroupOutcome,
): Cents {
  return line.mode === "general" && outcome === "met" ? line.gatherPriceCents : line.unitPriceCents;
}

/** DESIGN §4.8 finalQuantity: the pieces, or the weighed weight (the estimate until weighed). */
export function finalQuantity(
  line: Pick<SettlementLine, "unit" | "quantity" | "defaultWeight" | "actualWeight">,
): number {
  return isWeightPriced(line) ? (line.actualWeight ?? estimatedQuantity(line)) : line.quantity;
}

/**
 * DESIGN §4.8 final amount: final unit price × final quantity, rounded half up once, never above
 * the charged amount (members are never charged more after checkout, §4.9). A heavier piece is paid
 * by its weight up to what was charged: at the group price it can cost more than the estimate did.
 */
export function finalLineAmount(line: SettlementLine, outcome: GroupOutcome): Cents {
  if (cancelledByGroup(line, outcome)) return 0;
  return Math.min(line.amountCents, centsTimes(finalUnitPrice(line, outcome), finalQuantity(line)));
}

/**
 * A weight-priced line not weighed yet: its final amount is not known, so nothing is credited for
 * it (settlement leaves it to the weighing). A limited line whose group missed owes nothing either
 * way and is credited at once.
 */
export function awaitsWeighing(
  line: Pick<SettlementLine, "mode" | "unit" | "actualWeight">,
  outcome: GroupOutcome,
): boolean {
  return isWeightPriced(line) && line.actualWeight === null && !cancelledByGroup(line, outcome);
}

/**
 * What the member is owed for a line in all, after the order's discount: the part of the charged
 * amount they paid minus the part of the final amount they would have paid. Never negative; 0 while
 * the line awaits its weighing.
 */
export function lineAmountOwed(line: SettlementLine, outcome: GroupOutcome, order: SettlementOrder): Cents {
  if (awaitsWeighing(line, outcome)) return 0;
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

/** A line as the receipt and the statement show it (DESIGN §4.8): what it finally costs, and why. */
export interface LineStanding {
  /** The unit price it is paid at: per piece, or per weight unit. */
  unitPriceCents: Cents;
  /** What it costs before the order's discount: the weighed amount once weighed, 0 when cancelled. */
  amountCents: Cents;
  /** What checkout charged for it. */
  chargedCents: Cents;
  /** The weight it is paid for (weighed), or null for a piece line or one not weighed yet. */
  weighedQuantity: number | null;
  /** Weight-priced and not weighed yet: shown as charged, settled once weighed. */
  awaitsWeighing: boolean;
}

/** DESIGN §4.8 for one line as it stands now: charged as estimated until weighed, then by weight. */
export function lineStanding(line: SettlementLine, outcome: GroupOutcome): LineStanding {
  const waiting = awaitsWeighing(line, outcome);
  return {
    unitPriceCents: waiting ? line.unitPriceCents : finalUnitPrice(line, outcome),
    amountCents: waiting ? line.amountCents : finalLineAmount(line, outcome),
    chargedCents: line.amountCents,
    weighedQuantity: isWeightPriced(line) ? line.actualWeight : null,
    awaitsWeighing: waiting,
  };
}

/**
 * The ledger reason of a line's credit, by what made the line cheaper: the group's outcome when
 * there is one (a weighed piece of a group that met gets a group refund, whether it was weighed
 * before or after the cut-off), else its weight.
 */
export function lineCreditReason(
  line: Pick<SettlementLine, "mode">,
  outcome: GroupOutcome,
): "group_refund" | "limited_refund" | "weight_refund" {
  if (cancelledByGroup(line, outcome)) return "limited_refund";
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
 * DESIGN §4.8: the base of a referral reward is the items amount of the referee's first paid order
 * placed after the referral was recorded (§4.5: the lines as charged, before a discount code, without
 * delivery or card fee, and whatever comes back at settlement).
 */
export function referralBase(order: { itemsCents: Cents }): Cents {
  return order.itemsCents;
}

/**
 * What the referee and the referrer each get: the shop's referral percentage (site settings,
 * DESIGN §4.15; 5 by default) of the base, rounded half up once.
 */
export function referralReward(baseCents: Cents, percent: number): Cents {
  return roundHalfUp((baseCents * percent) / 100);
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
