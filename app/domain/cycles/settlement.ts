/**
 * Settlement at the cut-off and weighing (DESIGN §4.8–4.9, decisions 0012, 0024 and 0037): the shapes
 * and the checks that are not money rules.
 *
 * The money rules themselves (final unit price and quantity, final amount, what is owed after the
 * order's discount, awaiting the weight, a credit's reason, the delivery share, the referral reward)
 * are spelled once, as SQL fragments in app/services/cycles/settlement-rules.server.ts: settlement,
 * weighing, the member's receipt and the content pages' examples all evaluate them (decision 0037).
 */
import type { Cents } from "../shared/money.ts";
import { isWeightPriced, type ProductMode } from "../shared/pricing.ts";

/** A weighed weight above this many times the estimate is taken for a typing mistake. */
export const WEIGHT_MAX_FACTOR = 10;

/**
 * A group buy's outcome: unknown until its cycle's cut-off, then met or missed for good (settlement
 * decides it, `groupOutcome` in app/services/cycles/settlement-rules.server.ts).
 */
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

/** The estimated total weight (or the piece count for 件) the line was charged for. */
export function estimatedQuantity(line: Pick<SettlementLine, "unit" | "quantity" | "defaultWeight">): number {
  return isWeightPriced(line) ? line.quantity * line.defaultWeight : line.quantity;
}

/**
 * A line as the receipt and the statement show it (DESIGN §4.8): what it finally costs, and why.
 * The member's orders select it with settlement's own rules (`lineStanding` in
 * app/services/cycles/settlement-rules.server.ts).
 */
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

/**
 * DESIGN §4.8: the base of a referral reward is the items amount of the referee's first paid order
 * ever, when it was placed after the referral was recorded (§4.5: the lines as charged, before a
 * discount code, without delivery or card fee, and whatever comes back at settlement).
 */
export function referralBase(order: { itemsCents: Cents }): Cents {
  return order.itemsCents;
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
