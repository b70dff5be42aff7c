import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { members, orders, payments, products } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createCycle, createProduct } from "../../../tests/integration/catalogue-fixtures.ts";

const database = setupTestDatabase();

// DESIGN §4.10: after every test, balance = Σ records and every record's order exists.
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

/** A member with $30.00 of dDollar who places a $100.00 + $20.00 order, paying $30.00 of it in dDollar. */
async function unpaidOrder() {
  const { db, services } = database;
  const open = await db.execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`);
  if (open.rows.length === 0) await createCycle(db);
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 2_000 });
  const member = await createMember(db);
  const admin = await createMember(db, { type: "admin" });
  const given = await services.dollars.adjust({
    member: { id: member.id },
    amountCents: 3_000,
    note: "開戶禮",
    adminId: admin.id,
  });
  if (given.status === "refused") throw new Error(given.reason);
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
  return { member, placed, product };
}

const balanceOf = async (id: string) =>
  (await database.db.select({ cents: members.dDollarCents }).from(members).where(eq(members.id, id)))[0]!
    .cents;
const stockOf = async (id: number) =>
  (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe("a member cancels their own unpaid order (issue 27)", () => {
  it("gives back the stock and the dDollar used, once, and the order reads cancelled", async () => {
    const { member, placed, product } = await unpaidOrder();
    expect(await stockOf(product.id)).toBe(4);
    expect(await balanceOf(member.id)).toBe(0);
    const results = await Promise.all([
      database.services.orders.admin.cancelByMember(member.id, placed.number),
      database.services.orders.admin.cancelByMember(member.id, placed.number),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["alreadyCancelled", "cancelled"]);
    expect(await stockOf(product.id)).toBe(5);
    expect(await balanceOf(member.id)).toBe(3_000);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.status).toBe("cancelled");
  });

  it("finds no order of another member, and refuses a paid order or one said to be paid by PayMe", async () => {
    const { member, placed } = await unpaidOrder();
    const stranger = await createMember(database.db);
    expect(await database.services.orders.admin.cancelByMember(stranger.id, placed.number)).toEqual({
      status: "not_found",
    });

    await database.services.payments.claimPayme(member.id, placed.number);
    expect(await database.services.orders.admin.cancelByMember(member.id, placed.number)).toMatchObject({
      status: "claimed",
    });

    const other = await unpaidOrder();
    await database.services.payments.startCard(other.member.id, other.placed.number, "http://shop.test");
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, other.placed.orderId));
    await database.services.payments.complete(payment!.providerRef!, {
      succeeded: true,
      amountCents: payment!.amountCents,
    });
    expect(
      await database.services.orders.admin.cancelByMember(other.member.id, other.placed.number),
    ).toMatchObject({ status: "status" });
  });

  it("against a card payment completing at the same moment: exactly one of them wins, nothing given twice", async () => {
    for (let round = 0; round < 6; round += 1) {
      const { member, placed, product } = await unpaidOrder();
      await database.services.payments.startCard(member.id, placed.number, "http://shop.test");
      const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
      const [cancelled, paid] = await Promise.all([
        database.services.orders.admin.cancelByMember(member.id, placed.number),
        database.services.payments.complete(payment!.providerRef!, {
          succeeded: true,
          amountCents: payment!.amountCents,
        }),
      ]);
      const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
      if (cancelled.status === "cancelled") {
        // Paid after the cancel: the money is kept as dDollar (late payment), the stock is back.
        expect(order!.status).toBe("cancelled");
        expect(paid).toBe("lateCredited");
        expect(await stockOf(product.id)).toBe(5);
        expect(await balanceOf(member.id)).toBe(3_000 + payment!.amountCents);
      } else {
        expect(paid).toBe("paid");
        expect(order!.status).toBe("paid");
        expect(await stockOf(product.id)).toBe(4);
        expect(await balanceOf(member.id)).toBe(0);
      }
    }
  });
});

describe("the member's orders by status", () => {
  it("lists only the orders of the chosen kind", async () => {
    const { member, placed } = await unpaidOrder();
    await database.services.orders.admin.cancelByMember(member.id, placed.number);
    const numbers = async (filter: Parameters<typeof database.services.orders.member.page>[3]) =>
      (await database.services.orders.member.page(member.id, false, 0, filter)).orders.map(
        (order) => order.number,
      );
    expect(await numbers("cancelled")).toEqual([placed.number]);
    expect(await numbers("to_pay")).toEqual([]);
    expect(await numbers(null)).toEqual([placed.number]);
  });
});
