import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditNotices, orders, payments } from "~/db/schema/index.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { refundFixtures } from "../../../tests/integration/refund-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";

/**
 * Issue 46 item 4 (decision 0052): refunds to the original payment, against PostgreSQL. Each method,
 * the cap per payment, a double click and a refund during settlement.
 */
const { database, paidBy, refundsOf, ledgerOf, balance, ...fixture } = refundFixtures();

describe("cancel refunded to the original payment", () => {
  it("gives a card-paid order back to the card (the sandbox refunds at once), not as dDollar, and texts the member", async () => {
    const { order, member } = await paidBy("sandbox");
    const done = await database.services.orders.admin.cancel(
      fixture.admin().id,
      order.id,
      new Date(),
      "card",
    );
    expect(done).toMatchObject({ status: "cancelled", refundTo: "card", refundCents: 10_000 });
    const [refund, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      method: "card",
      amountCents: 10_000,
      reason: "cancel",
      state: "succeeded",
    });
    expect(refund!.providerRefundId).toBe(`sandbox_refund_refund-${refund!.id}`);
    expect(await ledgerOf(order.id)).toEqual([]);
    expect(await balance(member.id)).toBe(0);
    const [notice] = await database.db
      .select()
      .from(creditNotices)
      .where(eq(creditNotices.memberId, member.id));
    expect(notice).toMatchObject({ kind: "refund", cents: 10_000, orderNumbers: [order.number] });
  });

  it("keeps today's dDollar refund by default", async () => {
    const { order, member } = await paidBy("sandbox");
    await database.services.orders.admin.cancel(fixture.admin().id, order.id);
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await ledgerOf(order.id)).toEqual([{ reason: "cancel_refund", cents: 10_000 }]);
    expect(await balance(member.id)).toBe(10_000);
  });

  it("refuses a method the order was not paid by, and changes nothing", async () => {
    const { order } = await paidBy("sandbox");
    const done = await database.services.orders.admin.cancel(
      fixture.admin().id,
      order.id,
      new Date(),
      "payme",
    );
    expect(done).toMatchObject({ status: "refundRefused", refusal: "notPaidThisWay" });
    const [after] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(after!.status).toBe("paid");
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  it("a double click (two cancels at once) writes one refund and asks the provider once", async () => {
    const { order } = await paidBy("sandbox");
    const results = await Promise.all([
      database.services.orders.admin.cancel(fixture.admin().id, order.id, new Date(), "card"),
      database.services.orders.admin.cancel(fixture.admin().id, order.id, new Date(), "card"),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["alreadyCancelled", "cancelled"]);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});

describe("a missing line refunded to the original payment", () => {
  it("to FPS: waits in the queue until an admin records the transfer, once", async () => {
    const { order, lineId } = await paidBy("fps", { status: "collected" });
    const done = await database.services.pickup.missingLines.markLineMissing(fixture.admin().id, {
      orderId: order.id,
      lineId,
      refundTo: "fps",
      reason: "爛了",
    });
    expect(done).toMatchObject({ status: "refunded", refundCents: 10_000, refundTo: "fps" });
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({
      method: "fps",
      state: "requested",
      orderLineId: lineId,
      reason: "missing_line",
    });
    const queue = await database.services.refunds.list({ page: 0, pageSize: 50 }, "requested");
    expect(queue.rows.map((row) => row.id)).toContain(refund!.id);
    expect(await database.services.refunds.recordTransfer(fixture.admin().id, refund!.id, "FPS-123")).toBe(
      "recorded",
    );
    expect(await database.services.refunds.recordTransfer(fixture.admin().id, refund!.id, "FPS-456")).toBe(
      "alreadyRecorded",
    );
    const [recorded] = await refundsOf(order.id);
    expect(recorded).toMatchObject({
      state: "recorded",
      reference: "FPS-123",
      recordedBy: fixture.admin().id,
    });
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  it("never gives back more than arrived by that payment", async () => {
    // Only HK$60 of the HK$100 line came by card (the rest was dDollar, say): the card refund is refused.
    const { order, lineId } = await paidBy("sandbox", { status: "collected", receivedCents: 6_000 });
    const done = await database.services.pickup.missingLines.markLineMissing(fixture.admin().id, {
      orderId: order.id,
      lineId,
      refundTo: "card",
      reason: "",
    });
    expect(done).toMatchObject({ status: "refundRefused", refusal: "overPaid" });
    expect(await refundsOf(order.id)).toEqual([]);
    // dDollar stays possible: the line is then refunded once, as at pickup.
    const dollar = await database.services.pickup.missingLines.markLineMissing(fixture.admin().id, {
      orderId: order.id,
      lineId,
      refundTo: "dollar",
      reason: "",
    });
    expect(dollar).toMatchObject({ status: "refunded", refundTo: "dollar", refundCents: 10_000 });
    expect(await ledgerOf(order.id)).toEqual([{ reason: "missing_refund", cents: 10_000 }]);
  });

  it("a double click refunds the line once", async () => {
    const { order, lineId } = await paidBy("sandbox", { status: "collected" });
    const input = { orderId: order.id, lineId, refundTo: "card" as const, reason: "" };
    const results = await Promise.all([
      database.services.pickup.missingLines.markLineMissing(fixture.admin().id, input),
      database.services.pickup.missingLines.markLineMissing(fixture.admin().id, input),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["alreadyMissing", "refunded"]);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it("during settlement: waits for it and gives back only what settlement did not", async () => {
    const { db } = database;
    for (const when of ["before", "together"] as const) {
      const cycle = await closedCycle(db);
      const member = await createMember(db);
      // General, target met by this one order: settlement credits HK$22 of the HK$120 paid.
      const product = await createProduct(db, {
        categoryId: fixture.categoryId(),
        mode: "general",
        priceCents: 12_000,
        gatherPriceCents: 9_800,
        targetBuyers: 1,
      });
      const order = await paidOrder(db, {
        cycleId: cycle.id,
        memberId: member.id,
        pickupPointId: fixture.pointId(),
        lines: [{ product, quantity: 1 }],
      });
      await db.insert(payments).values({
        orderId: order.id,
        provider: "sandbox",
        providerRef: `sandbox_settle_${order.id}`,
        amountCents: order.payableCents,
        status: "succeeded",
        receivedCents: order.payableCents,
      });
      const [line] = (
        await db.execute<{ id: string }>(sql`select id from order_lines where order_id = ${order.id}`)
      ).rows;
      const refund = () =>
        database.services.pickup.missingLines.markLineMissing(fixture.admin().id, {
          orderId: order.id,
          lineId: Number(line!.id),
          refundTo: "card",
          reason: "",
        });
      // Before settlement the refund is refused; at the same moment, it waits for it or is refused.
      const [refunded, settled] =
        when === "before"
          ? [await refund(), await database.services.cycles.settlement.settleCycle(cycle.id)]
          : await Promise.all([refund(), database.services.cycles.settlement.settleCycle(cycle.id)]);
      if (when === "before") expect(refunded.status).toBe("notSettled");
      expect(settled.status).toBe("settled");
      const credited = (await ledgerOf(order.id)).reduce((sum, row) => sum + row.cents, 0);
      const back = (await refundsOf(order.id)).reduce((sum, row) => sum + row.amountCents, 0);
      // Whichever went first, the member never gets more than the HK$120 paid for the line.
      expect(credited).toBe(2_200);
      if (refunded.status === "refunded") expect(back).toBe(9_800);
      else expect(refunded.status).toBe("notSettled");
      expect(credited + back).toBeLessThanOrEqual(12_000);
      // Once settled, the line can be refunded: exactly the rest.
      if (refunded.status !== "refunded") {
        expect(await refund()).toMatchObject({ status: "refunded", refundCents: 9_800 });
      }
      expect((await refundsOf(order.id)).reduce((sum, row) => sum + row.amountCents, 0)).toBe(9_800);
    }
  });
});
