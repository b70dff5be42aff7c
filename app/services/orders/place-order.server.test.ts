import { randomUUID } from "node:crypto";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  cartItems,
  discountCodes,
  dollarLedger,
  members,
  orderCycles,
  orderEvents,
  orderLines,
  orders,
  products,
} from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createCycle, createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { closeDueCycle } from "../shared/cycle-rules.server.ts";

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function shop() {
  const { db } = database;
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 2_000 });
  const [open] = await db
    .execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`)
    .then((r) => r.rows);
  const cycle = open ?? (await createCycle(db));
  return { db, category, point, cycle };
}

function order(
  pointId: number,
  extra: Partial<Parameters<typeof database.services.orders.placeOrder>[1]> = {},
) {
  return { pickupPointId: pointId, remark: "", ageConfirmed: false, idempotencyKey: randomUUID(), ...extra };
}

async function stockOf(productId: number) {
  const [row] = await database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

/**
 * Waits until a checkout waits for a row lock in a statement matching `statement` (a LIKE
 * pattern); returns the tables that checkout has written to by then.
 */
async function checkoutWaiting(statement: string): Promise<string[]> {
  for (let tries = 0; tries < 250; tries += 1) {
    const { rows } = await database.pool.query<{ written: string[] }>(
      `select array(select relname::text from pg_locks join pg_class on pg_class.oid = relation
          where pid = activity.pid and mode = 'RowExclusiveLock' and relkind = 'r') as written
        from pg_stat_activity activity
        where pid <> pg_backend_pid() and datname = current_database()
          and wait_event_type = 'Lock' and query like $1`,
      [statement],
    );
    if (rows[0]) return rows[0].written;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no checkout waits for a row lock in ${statement}`);
}

async function balanceMatchesLedger(memberId: string) {
  const [row] = await database.db
    .select({
      cached: members.dDollarCents,
      sum: sql<number>`coalesce((select sum(amount_cents) from dollar_ledger where member_id = ${memberId}), 0)::int`,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.cached === row!.sum;
}

describe("placeOrder (DESIGN §4.6)", () => {
  it("turns the selected cart into a pending order with lines, amounts, an event and reserved stock", async () => {
    const { db, category, point } = await shop();
    const { cart, orders: service } = database.services;
    const member = await createMember(db);
    const instock = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      stock: 5,
      gatherPriceCents: 4_000,
      priceCents: 5_000,
    });
    // The lines go to PostgreSQL as one array per column: quotes, commas, braces and backslashes
    // in a name, and a fractional weight (1.25 斤 at HK$100 a 斤), must arrive as they are.
    const general = await createProduct(db, {
      categoryId: category.id,
      mode: "general",
      name: '和牛 "A5", {特選} \\ 切片',
      unit: "斤",
      defaultWeight: 1.25,
      priceCents: 10_000,
      gatherPriceCents: 8_000,
    });
    const skipped = await createProduct(db, { categoryId: category.id, mode: "general" });
    await cart.add(member.id, instock.id);
    await cart.change(member.id, instock.id, 1);
    await cart.add(member.id, general.id);
    await cart.add(member.id, skipped.id);
    await cart.setSelected(member.id, skipped.id, false);

    const result = await service.placeOrder(member.id, order(point.id, { remark: "請放門口" }));
    expect(result).toMatchObject({
      status: "placed",
      orderStatus: "pending_payment",
      payableCents: 8_000 + 12_500 + 2_000,
    });
    if (result.status === "refused") return;
    const [row] = await db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(row).toMatchObject({
      itemsCents: 20_500,
      deliveryFeeCents: 2_000,
      discountCents: 0,
      remark: "請放門口",
      number: expect.stringMatching(/^G\d{6}-\d{6}$/),
      pickupCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
    });
    expect(row!.expiresAt!.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId));
    expect(
      lines.map((line) => [line.productId, line.quantity, line.unitPriceCents, line.amountCents]),
    ).toEqual([
      [instock.id, 2, 4_000, 8_000],
      [general.id, 1, 10_000, 12_500],
    ]);
    expect(lines[1]).toMatchObject({
      name: '和牛 "A5", {特選} \\ 切片',
      mode: "general",
      unit: "斤",
      defaultWeight: 1.25,
      priceCents: 10_000,
      gatherPriceCents: 8_000,
      marketPriceCents: 12_000,
      status: "active",
    });
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, result.orderId))).toHaveLength(
      1,
    );
    const [stock] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, instock.id));
    expect(stock!.stock).toBe(3);
    const left = await db.select().from(cartItems).where(eq(cartItems.memberId, member.id));
    expect(left.map((item) => item.productId)).toEqual([skipped.id]);
  });

  it("is idempotent on the form key, also for concurrent submissions", async () => {
    const { db, category, point } = await shop();
    const member = await createMember(db);
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 10 });
    await database.services.cart.add(member.id, product.id);
    const input = order(point.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => database.services.orders.placeOrder(member.id, input)),
    );
    const ids = new Set(results.map((result) => (result.status === "placed" ? result.orderId : 0)));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.status === "placed" && !result.replayed)).toHaveLength(1);
    const [stock] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock!.stock).toBe(9);
  });

  it("never sells below zero stock when many members buy the last units at once", async () => {
    const { db, category, point } = await shop();
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createMember(db)));
    for (const buyer of buyers) await database.services.cart.add(buyer.id, product.id);
    const results = await Promise.all(
      buyers.map((buyer) => database.services.orders.placeOrder(buyer.id, order(point.id))),
    );
    expect(results.filter((result) => result.status === "placed")).toHaveLength(5);
    expect(
      results
        .filter((result) => result.status === "refused")
        .every((result) => result.status === "refused" && result.reason === "soldOut"),
    ).toBe(true);
    const [stock] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock!.stock).toBe(0);
  });

  it("sells exactly the stock when 500 members order the last 100 units at once", async () => {
    const { db, category, point } = await shop();
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 100 });
    const buyers = await db
      .insert(members)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          phone: String(70_000_000 + i),
          firstName: `買家${i}`,
          lastName: "陳",
          email: `buyer${i}@example.com`,
        })),
      )
      .returning({ id: members.id });
    await db
      .insert(cartItems)
      .values(buyers.map((buyer) => ({ memberId: buyer.id, productId: product.id, quantity: 1 })));
    const results = await Promise.all(
      buyers.map((buyer) => database.services.orders.placeOrder(buyer.id, order(point.id))),
    );
    expect(results.filter((result) => result.status === "placed")).toHaveLength(100);
    expect(
      results.filter((result) => result.status === "refused" && result.reason === "soldOut"),
    ).toHaveLength(400);
    const [stock] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock!.stock).toBe(0);
  });

  it("lets a single-use code be used once by 50 simultaneous checkouts", async () => {
    const { db, category, point } = await shop();
    await db.insert(discountCodes).values({ code: "ONCE", percentageDiscount: 80, totalLimit: 1 });
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createMember(db)));
    await db
      .insert(cartItems)
      .values(buyers.map((buyer) => ({ memberId: buyer.id, productId: product.id, quantity: 1 })));
    const results = await Promise.all(
      buyers.map((buyer) =>
        database.services.orders.placeOrder(buyer.id, order(point.id, { discountCode: "ONCE" })),
      ),
    );
    expect(results.filter((result) => result.status === "placed")).toHaveLength(1);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "ONCE"));
    expect(code!.usedCount).toBe(1);
    const [stock] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock!.stock).toBe(99);
  });

  it("applies a discount code to items only and never over-uses it under concurrency", async () => {
    const { db, category, point } = await shop();
    await db.insert(discountCodes).values({ code: "LIMIT3", percentageDiscount: 90, totalLimit: 3 });
    const product = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      stock: 100,
      gatherPriceCents: 3_333,
      priceCents: 4_000,
    });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createMember(db)));
    for (const buyer of buyers) await database.services.cart.add(buyer.id, product.id);
    const results = await Promise.all(
      buyers.map((buyer) =>
        database.services.orders.placeOrder(buyer.id, order(point.id, { discountCode: "limit3" })),
      ),
    );
    const placed = results.filter((result) => result.status === "placed");
    expect(placed).toHaveLength(3);
    // 33.33 × 90% = 29.997 → 30.00, plus the $20 delivery fee
    expect(
      placed.every((result) => result.status === "placed" && result.payableCents === 3_000 + 2_000),
    ).toBe(true);
    expect(
      results
        .filter((result) => result.status === "refused")
        .every((result) => result.status === "refused" && result.reason === "codeUsedUp"),
    ).toBe(true);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "LIMIT3"));
    expect(code!.usedCount).toBe(3);
  });

  it("refuses an unknown code, a missing age confirmation and a closed cycle, changing nothing", async () => {
    const { db, category, point, cycle } = await shop();
    const member = await createMember(db);
    const wine = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      stock: 3,
      ageRestricted: true,
    });
    await database.services.cart.add(member.id, wine.id);
    const { placeOrder } = database.services.orders;
    expect(
      await placeOrder(member.id, order(point.id, { discountCode: "NOPE", ageConfirmed: true })),
    ).toMatchObject({
      status: "refused",
      reason: "codeUnknown",
    });
    expect(await placeOrder(member.id, order(point.id))).toMatchObject({
      status: "refused",
      reason: "ageNotConfirmed",
    });
    expect(await placeOrder(member.id, order(999_999, { ageConfirmed: true }))).toMatchObject({
      status: "refused",
      reason: "pickupPointMissing",
    });
    // No cycle takes orders (an admin has not opened one): refused. After a cut-off the next
    // week's cycle opens by itself (settlement.server.test.ts).
    await db.update(orderCycles).set({ status: "settled" }).where(eq(orderCycles.id, cycle.id));
    expect(await placeOrder(member.id, order(point.id, { ageConfirmed: true }))).toMatchObject({
      status: "refused",
      reason: "cycleClosed",
    });
    await db.update(orderCycles).set({ status: "open" }).where(eq(orderCycles.id, cycle.id));
    const [stock] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, wine.id));
    expect(stock!.stock).toBe(3);
    expect(await db.select().from(orders).where(eq(orders.memberId, member.id))).toEqual([]);
  });

  it("uses dDollar first through the ledger, charges delivery once per cycle, and pays in full from the balance", async () => {
    const { db, category, point } = await shop();
    const member = await createMember(db);
    await db.insert(dollarLedger).values({
      memberId: member.id,
      amountCents: 50_000,
      reason: "admin_adjustment",
      idempotencyKey: `seed:${member.id}`,
    });
    await db.update(members).set({ dDollarCents: 50_000 }).where(eq(members.id, member.id));
    const product = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      stock: 10,
      gatherPriceCents: 10_000,
      priceCents: 12_000,
    });
    const { cart, orders: service } = database.services;

    await cart.add(member.id, product.id);
    const first = await service.placeOrder(member.id, order(point.id));
    expect(first).toMatchObject({ status: "placed", orderStatus: "paid", payableCents: 0 });
    await cart.add(member.id, product.id);
    const second = await service.placeOrder(member.id, order(point.id));
    expect(second).toMatchObject({ status: "placed", orderStatus: "paid" });
    const rows = await db.select().from(orders).where(eq(orders.memberId, member.id));
    expect(rows.map((row) => row.deliveryFeeCents).sort()).toEqual([0, 2_000]);
    const [after] = await db
      .select({ balance: members.dDollarCents })
      .from(members)
      .where(eq(members.id, member.id));
    expect(after!.balance).toBe(50_000 - 12_000 - 10_000);
    expect(await balanceMatchesLedger(member.id)).toBe(true);
  });

  it("expires unpaid orders after 30 minutes and gives stock, code use and dDollar back exactly once", async () => {
    const { db, category, point } = await shop();
    const member = await createMember(db);
    await db.insert(dollarLedger).values({
      memberId: member.id,
      amountCents: 1_000,
      reason: "admin_adjustment",
      idempotencyKey: `seed:${member.id}`,
    });
    await db.update(members).set({ dDollarCents: 1_000 }).where(eq(members.id, member.id));
    await db.insert(discountCodes).values({ code: "BACK", percentageDiscount: 50, totalLimit: 1 });
    const product = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      stock: 2,
      gatherPriceCents: 10_000,
      priceCents: 10_000,
    });
    await database.services.cart.add(member.id, product.id);
    const placedAt = new Date();
    const placed = await database.services.orders.placeOrder(
      member.id,
      order(point.id, { discountCode: "BACK" }),
      placedAt,
    );
    expect(placed).toMatchObject({ status: "placed", orderStatus: "pending_payment" });

    const { expireUnpaid } = database.services.orders;
    expect(await expireUnpaid(new Date(placedAt.getTime() + 29 * 60_000))).toBe(0);
    const later = new Date(placedAt.getTime() + 31 * 60_000);
    // Two instances at once (other tests' pending orders may expire too): this order goes once.
    await Promise.all([expireUnpaid(later), expireUnpaid(later)]);
    expect(await expireUnpaid(later)).toBe(0);
    if (placed.status === "refused") return;
    const [row] = await db
      .select({ status: orders.status, expiresAt: orders.expiresAt })
      .from(orders)
      .where(eq(orders.id, placed.orderId));
    // Only unpaid orders keep an expiry (decision 0018: the expiry index leaves status out).
    expect(row).toEqual({ status: "expired", expiresAt: null });
    const events = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.orderId))
      .orderBy(orderEvents.id);
    expect(events.map((event) => event.toStatus)).toEqual(["pending_payment", "expired"]);

    const [stock] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock!.stock).toBe(2);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "BACK"));
    expect(code!.usedCount).toBe(0);
    const [after] = await db
      .select({ balance: members.dDollarCents })
      .from(members)
      .where(eq(members.id, member.id));
    expect(after!.balance).toBe(1_000);
    expect(await balanceMatchesLedger(member.id)).toBe(true);
  });

  it("never deletes an order or its lines: the ledger points at them (decision 0018)", async () => {
    const { db, category, point } = await shop();
    const member = await createMember(db);
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 5 });
    await database.services.cart.add(member.id, product.id);
    const placed = await database.services.orders.placeOrder(member.id, order(point.id));
    if (placed.status === "refused") throw new Error(`order refused: ${placed.reason}`);

    const refusal = { cause: expect.objectContaining({ code: "23001" }) };
    await expect(db.delete(orderLines).where(eq(orderLines.orderId, placed.orderId))).rejects.toMatchObject(
      refusal,
    );
    await expect(db.delete(orders).where(eq(orders.id, placed.orderId))).rejects.toMatchObject(refusal);
    const [still] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId));
    expect(still!.n).toBe(1);
  });
});

describe("group progress (DESIGN §4.3)", () => {
  it("counts distinct members with a paid order for the product in the open cycle", async () => {
    const { db, category, point, cycle } = await shop();
    const { cart, orders: service, catalogue } = database.services;
    const product = await createProduct(db, { categoryId: category.id, mode: "general", targetBuyers: 3 });
    const [first, second, unpaid] = [await createMember(db), await createMember(db), await createMember(db)];
    const place = async (memberId: string) => {
      await cart.add(memberId, product.id);
      const placed = await service.placeOrder(memberId, order(point.id));
      if (placed.status === "refused") throw new Error(`order refused: ${placed.reason}`);
      return placed.orderId;
    };
    const pay = (orderId: number) =>
      db.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, orderId));

    await place(unpaid.id);
    expect((await catalogue.groupBuyers([product.id], cycle.id)).get(product.id) ?? 0).toBe(0);
    await pay(await place(first.id));
    await pay(await place(first.id));
    await pay(await place(second.id));
    expect((await catalogue.groupBuyers([product.id], cycle.id)).get(product.id)).toBe(2);
    const view = await catalogue.productById(product.id);
    expect(view?.buyers).toBe(2);
  });
});

describe("dDollar under concurrent orders (DESIGN §4.5–4.6)", () => {
  it("100 simultaneous HK$10 orders spend one HK$100 balance: exactly 10 use dDollar", async () => {
    const { db, category } = await shop();
    const { cart, orders: service, dollars } = database.services;
    // A point without a delivery charge, so every order is exactly its HK$10 item.
    const point = await createPickupPoint(db, {
      districtId: (await createDistrict(db)).id,
      deliveryChargeCents: 0,
    });
    const member = await createMember(db);
    const admin = await createMember(db, { type: "admin" });
    await dollars.adjust({ member: { id: member.id }, amountCents: 10_000, note: "", adminId: admin.id });
    const products = await Promise.all(
      Array.from({ length: 100 }, () =>
        createProduct(db, {
          categoryId: category.id,
          mode: "instock",
          stock: 5,
          gatherPriceCents: 1_000,
          priceCents: 1_000,
        }),
      ),
    );
    for (const product of products) await cart.add(member.id, product.id);

    const results = await Promise.all(
      products.map((product, i) =>
        service.placeOrder(member.id, {
          ...order(point.id),
          idempotencyKey: `spend-${i}`,
          productIds: [product.id],
        }),
      ),
    );
    expect(results.filter((result) => result.status === "refused")).toEqual([]);
    const placed = await db
      .select({ used: orders.dDollarUsedCents, payable: orders.payableCents, items: orders.itemsCents })
      .from(orders)
      .where(eq(orders.memberId, member.id));
    expect(placed).toHaveLength(100);
    expect(placed.filter((row) => row.used > 0).map((row) => row.used)).toEqual(Array(10).fill(1_000));
    expect(placed.filter((row) => row.used === 0)).toHaveLength(90);
    const [after] = await db
      .select({ balance: members.dDollarCents })
      .from(members)
      .where(eq(members.id, member.id));
    expect(after!.balance).toBe(0);
    expect(await balanceMatchesLedger(member.id)).toBe(true);
  });
});

describe("stock of several products in one order (DESIGN §4.7)", () => {
  it("takes them in id order: carts holding two products the other way round neither deadlock nor oversell", async () => {
    const { db, category, point } = await shop();
    const first = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 10 });
    const second = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 10 });
    const unlimited = await createProduct(db, { categoryId: category.id, mode: "general" });
    const buyers = await Promise.all(Array.from({ length: 24 }, () => createMember(db)));
    const earlier = new Date(Date.now() - 60_000);
    await db.insert(cartItems).values(
      buyers.flatMap((buyer, i) => {
        // Half the carts list the second product first (lines come in the order they were added).
        const [a, b] = i % 2 === 0 ? [first, second] : [second, first];
        return [
          { memberId: buyer.id, productId: a.id, quantity: 1, createdAt: earlier },
          { memberId: buyer.id, productId: b.id, quantity: 1 },
          { memberId: buyer.id, productId: unlimited.id, quantity: 1 },
        ];
      }),
    );
    const results = await Promise.allSettled(
      buyers.map((buyer) => database.services.orders.placeOrder(buyer.id, order(point.id))),
    );
    // A deadlock would reject a checkout with PostgreSQL's 40P01.
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const answers = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(answers.filter((answer) => answer.status === "placed")).toHaveLength(10);
    expect(
      answers.filter((answer) => answer.status === "refused" && answer.reason === "soldOut"),
    ).toHaveLength(14);
    expect([await stockOf(first.id), await stockOf(second.id), await stockOf(unlimited.id)]).toEqual([
      0,
      0,
      null,
    ]);
    const sold = await db
      .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .where(inArray(orderLines.productId, [first.id, second.id]))
      .groupBy(orderLines.productId);
    expect(sold.map((row) => row.quantity)).toEqual([10, 10]);
  });

  it("refuses the whole order when one product runs short by the time its row is locked, changing nothing", async () => {
    const { db, category, point } = await shop();
    const { cart, orders: service, dollars } = database.services;
    const member = await createMember(db);
    const admin = await createMember(db, { type: "admin" });
    await dollars.adjust({ member: { id: member.id }, amountCents: 1_000, note: "", adminId: admin.id });
    await db.insert(discountCodes).values({ code: "ALL90", percentageDiscount: 90 });
    const plenty = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 5 });
    const last = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 1 });
    const unlimited = await createProduct(db, { categoryId: category.id, mode: "general" });
    for (const product of [plenty, last, unlimited]) await cart.add(member.id, product.id);
    await cart.change(member.id, plenty.id, 1);

    // As read, the last unit is there: the checkout writes the order, then waits for the row
    // another buyer is taking the unit under, and finds it gone.
    const other = await database.pool.connect();
    let placed: ReturnType<typeof service.placeOrder>;
    try {
      await other.query("begin");
      await other.query("update products set stock = 0 where id = $1", [last.id]);
      placed = service.placeOrder(member.id, order(point.id, { discountCode: "ALL90" }));
      // Everything else is written before the checkout waits for the products' rows.
      expect(await checkoutWaiting("%for no key update%")).toEqual(
        expect.arrayContaining([
          "orders",
          "order_lines",
          "order_events",
          "cart_items",
          "dollar_ledger",
          "members",
        ]),
      );
      await other.query("commit");
    } finally {
      other.release();
    }
    // Named in both languages, for the page to show the one it reads.
    const refused = {
      status: "refused",
      reason: "soldOut",
      products: [{ name: last.name, nameEn: last.nameEn }],
    };
    expect(await placed).toEqual(refused);

    const stocks = [await stockOf(plenty.id), await stockOf(last.id), await stockOf(unlimited.id)];
    expect(stocks).toEqual([5, 0, null]);
    expect(await db.select().from(orders).where(eq(orders.memberId, member.id))).toEqual([]);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "ALL90"));
    expect(code!.usedCount).toBe(0);
    const [after] = await db
      .select({ balance: members.dDollarCents })
      .from(members)
      .where(eq(members.id, member.id));
    expect(after!.balance).toBe(1_000);
    const left = await db.select().from(cartItems).where(eq(cartItems.memberId, member.id));
    expect(left).toHaveLength(3);

    // Short as read: refused at once, naming only what is short.
    await db.update(products).set({ stock: 1 }).where(eq(products.id, last.id));
    await db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.productId, last.id));
    expect(await service.placeOrder(member.id, order(point.id))).toEqual(refused);
    expect([await stockOf(plenty.id), await stockOf(last.id)]).toEqual([5, 1]);
  });
});

describe("giving stock back (DESIGN §4.7)", () => {
  /** Places one unit of each product, the order's lines in the order given. */
  async function placeLines(memberId: string, pointId: number, productIds: number[], now = new Date()) {
    const added = now.getTime() - 60_000;
    await database.db.insert(cartItems).values(
      productIds.map((productId, i) => ({
        memberId,
        productId,
        quantity: 1,
        createdAt: new Date(added + i),
      })),
    );
    const placed = await database.services.orders.placeOrder(memberId, order(pointId), now);
    if (placed.status === "refused") throw new Error(`order refused: ${placed.reason}`);
    return placed;
  }

  /** Waits until `count` other sessions of this database wait for a lock. */
  async function lockWaiters(count: number): Promise<void> {
    for (let tries = 0; tries < 250; tries += 1) {
      const { rows } = await database.pool.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows[0]?.waiting ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`fewer than ${count} sessions wait for a lock`);
  }

  /**
   * Another connection holds a row (`lock`, with `$1` = id) while `first` and then `second` start
   * and queue behind it; then it lets go and both settle. A deadlock between the two would reject
   * one of them with PostgreSQL's 40P01.
   */
  async function queuedBehind<A, B>(
    lock: string,
    id: number,
    first: () => Promise<A>,
    second: () => Promise<B>,
  ): Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]> {
    const other = await database.pool.connect();
    try {
      await other.query("begin");
      await other.query(lock, [id]);
      const one = first();
      await lockWaiters(1);
      const two = second();
      await lockWaiters(2);
      await other.query("commit");
      return await Promise.allSettled([one, two]);
    } finally {
      other.release();
    }
  }

  /** What orders that still hold their lines (neither expired nor cancelled) hold of a product. */
  async function heldBy(productId: number): Promise<number> {
    const [row] = await database.db
      .select({ quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.productId, productId), notInArray(orders.status, ["expired", "cancelled"])));
    return row!.quantity;
  }

  it("sums a product over several lines and orders, and leaves unlimited stock null", async () => {
    const { db, category, point } = await shop();
    const { orders: service } = database.services;
    const admin = await createMember(db, { type: "admin" });
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 20 });
    const unlimited = await createProduct(db, { categoryId: category.id, mode: "general" });
    const long = new Date(Date.now() - 31 * 60_000);
    const placed = [
      await placeLines((await createMember(db)).id, point.id, [product.id, unlimited.id], long),
      await placeLines((await createMember(db)).id, point.id, [product.id, unlimited.id], long),
      await placeLines((await createMember(db)).id, point.id, [unlimited.id, product.id]),
    ];
    // The same product once more in each order, 3 units, taken from stock as a checkout would.
    for (const { orderId } of placed) {
      const [line] = await db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.productId, product.id)));
      const { id: _, ...copy } = line!;
      await db.insert(orderLines).values({ ...copy, quantity: 3 });
    }
    await db
      .update(products)
      .set({ stock: 20 - 3 * 4 })
      .where(eq(products.id, product.id));

    expect(await service.expireUnpaid(new Date())).toBe(2);
    expect([await stockOf(product.id), await stockOf(unlimited.id)]).toEqual([20 - 4, null]);
    expect(await service.admin.cancel(admin.id, placed[2]!.orderId)).toMatchObject({ status: "cancelled" });
    expect([await stockOf(product.id), await stockOf(unlimited.id)]).toEqual([20, null]);
  });

  it("an admin's cancel and an expiry batch holding two products the other way round do not deadlock", async () => {
    const { db, category, point } = await shop();
    const { orders: service } = database.services;
    const admin = await createMember(db, { type: "admin" });
    const first = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 10 });
    const second = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 10 });
    // Unpaid for 31 minutes, the second product on its first line.
    await placeLines(
      (await createMember(db)).id,
      point.id,
      [second.id, first.id],
      new Date(Date.now() - 31 * 60_000),
    );
    const cancelled = await placeLines((await createMember(db)).id, point.id, [first.id, second.id]);
    expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([8, 8]);

    // A checkout holds the first product's row: the cancel queues for it, then the expiry. Giving
    // back line by line, the expiry would hold the second meanwhile, which the cancel wants next.
    const results = await queuedBehind(
      "select id from products where id = $1 for no key update",
      first.id,
      () => service.admin.cancel(admin.id, cancelled.orderId),
      () => service.expireUnpaid(new Date(), 1),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect(results.map((result) => result.status === "fulfilled" && result.value)).toEqual([
      expect.objectContaining({ status: "cancelled" }),
      1,
    ]);
    expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([10, 10]);
  });

  it("an admin's cancel and the member's next checkout take member, code and products in one order", async () => {
    const { db, category, point } = await shop();
    const { cart, dollars, orders: service } = database.services;
    const admin = await createMember(db, { type: "admin" });
    const member = await createMember(db);
    await dollars.adjust({ member: { id: member.id }, amountCents: 100_000, note: "", adminId: admin.id });
    const [code] = await db
      .insert(discountCodes)
      .values({ code: "AGAIN", percentageDiscount: 90 })
      .returning();
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 10 });
    await cart.add(member.id, product.id);
    const paid = await service.placeOrder(member.id, order(point.id, { discountCode: "AGAIN" }));
    expect(paid).toMatchObject({ status: "placed", orderStatus: "paid" });
    if (paid.status === "refused") return;
    await cart.add(member.id, product.id);

    // Another checkout holds the code's row: the cancel waits for it, then the member checks out.
    // Giving stock back first, the cancel would hold the product the checkout waits for, and the
    // checkout the member the cancel credits next.
    const results = await queuedBehind(
      "select id from discount_codes where id = $1 for update",
      code!.id,
      () => service.admin.cancel(admin.id, paid.orderId),
      () => service.placeOrder(member.id, order(point.id)),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect(results.map((result) => result.status === "fulfilled" && result.value)).toEqual([
      expect.objectContaining({ status: "cancelled" }),
      expect.objectContaining({ status: "placed" }),
    ]);
    expect(await stockOf(product.id)).toBe(9);
    const [after] = await db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    expect(after!.usedCount).toBe(0);
    expect(await balanceMatchesLedger(member.id)).toBe(true);
  });

  it("an expiry and the member's next checkout with the same code take member, code and products in one order", async () => {
    const { db, category, point } = await shop();
    const { cart, dollars, orders: service } = database.services;
    const admin = await createMember(db, { type: "admin" });
    const member = await createMember(db);
    // $10 of dDollar against a $98 product: the order uses it all and still waits for payment.
    await dollars.adjust({ member: { id: member.id }, amountCents: 1_000, note: "", adminId: admin.id });
    const [code] = await db
      .insert(discountCodes)
      .values({ code: "LATEAGAIN", percentageDiscount: 90 })
      .returning();
    const product = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      stock: 10,
      priceCents: 9_800,
      gatherPriceCents: 9_800,
    });
    await cart.add(member.id, product.id);
    const unpaid = await service.placeOrder(
      member.id,
      order(point.id, { discountCode: "LATEAGAIN" }),
      new Date(Date.now() - 31 * 60_000),
    );
    expect(unpaid).toMatchObject({ status: "placed", orderStatus: "pending_payment" });
    await cart.add(member.id, product.id);

    // Another checkout holds the code's row: the expiry queues for it, then the member checks out
    // with the same code. Taking the code before the member it credits, the expiry would hold the
    // code the checkout waits for, and the checkout the member the expiry credits next.
    const results = await queuedBehind(
      "select id from discount_codes where id = $1 for update",
      code!.id,
      () => service.expireUnpaid(new Date()),
      () => service.placeOrder(member.id, order(point.id, { discountCode: "LATEAGAIN" })),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect(results.map((result) => result.status === "fulfilled" && result.value)).toEqual([
      expect.any(Number),
      expect.objectContaining({ status: "placed", orderStatus: "pending_payment" }),
    ]);
    if (unpaid.status === "refused") return;
    const [expired] = await db.select().from(orders).where(eq(orders.id, unpaid.orderId));
    expect(expired!.status).toBe("expired");
    expect(await stockOf(product.id)).toBe(9);
    const [after] = await db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    expect(after!.usedCount).toBe(1);
    expect(await balanceMatchesLedger(member.id)).toBe(true);
  });

  it("keeps stock = start − what live orders hold under concurrent expiries, cancels and checkouts", async () => {
    const { db, category, point } = await shop();
    const { dollars, orders: service } = database.services;
    const admin = await createMember(db, { type: "admin" });
    const first = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 1_000 });
    const second = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 1_000 });
    const unlimited = await createProduct(db, { categoryId: category.id, mode: "general" });
    // Half of every kind lists the second product first.
    const lineOrder = (i: number) =>
      i % 2 === 0 ? [first.id, second.id, unlimited.id] : [second.id, unlimited.id, first.id];
    const long = new Date(Date.now() - 31 * 60_000);
    for (let i = 0; i < 40; i += 1)
      await placeLines((await createMember(db)).id, point.id, lineOrder(i), long);
    // Paid from dDollar, so each cancel also credits the member.
    const paid: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      const member = await createMember(db);
      await dollars.adjust({ member: { id: member.id }, amountCents: 100_000, note: "", adminId: admin.id });
      paid.push((await placeLines(member.id, point.id, lineOrder(i))).orderId);
    }
    const buyers = await Promise.all(Array.from({ length: 16 }, () => createMember(db)));
    const earlier = new Date(Date.now() - 60_000);
    await db.insert(cartItems).values(
      buyers.flatMap((buyer, i) =>
        lineOrder(i).map((productId, n) => ({
          memberId: buyer.id,
          productId,
          quantity: 1 + n,
          createdAt: new Date(earlier.getTime() + n),
        })),
      ),
    );

    // Four instances expire one order a transaction, while admins cancel and members check out.
    const now = new Date();
    const [expiries, cancels, checkouts] = await Promise.all([
      Promise.allSettled(Array.from({ length: 4 }, () => service.expireUnpaid(now, 1))),
      Promise.allSettled(paid.map((orderId) => service.admin.cancel(admin.id, orderId, now))),
      Promise.allSettled(buyers.map((buyer) => service.placeOrder(buyer.id, order(point.id)))),
    ]);
    // A deadlock would reject one of them with PostgreSQL's 40P01.
    expect([...expiries, ...cancels, ...checkouts].filter((result) => result.status === "rejected")).toEqual(
      [],
    );
    const values = <T>(settled: PromiseSettledResult<T>[]) =>
      settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(values(expiries).reduce((sum, n) => sum + n, 0)).toBe(40);
    expect(values(cancels)).toEqual(Array(16).fill(expect.objectContaining({ status: "cancelled" })));
    expect(values(checkouts)).toEqual(Array(16).fill(expect.objectContaining({ status: "placed" })));
    expect(await heldBy(first.id)).toBeGreaterThan(0);
    expect([await stockOf(first.id), await stockOf(second.id), await stockOf(unlimited.id)]).toEqual([
      1_000 - (await heldBy(first.id)),
      1_000 - (await heldBy(second.id)),
      null,
    ]);
  });
});

describe("closing the cycle at its cut-off while an order is being placed (DESIGN §4.3)", () => {
  it("waits for an order that read the cycle as open, which stays in that cycle", async () => {
    const { db, category, point } = await shop();
    const [cycle] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
    const [code] = await db
      .insert(discountCodes)
      .values({ code: "CUTOFF", percentageDiscount: 90 })
      .returning();
    const member = await createMember(db);
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 5 });
    await database.services.cart.add(member.id, product.id);
    const cutoff = cycle!.cutoffAt.getTime();

    // Another checkout holds the code's row, so this one, sent a moment before the cut-off, stops
    // after reading the cycle and before writing its order (whose foreign key would hold it too).
    const other = await database.pool.connect();
    let closed = false;
    let placed: ReturnType<typeof database.services.orders.placeOrder>;
    let closing: Promise<number | null>;
    try {
      await other.query("begin");
      await other.query("select id from discount_codes where id = $1 for update", [code!.id]);
      placed = database.services.orders.placeOrder(
        member.id,
        order(point.id, { discountCode: "CUTOFF" }),
        new Date(cutoff - 1),
      );
      expect(await checkoutWaiting("%discount_codes%for update%")).toEqual([]);
      closing = closeDueCycle(db, new Date(cutoff + 1)).finally(() => {
        closed = true;
      });
      // The cut-off waits for the order's hold on the cycle's row.
      await checkoutWaiting("%order_cycles%for update%");
      expect(closed).toBe(false);
      await other.query("commit");
    } finally {
      other.release();
    }
    const result = await placed;
    expect(await closing).toBe(cycle!.id);
    if (result.status === "refused") throw new Error(`order refused: ${result.reason}`);
    const [row] = await db
      .select({ cycleId: orders.cycleId })
      .from(orders)
      .where(eq(orders.id, result.orderId));
    expect(row!.cycleId).toBe(cycle!.id);
    expect(await stockOf(product.id)).toBe(4);
  });
});
