import { describe, expect, it } from "vitest";
import { canMoveOrder, ORDER_START_STATUSES, ORDER_TRANSITIONS } from "./order-states.ts";
import { ORDER_STATUSES, type OrderStatus } from "./orders.ts";

/** DESIGN §4.6 in words: the only ways an order's status may change. */
const allowed = new Set([
  "pending_payment→paid",
  "pending_payment→expired",
  "pending_payment→cancelled",
  "paid→confirmed",
  "paid→ready_for_pickup",
  "paid→cancelled",
  "confirmed→ready_for_pickup",
  "confirmed→collected",
  "ready_for_pickup→collected",
]);

describe("order transitions (issue 45 item 2)", () => {
  it("walks every pair of statuses: exactly the changes DESIGN §4.6 names are allowed", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canMoveOrder(from, to), `${from}→${to}`).toBe(allowed.has(`${from}→${to}`));
      }
    }
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("lets nothing leave a final status, and every status be reached from a start", () => {
    for (const final of ["collected", "expired", "cancelled"] as const) {
      expect(ORDER_TRANSITIONS[final]).toEqual([]);
    }
    const reached = new Set<OrderStatus>(ORDER_START_STATUSES);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...reached]) {
        for (const to of ORDER_TRANSITIONS[from]) {
          if (!reached.has(to)) {
            reached.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});
