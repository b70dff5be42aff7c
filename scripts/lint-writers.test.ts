import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of `npm run lint`, without types of its own.
import { findWrites } from "./lint-writers.mjs";

const find = findWrites as (relative: string, source: string) => string[];

describe("lint-writers: each area writes only its own tables (issue 45 items 1 and 2)", () => {
  it("names a ledger or balance write outside the dollars area, in drizzle and in SQL", () => {
    const writes = [
      "await tx.insert(dollarLedger).values({ memberId, amountCents: 5 });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a module, not a template
      "await tx.update(members).set({ dDollarCents: sql`${members.dDollarCents} + 5` });",
      "sql`insert into dollar_ledger (member_id) values (1)`",
      "sql`update members set d_dollar_cents = members.d_dollar_cents + 1`",
    ];
    for (const source of writes) {
      expect(find("app/services/orders/place-order.server.ts", source), source).toHaveLength(1);
      expect(find("app/services/dollars/ledger.server.ts", source), source).toEqual([]);
    }
  });

  it("names an order status change or an order event outside the orders area's state module", () => {
    const writes = [
      'await tx.update(orders).set({ status: "paid", updatedAt: now }).where(eq(orders.id, 1));',
      "await tx.insert(orderEvents).values({ orderId: 1 });",
      "sql`update orders set status = 'confirmed' where cycle_id = 1`",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a module, not a template
      "sql`update ${orders} set status = 'expired'`",
    ];
    for (const source of writes) {
      expect(find("app/services/payments/payment-completion.server.ts", source), source).toHaveLength(1);
      expect(find("app/services/orders/order-state.server.ts", source), source).toEqual([]);
    }
  });

  it("names a refund written outside the refunds area (decision 0052)", () => {
    const writes = [
      "await tx.insert(refunds).values({ orderId: 1 });",
      'await tx.update(refunds).set({ state: "succeeded" });',
      "sql`update refunds set state = 'failed'`",
    ];
    for (const source of writes) {
      expect(find("app/services/payments/kept-payments.server.ts", source), source).toHaveLength(1);
      expect(find("app/services/refunds/refunds.server.ts", source), source).toEqual([]);
    }
  });

  it("leaves other writes of the same tables alone", () => {
    const other = [
      "await tx.update(orders).set({ cardFeeCents: 5, paymentMethod: 'card' });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a module, not a template
      "sql`update ${orders} set pending_notice = null from due`",
      "await tx.update(members).set({ firstName: 'A' });",
      "await tx.select().from(dollarLedger);",
    ];
    for (const source of other) expect(find("app/services/payments/payments.server.ts", source)).toEqual([]);
  });
});
