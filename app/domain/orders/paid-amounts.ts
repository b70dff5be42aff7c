import type { PaymentMethod } from "./orders.ts";

export interface PaidOrder {
  paymentMethod: PaymentMethod | null;
  payableCents: number;
  cardFeeCents: number;
  dDollarUsedCents: number;
}

/** One amount an order was paid with, by the method it was paid with. */
export interface PaidPart {
  method: PaymentMethod;
  cents: number;
}

/**
 * The amounts an order was paid with (issue 47 item 2): what was charged to the card (with its fee)
 * or sent by PayMe or FPS, then the dDollar used. An amount of 0 is left out; an order paid wholly
 * by dDollar has only that one.
 */
export function paidParts(order: PaidOrder): PaidPart[] {
  const charged = order.payableCents + order.cardFeeCents;
  const parts: PaidPart[] = [];
  if (charged > 0 && order.paymentMethod !== null && order.paymentMethod !== "dDollar")
    parts.push({ method: order.paymentMethod, cents: charged });
  if (order.dDollarUsedCents > 0) parts.push({ method: "dDollar", cents: order.dDollarUsedCents });
  return parts;
}
