import type { OrderStatus } from "./orders.ts";

/**
 * Every change an order's status may make (DESIGN §4.6, issue 45 item 2), as one table in the manner
 * of Vendure's order state machine. The orders area's `moveOrder` is the only writer of the status
 * and refuses anything not listed here.
 */
export const ORDER_TRANSITIONS = {
  // Paid (a provider, an admin's check of a transfer), unpaid past its time, or cancelled.
  pending_payment: ["paid", "expired", "cancelled"],
  // Confirmed at settlement, made ready at its pickup point, or cancelled before the cut-off.
  paid: ["confirmed", "ready_for_pickup", "cancelled"],
  confirmed: ["ready_for_pickup", "collected"],
  ready_for_pickup: ["collected"],
  collected: [],
  expired: [],
  cancelled: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** The statuses an order is placed in: waiting for payment, or paid at once (dDollar covers it). */
export const ORDER_START_STATUSES = ["pending_payment", "paid"] as const satisfies readonly OrderStatus[];

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[from] as readonly OrderStatus[]).includes(to);
}

/** A change the table does not allow: a fault of the code that asked, never a member's input. */
export class IllegalOrderTransition extends Error {
  readonly code = "ORDER.ILLEGAL_TRANSITION";
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`an order may not move from ${from} to ${to}`);
    this.name = "IllegalOrderTransition";
  }
}
