/**
 * What the back office reports about a cycle (issue 6 items 2 and 6): each group's standing and the
 * settlement report's totals, which must add up (DESIGN §4.8).
 */
import type { Cents } from "../shared/money.ts";
import type { ProductMode } from "../shared/pricing.ts";

/**
 * A product's group in a cycle as the back office shows it: decided for good once the cycle is
 * settled (`met` / `missed`, from the group results), provisional before (`reached` / `short`).
 */
export type GroupStatus = "instock" | "met" | "missed" | "reached" | "short";

export function groupStatus(input: {
  mode: ProductMode;
  buyers: number;
  targetBuyers: number | null;
  /** The outcome recorded at settlement; null while the cycle is not settled. */
  outcome: "met" | "missed" | null;
}): GroupStatus {
  if (input.mode === "instock") return "instock";
  if (input.outcome) return input.outcome;
  return input.buyers >= (input.targetBuyers ?? 0) ? "reached" : "short";
}

/**
 * A product's line in a cycle's reports (settlement report, weekly order), from its order lines
 * and its group result: once settled, the buyers and target the outcome was decided on; before,
 * the live count and the product's target. An in-stock product has no target.
 */
export function productStanding(row: {
  productId: number;
  name: string;
  mode: ProductMode;
  unit: string;
  quantity: number;
  liveBuyers: number;
  targetBuyers: number | null;
  decidedBuyers: number | null;
  decidedTarget: number | null;
  outcome: "met" | "missed" | null;
}) {
  const buyers = row.decidedBuyers ?? row.liveBuyers;
  const targetBuyers = row.mode === "instock" ? null : row.outcome ? row.decidedTarget : row.targetBuyers;
  return {
    productId: row.productId,
    name: row.name,
    mode: row.mode,
    unit: row.unit,
    quantity: row.quantity,
    buyers,
    targetBuyers,
    status: groupStatus({ mode: row.mode, buyers, targetBuyers, outcome: row.outcome }),
  };
}

/** The credits a settlement (and weighing) gives, in the order the report lists them. */
export const SETTLEMENT_CREDIT_REASONS = [
  "group_refund",
  "limited_refund",
  "weight_refund",
  "delivery_refund",
  "referral_reward",
] as const;
type SettlementCreditReason = (typeof SETTLEMENT_CREDIT_REASONS)[number];

export interface ReasonTotal {
  reason: SettlementCreditReason;
  records: number;
  cents: Cents;
}

/** Sums over a cycle's paid orders, as charged at checkout (DESIGN §4.5). */
export interface ChargedSums {
  itemsCents: Cents;
  discountCents: Cents;
  deliveryCents: Cents;
  cardFeeCents: Cents;
}

export interface ReportTotals extends ChargedSums {
  /** What members paid: items − discount + delivery + card fees (dDollar used is part of it). */
  paidCents: Cents;
  /** Every reason, zero where nothing was credited, in SETTLEMENT_CREDIT_REASONS order. */
  credits: ReasonTotal[];
  /** Σ of the reasons. */
  creditedCents: Cents;
  creditedRecords: number;
  /** What the shop keeps: paid − credited. */
  netCents: Cents;
}

export function reportTotals(
  sums: ChargedSums,
  credits: ReadonlyArray<{ reason: string; records: number; cents: Cents }>,
): ReportTotals {
  const byReason = SETTLEMENT_CREDIT_REASONS.map((reason) => {
    const found = credits.filter((credit) => credit.reason === reason);
    return {
      reason,
      records: found.reduce((sum, credit) => sum + credit.records, 0),
      cents: found.reduce((sum, credit) => sum + credit.cents, 0),
    };
  });
  const paidCents = sums.itemsCents - sums.discountCents + sums.deliveryCents + sums.cardFeeCents;
  const creditedCents = byReason.reduce((sum, credit) => sum + credit.cents, 0);
  return {
    ...sums,
    paidCents,
    credits: byReason,
    creditedCents,
    creditedRecords: byReason.reduce((sum, credit) => sum + credit.records, 0),
    netCents: paidCents - creditedCents,
  };
}
