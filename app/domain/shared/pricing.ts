import { type Cents, centsTimes } from "./money.ts";

export const productModes = ["general", "limited", "instock"] as const;
export type ProductMode = (typeof productModes)[number];

/** 件 is the piece unit; any other unit (磅, 斤, kg) prices by weight (SPEC §5, DESIGN §4.2). */
export const PIECE_UNIT = "件";
export const weightUnits = ["磅", "斤", "kg"] as const;

export interface PricedProduct {
  mode: ProductMode;
  priceCents: Cents;
  gatherPriceCents: Cents;
  marketPriceCents: Cents;
  unit: string;
  /** Estimated weight of one piece in `unit`; 1 for 件. */
  defaultWeight: number;
}

export function isWeightPriced(product: Pick<PricedProduct, "unit">): boolean {
  return product.unit !== PIECE_UNIT;
}

/**
 * DESIGN §4.4: what a member pays per unit at checkout. General group buys charge the original
 * price and refund the difference when the target is met; limited and instock charge the group price.
 */
export function payableUnitPrice(
  product: Pick<PricedProduct, "mode" | "priceCents" | "gatherPriceCents">,
): Cents {
  return product.mode === "general" ? product.priceCents : product.gatherPriceCents;
}

/** DESIGN §4.5: round(qty × unit price × (件 ? 1 : defaultWeight)), rounded once per line. */
export function lineAmount(
  product: Pick<PricedProduct, "unit" | "defaultWeight">,
  quantity: number,
  unitPriceCents: Cents,
): Cents {
  const weight = isWeightPriced(product) ? product.defaultWeight : 1;
  return centsTimes(unitPriceCents, quantity * weight);
}

/** Whole-percent discount of the group price off the market price, for the card's badge. */
export function discountOffMarket(
  product: Pick<PricedProduct, "gatherPriceCents" | "marketPriceCents">,
): number {
  if (product.marketPriceCents <= 0 || product.gatherPriceCents >= product.marketPriceCents) return 0;
  return Math.round((1 - product.gatherPriceCents / product.marketPriceCents) * 100);
}

/**
 * DESIGN §4.4: the dDollar credited per unit (before weight) when a general group buy meets its
 * target: the member paid the original price and gets the difference back. Nothing for the other
 * modes, which already charge the group price.
 */
export function groupRefundPerUnit(
  product: Pick<PricedProduct, "mode" | "priceCents" | "gatherPriceCents">,
): Cents {
  return product.mode === "general" ? Math.max(0, product.priceCents - product.gatherPriceCents) : 0;
}
