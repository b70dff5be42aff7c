import { type Cents, roundHalfUp } from "../shared/money.ts";
import { lineAmount, type PricedProduct, payableUnitPrice } from "../shared/pricing.ts";

/** The remark and a code as people type them; the checkout form's limits (checkout.schema.ts). */
export const REMARK_MAX = 200;
export const CODE_MAX = 40;

/** SPEC §9: a code without its own percentage charges 100% (no discount). */
const DEFAULT_PERCENTAGE_DISCOUNT = 100;

export interface CheckoutLine {
  product: Pick<PricedProduct, "mode" | "priceCents" | "gatherPriceCents" | "unit" | "defaultWeight">;
  quantity: number;
  selected: boolean;
}

export interface CheckoutInput {
  lines: readonly CheckoutLine[];
  /** The discount code's percentage to pay (90 = pay 90%); undefined without a code. */
  percentageDiscount?: number;
  /** The pickup point's per-member charge, already 0 when paid this cycle or at a merchant's point. */
  deliveryFeeCents: Cents;
  /** The member's dDollar balance in cents; always applied first (SPEC §1). */
  balanceCents: Cents;
}

export interface CheckoutAmounts {
  lines: { unitPriceCents: Cents; amountCents: Cents }[];
  itemsCents: Cents;
  discountCents: Cents;
  deliveryFeeCents: Cents;
  dDollarUsedCents: Cents;
  payableCents: Cents;
}

/**
 * DESIGN §4.5, line by line: selected lines at the payable price (§4.4), the discount on items
 * only, the delivery fee, then dDollar up to what is owed. Each amount is rounded once.
 */
export function checkoutAmounts(input: CheckoutInput): CheckoutAmounts {
  const lines = input.lines.map((line) => {
    const unitPriceCents = payableUnitPrice(line.product);
    return {
      unitPriceCents,
      amountCents: line.selected ? lineAmount(line.product, line.quantity, unitPriceCents) : 0,
    };
  });
  const itemsCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const percentage = input.percentageDiscount ?? DEFAULT_PERCENTAGE_DISCOUNT;
  const discountCents = itemsCents - roundHalfUp((itemsCents * percentage) / 100);
  const owed = itemsCents - discountCents + input.deliveryFeeCents;
  const dDollarUsedCents = Math.max(0, Math.min(input.balanceCents, owed));
  return {
    lines,
    itemsCents,
    discountCents,
    deliveryFeeCents: input.deliveryFeeCents,
    dDollarUsedCents,
    payableCents: owed - dDollarUsedCents,
  };
}

/**
 * DESIGN §4.5: the card fee, added only when the payable amount is paid by card, at the shop's rate
 * in basis points (site settings, DESIGN §4.15; 150 = 1.5%), rounded half up once.
 */
export function cardFee(payableCents: Cents, basisPoints: number): Cents {
  return roundHalfUp((payableCents * basisPoints) / 10_000);
}
