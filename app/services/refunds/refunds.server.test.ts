import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { creditNotices, dollarLedger, members, orders, payments, refunds } from "~/db/schema/index.ts";
import { parseEnv } from "~/env.server.ts";
import type { CardProvider, CardRefundState } from "~/integrations/payment/payment-provider.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember, type MemberRow } from "../../../tests/integration/admin-fixtures.ts";
import { createCycle, createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";
import { createMissingLineService } from "../pickup/missing-line.server.ts";
import { createRefundService } from "./refunds.server.ts";

/**
 * Issue 46 item 4 (decision 0052): refunds to the original payment, against PostgreSQL. Each method,
 * the cap per payment, a double click, a provider's webhook twice and a refund during settlement;
 * the ledger is checked after each test.
 */
const database = setupTestDatabase();
let admin: MemberRow;
let pointId: number;
let categoryId: number;
let openCycleId: number;

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

beforeAll(async () => {
  const { db } = database;
  admin = await createMember(db, { type: "admin" });
  pointId = (
    await createPickupPoint(db, { districtId: (await createDistrict(db)).id, deliveryChargeCents: 0 })
  ).id;
  categoryId = (await createCategory(db)).id;
  openCycleId = (await createCycle(db)).id;
});

/** A paid order of one HK$100 line, paid by `provider` (the money recorded as arrived). */
async function paidBy(
  provider: "sandbox" | "card" | "payme" | "fps",
  options: { status?: "paid" | "confirmed" | "collected"; cycleId?: number; receivedCents?: number } = {},
) {
  const { db } = database;
  const member = await createMember(db);
  const product = await createProduct(db, {
    categoryId,
    mode: "instock",
    stock: 50,
    priceCents: 10_000,
    gatherPriceCents: 10_000,
  });
  const order = await paidOrder(db, {
    cycleId: options.cycleId ?? openCycleId,
    memberId: member.id,
    pickupPointId: pointId,
    status: options.status ?? "paid",
    lines: [{ product, quantity: 1 }],
  });
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider,
      providerRef: `${provider}_${order.id}`,
      amountCents: order.payableCents,
      status: "succeeded",
      receivedCents: options.receivedCents ?? order.payableCents,
    })
    .returning();
  const [line] = await db
    .execute<{ id: number }>(sql`select id from order_lines where order_id = ${order.id}`)
    .then((r) => r.rows);
  return { member, order, payment: payment!, lineId: Number(line!.id) };
}

const refundsOf = (orderId: number) =>
  database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

const ledgerOf = (orderId: number) =>
  database.db
    .select({ reason: dollarLedger.reason, cents: dollarLedger.amountCents })
    .from(dollarLedger)
    .where(eq(dollarLedger.orderId, orderId))
    .orderBy(dollarLedger.id);

async function balance(memberId: string) {
  const [row] = await database.db
    .select({ cents: members.dDollarCents })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.cents;
}

/** A card provider at its edge that answers `pending` and counts its calls, as Stripe does. */
function recordingCard(state: CardRefundState = "pending") {
  const calls: { paymentRef: string; amountCents: number; idempotencyKey: string }[] = [];
  const provider: CardProvider = {
    name: "stripe",
    start: async () => ({ redirectUrl: "", providerRef: "" }),
    expire: async () => "expired",
    async refund(refund) {
      calls.push(refund);
      return { providerRefundId: `re_${refund.idempotencyKey}`, state };
    },
  };
  return { provider, calls };
}

function servicesWith(card: CardProvider) {
  const deps = { db: database.db, log: pino({ level: "silent" }), env: parseEnv({}) };
  const refundService = createRefundService(deps, card);
  return { refunds: refundService, missing: createMissingLineService(deps, refundService) };
}

describe("cancel refunded to the original payment", () => {
  it("gives a card-paid order back to the card (the sandbox refunds at once), not as dDollar, and texts the member", async () => {
    const { order, member } = await paidBy("sandbox");
    const done = await database.services.ordersAdmin.cancel(admin.id, order.id, new Date(), "card");
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
    await database.services.ordersAdmin.cancel(admin.id, order.id);
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await ledgerOf(order.id)).toEqual([{ reason: "cancel_refund", cents: 10_000 }]);
    expect(await balance(member.id)).toBe(10_000);
  });

  it("refuses a method the order was not paid by, and changes nothing", async () => {
    const { order } = await paidBy("sandbox");
    const done = await database.services.ordersAdmin.cancel(admin.id, order.id, new Date(), "payme");
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
      database.services.ordersAdmin.cancel(admin.id, order.id, new Date(), "card"),
      database.services.ordersAdmin.cancel(admin.id, order.id, new Date(), "card"),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["alreadyCancelled", "cancelled"]);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});

describe("a missing line refunded to the original payment", () => {
  it("to FPS: waits in the queue until an admin records the transfer, once", async () => {
    const { order, lineId } = await paidBy("fps", { status: "collected" });
    const done = await database.services.missingLines.markLineMissing(admin.id, {
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
    expect(await database.services.refunds.recordTransfer(admin.id, refund!.id, "FPS-123")).toBe("recorded");
    expect(await database.services.refunds.recordTransfer(admin.id, refund!.id, "FPS-456")).toBe(
      "alreadyRecorded",
    );
    const [recorded] = await refundsOf(order.id);
    expect(recorded).toMatchObject({ state: "recorded", reference: "FPS-123", recordedBy: admin.id });
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  it("never gives back more than arrived by that payment", async () => {
    // Only HK$60 of the HK$100 line came by card (the rest was dDollar, say): the card refund is refused.
    const { order, lineId } = await paidBy("sandbox", { status: "collected", receivedCents: 6_000 });
    const done = await database.services.missingLines.markLineMissing(admin.id, {
      orderId: order.id,
      lineId,
      refundTo: "card",
      reason: "",
    });
    expect(done).toMatchObject({ status: "refundRefused", refusal: "overPaid" });
    expect(await refundsOf(order.id)).toEqual([]);
    // dDollar stays possible: the line is then refunded once, as at pickup.
    const dollar = await database.services.missingLines.markLineMissing(admin.id, {
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
      database.services.missingLines.markLineMissing(admin.id, input),
      database.services.missingLines.markLineMissing(admin.id, input),
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
        categoryId,
        mode: "general",
        priceCents: 12_000,
        gatherPriceCents: 9_800,
        targetBuyers: 1,
      });
      const order = await paidOrder(db, {
        cycleId: cycle.id,
        memberId: member.id,
        pickupPointId: pointId,
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
        database.services.missingLines.markLineMissing(admin.id, {
          orderId: order.id,
          lineId: Number(line!.id),
          refundTo: "card",
          reason: "",
        });
      // Before settlement the refund is refused; at the same moment, it waits for it or is refused.
      const [refunded, settled] =
        when === "before"
          ? [await refund(), await database.services.settlement.settleCycle(cycle.id)]
          : await Promise.all([refund(), database.services.settlement.settleCycle(cycle.id)]);
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

describe("a card refund's webhooks", () => {
  it("reconciles by the provider's id; a retried or late event changes nothing", async () => {
    const card = recordingCard("pending");
    const { refunds: service, missing } = servicesWith(card.provider);
    const { order, lineId } = await paidBy("card", { status: "collected" });
    await missing.markLineMissing(admin.id, { orderId: order.id, lineId, refundTo: "card", reason: "" });
    expect(card.calls).toEqual([
      {
        paymentRef: `card_${order.id}`,
        amountCents: 10_000,
        idempotencyKey: expect.stringMatching(/^refund-\d+$/),
      },
    ]);
    const [sent] = await refundsOf(order.id);
    expect(sent).toMatchObject({ state: "sent", providerRefundId: `re_refund-${sent!.id}` });
    // A second send (the retry job) asks for nothing: the refund is with the provider.
    expect(await service.sendCardRefunds()).toBe(0);
    expect(card.calls).toHaveLength(1);

    const event = {
      id: `evt_${sent!.id}`,
      type: "refund.updated",
      providerRefundId: sent!.providerRefundId!,
      reference: `refund-${sent!.id}`,
      state: "succeeded" as const,
    };
    expect(await service.reconcile(event)).toBe("reconciled");
    expect(await service.reconcile(event)).toBe("duplicate");
    // An older event arriving late (still pending, or a failure) does not undo a refund done.
    expect(await service.reconcile({ ...event, id: `${event.id}_late`, state: "pending" })).toBe(
      "reconciled",
    );
    expect(await service.reconcile({ ...event, id: `${event.id}_failed`, state: "failed" })).toBe(
      "reconciled",
    );
    const [after] = await refundsOf(order.id);
    expect(after!.state).toBe("succeeded");
    expect(
      await service.reconcile({ ...event, id: "evt_other", providerRefundId: "re_unknown", reference: null }),
    ).toBe("unknown");
  });

  it("a refund the provider did not take is asked again with the same key, and a failure frees its amount", async () => {
    let failing = true;
    const card = recordingCard("failed");
    const flaky: CardProvider = {
      ...card.provider,
      async refund(refund) {
        if (failing) throw new Error("provider down");
        return card.provider.refund(refund);
      },
    };
    const { refunds: service, missing } = servicesWith(flaky);
    const { order, lineId } = await paidBy("card", { status: "collected" });
    await missing.markLineMissing(admin.id, { orderId: order.id, lineId, refundTo: "card", reason: "" });
    const [requested] = await refundsOf(order.id);
    expect(requested).toMatchObject({ state: "requested", providerRefundId: null });
    failing = false;
    expect(await service.sendCardRefunds()).toBeGreaterThanOrEqual(1);
    const [failed] = await refundsOf(order.id);
    expect(failed).toMatchObject({ state: "failed", providerRefundId: `re_refund-${failed!.id}` });
    expect(card.calls.map((call) => call.idempotencyKey)).toEqual([`refund-${failed!.id}`]);
  });
});

describe("money kept from a payment, sent back the way it came", () => {
  it("takes the dDollar back and refunds the card once; spent dDollar is refused", async () => {
    const { db } = database;
    const { order, member } = await paidBy("sandbox");
    // A second card session paid on the paid order: kept as dDollar (decision 0048).
    await db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      providerRef: `sandbox_dup_${order.id}`,
      amountCents: order.payableCents,
      status: "pending",
    });
    expect(
      await database.services.payments.complete(`sandbox_dup_${order.id}`, {
        succeeded: true,
        amountCents: 10_000,
      }),
    ).toBe("duplicateCredited");
    expect(await balance(member.id)).toBe(10_000);
    const [kept] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, `sandbox_dup_${order.id}`));
    const results = await Promise.all([
      database.services.keptPayments.returnToPayment(admin.id, kept!.id),
      database.services.keptPayments.returnToPayment(admin.id, kept!.id),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["alreadyReviewed", "returned"]);
    expect(await balance(member.id)).toBe(0);
    const [refund, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      method: "card",
      amountCents: 10_000,
      reason: "kept_payment",
      paymentId: kept!.id,
      state: "succeeded",
    });
    expect(await ledgerOf(order.id)).toEqual([
      { reason: "duplicate_payment_refund", cents: 10_000 },
      { reason: "kept_payment_returned", cents: -10_000 },
    ]);
  });

  it("refuses when the member has spent it", async () => {
    const { db } = database;
    const { order, member } = await paidBy("sandbox");
    await db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      providerRef: `sandbox_dup2_${order.id}`,
      amountCents: order.payableCents,
      status: "pending",
    });
    await database.services.payments.complete(`sandbox_dup2_${order.id}`, {
      succeeded: true,
      amountCents: 10_000,
    });
    await database.services.dollars.adjust({
      member: { id: member.id },
      amountCents: -4_000,
      note: "spent",
      adminId: admin.id,
    });
    const [kept] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, `sandbox_dup2_${order.id}`));
    expect(await database.services.keptPayments.returnToPayment(admin.id, kept!.id)).toEqual({
      status: "spent",
      balanceCents: 6_000,
    });
    expect(await refundsOf(order.id)).toEqual([]);
  });
});
