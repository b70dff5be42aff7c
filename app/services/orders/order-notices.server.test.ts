import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderCycles, orders, payments } from "~/db/schema/index.ts";
import { formatHkDate, formatHkDateTime } from "~/domain/shared/hk-time.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createCycle, createProduct } from "../../../tests/integration/catalogue-fixtures.ts";

const database = setupTestDatabase();

/** A member (with or without email) who places an order of $100.00 items + $20.00 delivery. */
async function placeOrder(options: { email?: string } = {}) {
  const { db, services } = database;
  const open = await db.execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`);
  const cycleId = open.rows[0]?.id ?? (await createCycle(db)).id;
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, {
    districtId: district.id,
    deliveryChargeCents: 2_000,
    name: "觀塘自取點",
    address: "觀塘開源道 2 號",
  });
  const member = await createMember(db, { email: options.email ?? "" });
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
  const [cycle] = await db.select().from(orderCycles).where(eq(orderCycles.id, cycleId));
  return { member, placed, point, cycle: cycle! };
}

const outbox = (to: string) => database.services.messages.outbox.list(to);

describe("order notices (issue 27)", () => {
  it("texts and emails the order's number, amount, how to pay and by when; then, once paid, where and when to collect", async () => {
    const { member, placed, cycle } = await placeOrder({ email: "chan@example.hk" });
    expect(await outbox(member.phone)).toEqual([]);

    await database.services.orders.notices.sendDue();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const deadline = formatHkDateTime(order!.expiresAt!);
    const [sms, ...noMore] = await outbox(member.phone);
    expect(noMore).toEqual([]);
    expect(sms!.body).toContain(placed.number);
    expect(sms!.body).toContain("$120.00");
    expect(sms!.body).toContain("PayMe 或信用卡");
    expect(sms!.body).toContain(deadline);
    const [mail] = await outbox("chan@example.hk");
    expect(mail).toMatchObject({ channel: "email" });
    expect(mail!.subject).toContain(placed.number);
    expect(mail!.body).toContain("$120.00");

    // Sent once: a second pass finds nothing due.
    expect(await database.services.orders.notices.sendDue()).toBe(0);
    expect(await outbox(member.phone)).toHaveLength(1);

    const started = await database.services.payments.startCard(member.id, placed.number, "http://shop.test");
    expect(started.status).toBe("started");
    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(
      await database.services.payments.complete(payment!.providerRef!, {
        succeeded: true,
        amountCents: payment!.amountCents,
      }),
    ).toBe("paid");
    await database.services.orders.notices.sendDue();
    const [paid] = await outbox(member.phone);
    // Paid by card: $120.00 and the 1.5 % fee.
    // Issue 47 item 2: named by how it was paid, as the order pages name it.
    expect(paid!.body).toContain(`訂單 ${placed.number} 已付款（信用卡（示範） $121.80）`);
    expect(paid!.body).toContain("觀塘自取點");
    expect(paid!.body).toContain(order!.pickupCode);
    expect(paid!.body).toContain(formatHkDate(new Date(`${cycle.pickupFrom}T00:00:00+08:00`)));
    const mails = await outbox("chan@example.hk");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).toContain("已付款項：信用卡（示範） $121.80");
  });

  it("names exactly the ways the shop takes payment: FPS too once the shop has set it up (issue 47 item 5)", async () => {
    await database.db.execute(
      sql`update site_settings set fps_identifier = '1234567', fps_account_name = '齊齊買有限公司' where id = 1`,
    );
    const { member } = await placeOrder({ email: "fps@example.hk" });
    await database.services.orders.notices.sendDue();
    const [sms] = await outbox(member.phone);
    expect(sms!.body).toContain("以 PayMe、轉數快 FPS 或信用卡付款");
    const [mail] = await outbox("fps@example.hk");
    expect(mail!.body).toContain("付款方法：PayMe、轉數快 FPS 或信用卡");

    await database.db.execute(
      sql`update site_settings set fps_identifier = null, fps_account_name = null where id = 1`,
    );
    const without = await placeOrder({ email: "nofps@example.hk" });
    await database.services.orders.notices.sendDue();
    const [plain] = await outbox(without.member.phone);
    expect(plain!.body).toContain("以 PayMe 或信用卡付款");
    expect(plain!.body).not.toContain("轉數快");
    expect((await outbox("nofps@example.hk"))[0]!.body).toContain("付款方法：PayMe 或信用卡");
  });

  it("sends nothing by email to a member without one, and nothing stale: an order that expired first gets no 'placed' notice", async () => {
    const { member, placed } = await placeOrder();
    await database.db.update(orders).set({ status: "expired" }).where(eq(orders.id, placed.orderId));
    expect(await database.services.orders.notices.sendDue()).toBe(1);
    expect(await outbox(member.phone)).toEqual([]);

    const other = await placeOrder();
    await database.services.orders.notices.sendDue();
    expect((await outbox(other.member.phone)).map((message) => message.channel)).toEqual(["sms"]);

    // Said to be paid by PayMe before the notice went out: no "please pay by" is sent.
    const claimed = await placeOrder();
    await database.services.payments.claimPayme(claimed.member.id, claimed.placed.number);
    await database.services.orders.notices.sendDue();
    expect(await outbox(claimed.member.phone)).toEqual([]);
  });

  it("sends each notice once when two instances run the job at the same moment", async () => {
    const placedOrders = await Promise.all(Array.from({ length: 6 }, () => placeOrder()));
    const claimed = await Promise.all([
      database.services.orders.notices.sendDue(),
      database.services.orders.notices.sendDue(),
      database.services.orders.notices.sendDue(),
    ]);
    expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(6);
    for (const { member } of placedOrders) expect(await outbox(member.phone)).toHaveLength(1);
  });
});
