import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { creditNotices, members, orderLines } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";
import { HELD_BATCH_MS, newCreditBatch, releaseCreditNotices } from "./credit-notices.server.ts";

/**
 * Issue 47 item 4: every credit is told. Credits from weighing, a line missing at pickup and an
 * admin's adjustment are texted the way settlement's are (decision 0016): queued in the credit's
 * transaction, sent by the job after the commit, at most once, one message per member per batch.
 */
const database = setupTestDatabase();

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const outbox = (phone: string) => database.services.messages.outbox.list(phone);

/** Drains whatever earlier tests left due, so a count below is this test's own. */
async function drain() {
  while ((await database.services.dollars.notices.sendDue()) > 0);
}

/**
 * A settled cycle of whole cuts (DESIGN §4.8's example: est. 2.5 磅 at $238, group $198 met), not
 * yet weighed: C has two orders, D one.
 */
async function settledWholeCuts() {
  const { db, services } = database;
  const cycle = await closedCycle(db);
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
  const cut = await createProduct(db, {
    categoryId: category.id,
    name: "和牛原條牛柳",
    nameEn: "Wagyu whole tenderloin",
    mode: "general",
    priceCents: 23_800,
    gatherPriceCents: 19_800,
    unit: "磅",
    defaultWeight: 2.5,
    targetBuyers: 1,
  });
  const c = await createMember(db);
  const d = await createMember(db);
  const order = (memberId: string) =>
    paidOrder(db, {
      cycleId: cycle.id,
      memberId,
      pickupPointId: point.id,
      lines: [{ product: cut, quantity: 1 }],
    });
  const [c1, c2, d1] = [await order(c.id), await order(c.id), await order(d.id)];
  expect(await services.cycles.settlement.settleCycle(cycle.id)).toMatchObject({ status: "settled" });
  const lineOf = async (orderId: number) =>
    (await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)))[0]!.id;
  return {
    c,
    d,
    c1,
    c2,
    d1,
    lines: { c1: await lineOf(c1.id), c2: await lineOf(c2.id), d1: await lineOf(d1.id) },
  };
}

describe("credit notices (issue 47 item 4)", () => {
  it("texts what weighing after settlement credited: nothing before the job, then one message per member for the form", async () => {
    await drain();
    const { c, d, c1, c2, lines } = await settledWholeCuts();
    const admin = await createMember(database.db, { type: "admin" });
    const results = await database.services.cycles.weeklyOrder.weigh(admin.id, [
      { lineId: lines.c1, weight: 2.6 },
      { lineId: lines.c2, weight: 2.6 },
      { lineId: lines.d1, weight: 2.4 },
    ]);
    // $595.00 charged; weighed 2.6 磅 at $198 = $514.80 → $80.20 back; 2.4 磅 = $475.20 → $119.80.
    expect(results.map((entry) => entry.result)).toEqual([
      { status: "weighed", creditedCents: 8_020 },
      { status: "weighed", creditedCents: 8_020 },
      { status: "weighed", creditedCents: 11_980 },
    ]);
    // Committed and queued, not yet sent: the job sends.
    expect(await outbox(c.phone)).toEqual([]);
    expect(await outbox(d.phone)).toEqual([]);

    expect(await database.services.dollars.notices.sendDue()).toBe(2);
    const [toC, ...moreC] = await outbox(c.phone);
    expect(moreC).toEqual([]);
    expect(toC!.body).toContain("$160.40");
    expect(toC!.body).toContain(c1.number);
    expect(toC!.body).toContain(c2.number);
    expect(toC!.body).toContain("按實際重量秤重");
    const [toD, ...moreD] = await outbox(d.phone);
    expect(moreD).toEqual([]);
    expect(toD!.body).toContain("$119.80");

    // At most once: nothing is due any more, and weighing the same weight again credits and texts nothing.
    expect(await database.services.dollars.notices.sendDue()).toBe(0);
    await database.services.cycles.weeklyOrder.weigh(admin.id, [{ lineId: lines.d1, weight: 2.4 }]);
    expect(await database.services.dollars.notices.sendDue()).toBe(0);
    expect(await outbox(d.phone)).toHaveLength(1);
  });

  it("holds a batch written over several transactions until it is released (or a while, if it never is)", async () => {
    await drain();
    const { c, lines } = await settledWholeCuts();
    const batch = newCreditBatch("weigh");
    const weigh = (lineId: number) =>
      database.services.cycles.settlement.weighLine(lineId, 2.6, { batch, held: true });
    expect(await weigh(lines.c1)).toEqual({ status: "weighed", creditedCents: 8_020 });
    expect(await database.services.dollars.notices.sendDue()).toBe(0);
    expect(await weigh(lines.c2)).toEqual({ status: "weighed", creditedCents: 8_020 });
    const queued = await database.db.select().from(creditNotices).where(eq(creditNotices.batch, batch));
    expect(queued).toEqual([expect.objectContaining({ memberId: c.id, cents: 16_040, sentAt: null })]);
    // Never released (the request died): still sent, once the hold is over.
    const later = new Date(Date.now() + HELD_BATCH_MS + 1_000);
    expect(await database.services.dollars.notices.sendDue(100, later)).toBe(1);
    expect((await outbox(c.phone))[0]!.body).toContain("$160.40");
    await releaseCreditNotices(database.db, batch);
    expect(await database.services.dollars.notices.sendDue()).toBe(0);
  });

  it("texts an admin's addition once (a double submit is one), and nothing for a deduction", async () => {
    await drain();
    const member = await createMember(database.db);
    const admin = await createMember(database.db, { type: "admin" });
    const add = () =>
      database.services.dollars.adjust({
        member: { phone: member.phone },
        amountCents: 2_000,
        note: "補償遲到",
        adminId: admin.id,
        key: `add-${member.id}`,
      });
    expect(await add()).toMatchObject({ status: "adjusted", balanceCents: 2_000 });
    expect(await add()).toMatchObject({ status: "adjusted", balanceCents: 2_000 });
    expect(
      await database.services.dollars.adjust({
        member: { id: member.id },
        amountCents: -500,
        note: "更正",
        adminId: admin.id,
      }),
    ).toMatchObject({ status: "adjusted", balanceCents: 1_500 });
    expect(await outbox(member.phone)).toEqual([]);
    expect(await database.services.dollars.notices.sendDue()).toBe(1);
    const [sms, ...more] = await outbox(member.phone);
    expect(more).toEqual([]);
    expect(sms!.body).toContain("客戶服務已把 $20.00 dDollar 存入你的帳戶");
    // The admin's note is the shop's own record, not the member's text.
    expect(sms!.body).not.toContain("補償遲到");
  });

  it("names a missing line in the member's language: its English name as sold, for one who reads English", async () => {
    await drain();
    const { d, d1, lines } = await settledWholeCuts();
    await database.db.update(members).set({ locale: "en" }).where(eq(members.id, d.id));
    const admin = await createMember(database.db, { type: "admin" });
    const missing = await database.services.pickup.missingLines.markLineMissing(admin.id, {
      orderId: d1.id,
      lineId: lines.d1,
      refundTo: "dollar",
      reason: "out of stock",
    });
    expect(missing.status).toBe("refunded");
    expect(await database.services.dollars.notices.sendDue()).toBe(1);
    const [sms] = await outbox(d.phone);
    expect(sms!.body).toContain("Wagyu whole tenderloin 1 pc (about 2.5 lb) (reason: out of stock)");
    expect(sms!.body).not.toContain("和牛原條牛柳");
  });

  it("sends each message once when four senders drain the queue at once", async () => {
    await drain();
    const admin = await createMember(database.db, { type: "admin" });
    const people = await Promise.all(Array.from({ length: 6 }, () => createMember(database.db)));
    for (const person of people) {
      await database.services.dollars.adjust({
        member: { id: person.id },
        amountCents: 1_000,
        note: "",
        adminId: admin.id,
      });
    }
    const claimed = await Promise.all(
      Array.from({ length: 4 }, () => database.services.dollars.notices.sendDue(1)),
    );
    let total = claimed.reduce((sum, n) => sum + n, 0);
    while (total < people.length) {
      const more = await database.services.dollars.notices.sendDue(1);
      expect(more).toBe(1);
      total += more;
    }
    expect(await database.services.dollars.notices.sendDue()).toBe(0);
    for (const person of people) expect(await outbox(person.phone)).toHaveLength(1);
  });
});
