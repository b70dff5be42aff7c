import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  dollarLedger,
  groupResults,
  members,
  orderCycles,
  orderEvents,
  orderLines,
  orders,
} from "~/db/schema/index.ts";
import { DEFAULT_WEEKLY_CUTOFF, nextCycleDates } from "~/domain/cycles/cycle-calendar.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function balance(memberId: string) {
  const [row] = await database.db
    .select({ cents: members.dDollarCents })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.cents;
}

async function creditsOf(cycleId: number) {
  return database.db
    .select({ memberId: dollarLedger.memberId, reason: dollarLedger.reason, cents: dollarLedger.amountCents })
    .from(dollarLedger)
    .innerJoin(orders, eq(orders.id, dollarLedger.orderId))
    .where(eq(orders.cycleId, cycleId));
}

/** A closed cycle with every kind of line, delivery share and a referee's first purchase. */
async function busyCycle() {
  const { db } = database;
  const cycle = await closedCycle(db);
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const shared = await createPickupPoint(db, {
    districtId: district.id,
    deliveryChargeCents: 2_000,
    runFeeCents: 3_000,
  });
  const plain = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
  const product = (fields: Omit<Parameters<typeof createProduct>[1], "categoryId">) =>
    createProduct(db, { categoryId: category.id, ...fields });
  const met = await product({
    mode: "general",
    priceCents: 12_000,
    gatherPriceCents: 9_800,
    targetBuyers: 2,
  });
  const missed = await product({
    mode: "general",
    priceCents: 5_000,
    gatherPriceCents: 4_000,
    targetBuyers: 3,
  });
  const limited = await product({
    mode: "limited",
    priceCents: 30_000,
    gatherPriceCents: 24_000,
    targetBuyers: 2,
  });
  const weighed = await product({
    mode: "instock",
    priceCents: 6_000,
    gatherPriceCents: 5_000,
    unit: "斤",
    defaultWeight: 1.5,
    stock: 10,
  });
  const first = await createMember(db);
  const second = await createMember(db);
  const referee = await createMember(db, { referrerId: first.id, referralDiscount: 1 });

  await paidOrder(db, {
    cycleId: cycle.id,
    memberId: first.id,
    pickupPointId: shared.id,
    deliveryFeeCents: 2_000,
    lines: [
      { product: met, quantity: 2 },
      { product: missed, quantity: 1 },
      { product: weighed, quantity: 2, actualWeight: 2.71 },
    ],
  });
  await paidOrder(db, {
    cycleId: cycle.id,
    memberId: second.id,
    pickupPointId: shared.id,
    deliveryFeeCents: 2_000,
    lines: [
      { product: met, quantity: 1 },
      { product: limited, quantity: 1 },
    ],
  });
  await paidOrder(db, {
    cycleId: cycle.id,
    memberId: referee.id,
    pickupPointId: plain.id,
    percentageDiscount: 90,
    lines: [{ product: met, quantity: 1 }],
  });
  return { cycle, first, second, referee, met, missed, limited };
}

describe("settleCycle (DESIGN §4.8)", () => {
  it("credits group, limited, weight, delivery and referral refunds once, and confirms the orders", async () => {
    const { db, services } = database;
    const { cycle, first, second, referee, met, missed, limited } = await busyCycle();

    const result = await services.cycles.settlement.settleCycle(cycle.id);
    expect(result).toMatchObject({
      status: "settled",
      alreadySettled: false,
      totals: {
        confirmedOrders: 3,
        membersCredited: 3,
        credited: {
          // 2 × $22.00 + $22.00 + 90% of $22.00 ($108.00 paid − $88.20)
          group_refund: { records: 3, cents: 4_400 + 2_200 + 1_980 },
          limited_refund: { records: 1, cents: 24_000 },
          // 2 × 1.5 斤 × $50.00 charged; 2.71 斤 weighed: $150.00 − $135.50
          weight_refund: { records: 1, cents: 1_450 },
          // $30.00 run fee shared by 2 members: $15.00 each, $5.00 back each
          delivery_refund: { records: 2, cents: 1_000 },
          // 5% of the referee's items ($120.00, before the code and the group refund), to each side
          referral_reward: { records: 2, cents: 1_200 },
        },
      },
    });
    expect(await balance(first.id)).toBe(4_400 + 1_450 + 500 + 600);
    expect(await balance(second.id)).toBe(2_200 + 24_000 + 500);
    expect(await balance(referee.id)).toBe(1_980 + 600);
    expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });

    const results = await db.select().from(groupResults).where(eq(groupResults.cycleId, cycle.id));
    expect(
      Object.fromEntries(results.map((row) => [row.productId, [row.buyers, row.targetBuyers, row.outcome]])),
    ).toEqual({
      [met.id]: [3, 2, "met"],
      [missed.id]: [1, 3, "missed"],
      [limited.id]: [1, 2, "missed"],
    });
    const [limitedLine] = await db.select().from(orderLines).where(eq(orderLines.productId, limited.id));
    expect(limitedLine!.status).toBe("cancelled_group_failed");
    const statuses = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.cycleId, cycle.id));
    expect(statuses.map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    const [settled] = await db.select().from(orderCycles).where(eq(orderCycles.id, cycle.id));
    expect(settled!.status).toBe("settled");
    expect(settled!.settledAt).not.toBeNull();

    // The SMS is queued with the settlement and sent by the job, once per member credited.
    expect(await services.messages.outbox.list(second.phone)).toEqual([]);
    expect(await services.cycles.settlement.sendNotices()).toBe(3);
    expect(await services.cycles.settlement.sendNotices()).toBe(0);
    const texts = await services.messages.outbox.list(second.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("$267.00 dDollar");
    expect(texts[0]!.body).toContain("截單的團購已結算");
  });

  it("changes nothing when the cycle is settled a second time", async () => {
    const { db, services } = database;
    const { cycle, first } = await busyCycle();
    await services.cycles.settlement.settleCycle(cycle.id);
    const before = await creditsOf(cycle.id);
    const balanceBefore = await balance(first.id);

    const again = await services.cycles.settlement.settleCycle(cycle.id);
    expect(again).toMatchObject({ status: "settled", alreadySettled: true });
    expect(await services.cycles.settlement.sendNotices()).toBe(3);
    expect(await creditsOf(cycle.id)).toHaveLength(before.length);
    expect(await balance(first.id)).toBe(balanceBefore);
    const events = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(eq(orders.cycleId, cycle.id), eq(orderEvents.toStatus, "confirmed")));
    expect(events[0]!.n).toBe(3);
  });

  it("settles once when two app instances settle the same cycle at the same moment", async () => {
    const { services } = database;
    const { cycle } = await busyCycle();
    const runs = await Promise.all([
      services.cycles.settlement.settleCycle(cycle.id),
      services.cycles.settlement.settleCycle(cycle.id),
    ]);
    expect(runs.map((run) => run.status === "settled" && run.alreadySettled).sort()).toEqual([false, true]);
    const credits = await creditsOf(cycle.id);
    expect(credits).toHaveLength(9);
    expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
  });

  it("texts each credited member once when two instances send the queued SMS at the same moment", async () => {
    const { services } = database;
    while ((await services.cycles.settlement.sendNotices()) > 0); // earlier tests' SMS
    const { cycle, first, second, referee } = await busyCycle();
    await services.cycles.settlement.settleCycle(cycle.id);
    const claimed = await Promise.all([
      services.cycles.settlement.sendNotices(1),
      services.cycles.settlement.sendNotices(1),
      services.cycles.settlement.sendNotices(1),
      services.cycles.settlement.sendNotices(1),
    ]);
    expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(3);
    for (const member of [first, second, referee]) {
      expect(await services.messages.outbox.list(member.phone)).toHaveLength(1);
    }
  });

  it("refuses before the cut-off and while an order still waits for its payment", async () => {
    const { db, services } = database;
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id });
    const member = await createMember(db);
    const product = await createProduct(db, { categoryId: category.id, mode: "general" });
    const [future] = await db
      .insert(orderCycles)
      .values({
        cutoffAt: new Date(Date.now() + 3_600_000),
        pickupFrom: "2030-02-01",
        pickupTo: "2030-02-02",
        status: "settling",
      })
      .returning();
    expect(await services.cycles.settlement.settleCycle(future!.id)).toEqual({
      status: "refused",
      reason: "beforeCutoff",
    });

    const cycle = await closedCycle(db);
    await paidOrder(db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: point.id,
      status: "pending_payment",
      lines: [{ product, quantity: 1 }],
    });
    expect(await services.cycles.settlement.settleCycle(cycle.id)).toEqual({
      status: "refused",
      reason: "paymentsPending",
      pendingOrders: 1,
    });
    expect(await services.cycles.settlement.settleCycle(999_999)).toMatchObject({
      status: "refused",
      reason: "unknownCycle",
    });
  });
});

describe("settleDue (the job)", () => {
  it("closes the open cycle at its cut-off, opens the next on the weekly pattern, and settles after the payment window", async () => {
    const { db, services } = database;
    await db.update(orderCycles).set({ status: "settled" }).where(eq(orderCycles.status, "open"));
    const cutoffAt = new Date(Date.now() - 10 * 60_000);
    const [open] = await db
      .insert(orderCycles)
      .values({ cutoffAt, pickupFrom: "2031-03-06", pickupTo: "2031-03-07", status: "open" })
      .returning();

    const now = new Date();
    expect(await services.cycles.settlement.settleDue(now)).toEqual([]);
    const [closed] = await db.select().from(orderCycles).where(eq(orderCycles.id, open!.id));
    expect(closed!.status).toBe("settling");
    const [next] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
    // Issue 27 item 7: the shop's weekly cut-off (Sunday 23:59 by default), not the last one's time.
    expect(next).toMatchObject(nextCycleDates(open!, now, DEFAULT_WEEKLY_CUTOFF));

    const later = new Date(cutoffAt.getTime() + 31 * 60_000);
    expect(await services.cycles.settlement.settleDue(later)).toContain(open!.id);
  });
});

describe("weighLine (DESIGN §4.9)", () => {
  it("gives the same total whether a line is weighed before or after settlement", async () => {
    const { db, services } = database;
    const cycle = await closedCycle(db);
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
    const wagyu = await createProduct(db, {
      categoryId: category.id,
      mode: "general",
      priceCents: 10_000,
      gatherPriceCents: 8_000,
      unit: "磅",
      defaultWeight: 2.5,
      targetBuyers: 2,
    });
    const early = await createMember(db);
    const late = await createMember(db);
    const lineOf = async (memberId: string) => {
      const order = await paidOrder(db, {
        cycleId: cycle.id,
        memberId,
        pickupPointId: point.id,
        lines: [{ product: wagyu, quantity: 2 }],
      });
      const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      return line!;
    };
    const earlyLine = await lineOf(early.id);
    const lateLine = await lineOf(late.id);

    // Before the cut-off's outcome: charged $100/磅 × 5 磅; 4.6 磅 weighed → $40.00 back.
    expect(await services.cycles.settlement.weighLine(earlyLine.id, 4.6)).toEqual({
      status: "weighed",
      creditedCents: 4_000,
    });
    expect(await services.cycles.settlement.weighLine(earlyLine.id, 4.6)).toEqual({
      status: "weighed",
      creditedCents: 0,
    });
    const settled = await services.cycles.settlement.settleCycle(cycle.id);
    // Settlement adds the early line's group refund and leaves the unweighed line to its weighing.
    expect(settled).toMatchObject({
      status: "settled",
      totals: { credited: { group_refund: { records: 1, cents: 9_200 } } },
    });
    expect(await balance(late.id)).toBe(0);
    // Weighed after the cut-off: the group price for 4.6 磅, all at once.
    expect(await services.cycles.settlement.weighLine(lateLine.id, 4.6)).toEqual({
      status: "weighed",
      creditedCents: 13_200,
    });

    // Either way: $500.00 charged, $80/磅 × 4.6 磅 = $368.00 final, $132.00 back.
    expect(await balance(early.id)).toBe(13_200);
    expect(await balance(late.id)).toBe(13_200);
    const reasons = async (memberId: string) =>
      db
        .select({ reason: dollarLedger.reason, cents: dollarLedger.amountCents })
        .from(dollarLedger)
        .where(eq(dollarLedger.memberId, memberId))
        .orderBy(dollarLedger.id);
    expect(await reasons(early.id)).toEqual([
      { reason: "weight_refund", cents: 4_000 },
      { reason: "group_refund", cents: 9_200 },
    ]);
    expect(await reasons(late.id)).toEqual([{ reason: "group_refund", cents: 13_200 }]);
    expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
  });

  /** One member's order of one weight-priced line in a closed cycle, and that line. */
  async function weighedLineFixture(product: Omit<Parameters<typeof createProduct>[1], "categoryId">) {
    const { db } = database;
    const cycle = await closedCycle(db);
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
    const cut = await createProduct(db, { categoryId: category.id, ...product });
    const member = await createMember(db);
    const order = await paidOrder(db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: point.id,
      lines: [{ product: cut, quantity: 1 }],
    });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    return { cycle, member, line: line!, order };
  }

  // 和牛原條牛柳: est. 2.5 磅 at $238/磅 charged $595.00; group price $198/磅, target 1 (met).
  const tenderloin = {
    name: "和牛原條牛柳",
    mode: "general" as const,
    priceCents: 23_800,
    gatherPriceCents: 19_800,
    unit: "磅",
    defaultWeight: 2.5,
    targetBuyers: 1,
  };

  it.each([
    ["settled, then weighed", "settleFirst"],
    ["weighed, then settled", "weighFirst"],
  ] as const)("pays a heavier piece by its weight: $80.20 back, not $100.00 (%s)", async (_name, order) => {
    const { services } = database;
    const { cycle, member, line } = await weighedLineFixture(tenderloin);
    expect(line.amountCents).toBe(59_500);
    if (order === "settleFirst") {
      const settled = await services.cycles.settlement.settleCycle(cycle.id);
      // The weight is not known yet: no refund on the estimate that would have to be taken back.
      expect(settled).toMatchObject({ status: "settled", totals: { credited: {} } });
      expect(await balance(member.id)).toBe(0);
      expect(await services.cycles.settlement.weighLine(line.id, 2.6)).toEqual({
        status: "weighed",
        creditedCents: 8_020,
      });
    } else {
      // At $238/磅, 2.6 磅 would cost more than was charged: nothing back before the group's outcome.
      expect(await services.cycles.settlement.weighLine(line.id, 2.6)).toEqual({
        status: "weighed",
        creditedCents: 0,
      });
      await services.cycles.settlement.settleCycle(cycle.id);
    }
    // $198 × 2.6 = $514.80 of $595.00 charged.
    expect(await balance(member.id)).toBe(8_020);
    expect(await creditsOf(cycle.id)).toEqual([
      { memberId: member.id, reason: "group_refund", cents: 8_020 },
    ]);
    // Weighing again with the same weight, or settling again, changes nothing.
    expect(await services.cycles.settlement.weighLine(line.id, 2.6)).toEqual({
      status: "weighed",
      creditedCents: 0,
    });
    expect(await services.cycles.settlement.settleCycle(cycle.id)).toMatchObject({
      status: "settled",
      alreadySettled: true,
    });
    expect(await balance(member.id)).toBe(8_020);
  });

  it.each([
    ["settled, then weighed", "settleFirst"],
    ["weighed, then settled", "weighFirst"],
  ] as const)("pays a lighter piece by its weight: 13 × 1.8 = $23.40 (%s)", async (_name, order) => {
    const { services } = database;
    // $13.00/斤, est. 2 斤 charged $26.00.
    const { cycle, member, line } = await weighedLineFixture({
      mode: "instock",
      priceCents: 1_500,
      gatherPriceCents: 1_300,
      unit: "斤",
      defaultWeight: 2,
      stock: 10,
    });
    expect(line.amountCents).toBe(2_600);
    if (order === "settleFirst") await services.cycles.settlement.settleCycle(cycle.id);
    expect(await services.cycles.settlement.weighLine(line.id, 1.8)).toEqual({
      status: "weighed",
      creditedCents: 260,
    });
    if (order === "weighFirst") await services.cycles.settlement.settleCycle(cycle.id);
    expect(await creditsOf(cycle.id)).toEqual([{ memberId: member.id, reason: "weight_refund", cents: 260 }]);
  });

  it("gives a lighter whole cut of a group that met both refunds, in either order", async () => {
    const { services } = database;
    const settleFirst = await weighedLineFixture(tenderloin);
    const weighFirst = await weighedLineFixture(tenderloin);
    await services.cycles.settlement.settleCycle(settleFirst.cycle.id);
    expect(await services.cycles.settlement.weighLine(settleFirst.line.id, 2.3)).toEqual({
      status: "weighed",
      creditedCents: 59_500 - 45_540,
    });
    // Before the cut-off: $238 × 2.3 = $547.40, $47.60 back; settlement adds the rest at $198/磅.
    expect(await services.cycles.settlement.weighLine(weighFirst.line.id, 2.3)).toEqual({
      status: "weighed",
      creditedCents: 4_760,
    });
    await services.cycles.settlement.settleCycle(weighFirst.cycle.id);
    expect(await balance(settleFirst.member.id)).toBe(13_960);
    expect(await balance(weighFirst.member.id)).toBe(13_960);
  });

  it("refuses bad weights, piece lines, unpaid orders and a weight that would take dDollar back", async () => {
    const { db, services } = database;
    const cycle = await closedCycle(db);
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
    const ribs = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      unit: "斤",
      defaultWeight: 1.5,
      stock: 20,
    });
    const piece = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 20 });
    const member = await createMember(db);
    const paid = await paidOrder(db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: point.id,
      lines: [
        { product: ribs, quantity: 1 },
        { product: piece, quantity: 1 },
      ],
    });
    const unpaid = await paidOrder(db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: point.id,
      status: "pending_payment",
      lines: [{ product: ribs, quantity: 1 }],
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, paid.id));
    const ribLine = lines.find((line) => line.productId === ribs.id)!;
    const pieceLine = lines.find((line) => line.productId === piece.id)!;
    const [unpaidLine] = await db.select().from(orderLines).where(eq(orderLines.orderId, unpaid.id));
    const { weighLine } = services.cycles.settlement;

    expect(await weighLine(ribLine.id, -1)).toEqual({ status: "refused", reason: "notPositive" });
    expect(await weighLine(ribLine.id, 0)).toEqual({ status: "refused", reason: "notPositive" });
    expect(await weighLine(ribLine.id, 16)).toEqual({ status: "refused", reason: "tooHeavy" });
    expect(await weighLine(pieceLine.id, 1)).toEqual({ status: "refused", reason: "notWeighed" });
    expect(await weighLine(unpaidLine!.id, 1)).toEqual({ status: "refused", reason: "orderNotPaid" });
    expect(await weighLine(987_654_321, 1)).toEqual({ status: "refused", reason: "unknownLine" });
    const before = await balance(member.id);
    expect((await weighLine(ribLine.id, 1.2)).status).toBe("weighed");
    expect(await balance(member.id)).toBeGreaterThan(before);
    expect(await weighLine(ribLine.id, 1.4)).toEqual({ status: "refused", reason: "wouldTakeBack" });
    const [kept] = await db.select().from(orderLines).where(eq(orderLines.id, ribLine.id));
    expect(kept!.actualWeight).toBe(1.2);
  });
});

describe("settling while orders are being placed at the cut-off", () => {
  it("waits for an order transaction that took the cycle before the cut-off, then settles it", async () => {
    const { db, services, pool } = database;
    const cycle = await closedCycle(db);
    const client = await pool.connect();
    try {
      // An order being placed holds the cycle's row in share mode (placeOrder does) until it commits.
      await client.query("begin");
      await client.query("select id from order_cycles where id = $1 for share", [cycle.id]);
      let finished = false;
      const settling = services.cycles.settlement.settleCycle(cycle.id).then((result) => {
        finished = true;
        return result;
      });
      // The settlement waits for that hold on the cycle's row.
      await expect
        .poll(
          async () =>
            (
              await pool.query<{ waiting: number }>(
                `select count(*)::int as waiting from pg_stat_activity
                  where pid <> pg_backend_pid() and datname = current_database()
                    and wait_event_type = 'Lock' and query like '%order_cycles%'`,
              )
            ).rows[0]?.waiting,
          { timeout: 10_000, interval: 20 },
        )
        .toBe(1);
      expect(finished).toBe(false);
      await client.query("commit");
      expect(await settling).toMatchObject({ status: "settled", alreadySettled: false });
    } finally {
      client.release();
    }
  });

  it("sends orders placed after the cut-off to next week's cycle, losing none", async () => {
    const { db, services } = database;
    await db.update(orderCycles).set({ status: "settled" }).where(eq(orderCycles.status, "open"));
    const cutoffAt = new Date(Date.now() + 60_000);
    const [open] = await db
      .insert(orderCycles)
      .values({ cutoffAt, pickupFrom: "2031-04-03", pickupTo: "2031-04-04", status: "open" })
      .returning();
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
    const product = await createProduct(db, { categoryId: category.id, mode: "instock", stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => createMember(db)));
    for (const buyer of buyers) await services.cart.add(buyer.id, product.id);

    const afterCutoff = new Date(cutoffAt.getTime() + 1);
    const [placed] = await Promise.all([
      Promise.all(
        buyers.map((buyer, i) =>
          services.orders.placeOrder(
            buyer.id,
            { pickupPointId: point.id, remark: "", ageConfirmed: false, idempotencyKey: `cut-${i}` },
            // Half were sent just before the cut-off, half just after.
            i % 2 === 0 ? new Date(cutoffAt.getTime() - 1) : afterCutoff,
          ),
        ),
      ),
      services.cycles.settlement.settleDue(afterCutoff),
    ]);
    expect(placed.filter((result) => result.status === "refused")).toEqual([]);
    const rows = await db
      .select({ cycleId: orders.cycleId, createdAt: orders.createdAt })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.productId, product.id));
    expect(rows).toHaveLength(30);
    const [next] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
    expect(next!.id).not.toBe(open!.id);
    expect(rows.every((row) => row.cycleId === open!.id || row.cycleId === next!.id)).toBe(true);
    // Every order sent after the cut-off is in next week's cycle.
    const late = placed
      .filter((_, i) => i % 2 === 1)
      .map((result) => (result.status === "placed" ? result.orderId : 0));
    const lateCycles = await db
      .select({ cycleId: orders.cycleId })
      .from(orders)
      .where(inArray(orders.id, late));
    expect(lateCycles.every((row) => row.cycleId === next!.id)).toBe(true);
  });
});

describe("an admin adjustment during settlement", () => {
  it("keeps every credit and deduction: balance = Σ records, never negative", async () => {
    const { db, services } = database;
    const { cycle, second } = await busyCycle();
    const admin = await createMember(db, { type: "admin" });
    await services.dollars.adjust({
      member: { id: second.id },
      amountCents: 1_000,
      note: "",
      adminId: admin.id,
    });
    const [settled, deducted] = await Promise.all([
      services.cycles.settlement.settleCycle(cycle.id),
      services.dollars.adjust({
        member: { id: second.id },
        amountCents: -1_000,
        note: "",
        adminId: admin.id,
      }),
    ]);
    expect(settled.status).toBe("settled");
    expect(deducted.status).toBe("adjusted");
    expect(await balance(second.id)).toBe(2_200 + 24_000 + 500);
  });
});
