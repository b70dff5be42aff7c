import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { orderEvents, orders, payments } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createCycle, createProduct } from "../../../tests/integration/catalogue-fixtures.ts";

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

/** A member with one pending order of $100.00 items + $20.00 delivery. */
async function pendingOrder() {
  const { db, services } = database;
  const open = await db.execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`);
  if (open.rows.length === 0) await createCycle(db);
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 2_000 });
  const member = await createMember(db);
  const product = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    stock: 5,
    gatherPriceCents: 10_000,
    priceCents: 10_000,
  });
  await services.cart.add(member.id, product.id);
  const placed = await services.orders.placeOrder(member.id, {
    pickupPointId: point.id,
    remark: "",
    ageConfirmed: false,
    idempotencyKey: randomUUID(),
  });
  if (placed.status === "refused") throw new Error(placed.reason);
  return { member, number: placed.number, orderId: placed.orderId };
}

async function sandboxRef(orderId: number) {
  const [row] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row!;
}

describe("payments (DESIGN §4.6)", () => {
  it("adds the 1.5% card fee, and pays the order once however often the result arrives", async () => {
    const { member, number, orderId } = await pendingOrder();
    const { payments: service } = database.services;
    expect(await service.summary(member.id, number)).toMatchObject({
      payableCents: 12_000,
      cardFeeCents: 180,
    });
    const started = await service.startCard(member.id, number, "http://shop.test");
    expect(started).toMatchObject({
      status: "started",
      redirectUrl: expect.stringMatching(/^\/payment\/sandbox\?ref=/),
    });
    const payment = await sandboxRef(orderId);
    expect(payment.amountCents).toBe(12_180);

    const results = await Promise.all([
      service.complete(payment.providerRef!, { succeeded: true, amountCents: 12_180 }),
      service.complete(payment.providerRef!, { succeeded: true, amountCents: 12_180 }),
    ]);
    expect(results.sort()).toEqual(["alreadyPaid", "paid"]);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: "paid",
      cardFeeCents: 180,
      paymentMethod: "sandbox",
      expiresAt: null,
    });
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id);
    expect(events.map((event) => event.toStatus)).toEqual(["pending_payment", "paid"]);
  });

  it("keeps money of another amount as dDollar without paying, and records a failure without paying", async () => {
    const { member, number, orderId } = await pendingOrder();
    const { payments: service } = database.services;
    await service.startCard(member.id, number, "http://shop.test");
    const payment = await sandboxRef(orderId);
    expect(await service.complete(payment.providerRef!, { succeeded: true, amountCents: 100 })).toBe(
      "mismatchCredited",
    );
    expect(await database.services.dollars.balanceOf({ id: member.id })).toBe(100);
    // The member starts again: a new session, whose failure is recorded and pays nothing.
    await service.startCard(member.id, number, "http://shop.test");
    const [retry] = await database.db
      .select()
      .from(payments)
      .where(sql`${payments.orderId} = ${orderId} and ${payments.status} = 'pending'`);
    expect(await service.complete(retry!.providerRef!, { succeeded: false, amountCents: 12_180 })).toBe(
      "failed",
    );
    expect(await service.complete("sandbox_unknown", { succeeded: true, amountCents: 1 })).toBe("unknown");
    const [order] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order!.status).toBe("pending_payment");
  });

  it("keeps an order whose member says it was paid by PayMe for the shop's check until its deadline, then expires it", async () => {
    const { member, number, orderId } = await pendingOrder();
    const claimedAt = new Date();
    expect(await database.services.payments.claimPayme(member.id, number, claimedAt)).toBe("claimed");
    expect(await database.services.payments.claimPayme(member.id, number)).toBe("claimed");
    // Decision 0025: 24 hours by default (the cycle's cut-off is further away).
    await database.services.orders.expireUnpaid(new Date(claimedAt.getTime() + 60 * 60_000));
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "pending_payment", paymentMethod: "payme" });
    expect(order!.expiresAt).toEqual(new Date(claimedAt.getTime() + 24 * 3_600_000));
    expect(await database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    await database.services.orders.expireUnpaid(order!.expiresAt!);
    const [expired] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(expired!.status).toBe("expired");
  });

  it("shows a member only their own orders", async () => {
    const { number } = await pendingOrder();
    const stranger = await createMember(database.db);
    expect(await database.services.payments.summary(stranger.id, number)).toBeNull();
    expect(await database.services.payments.startCard(stranger.id, number, "http://shop.test")).toEqual({
      status: "not_payable",
    });
    expect(await database.services.payments.claimPayme(stranger.id, number)).toBe("notPayable");
  });
});
