import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { dollarLedger, members, neighbors, orders, siteSettings } from "~/db/schema/index.ts";
import { profileSchema } from "~/domain/members/member.schema.ts";
import { DEFAULT_REFERRAL_PERCENT } from "~/domain/site/shop-rates.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember, type MemberRow } from "../../../tests/integration/admin-fixtures.ts";
import { createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";

/** DESIGN §4.8 and decision 0049: the referee's first paid order ever, placed after the referral. */

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: balance = Σ records, references exist.
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function balance(memberId: string) {
  const [row] = await database.db
    .select({ cents: members.dDollarCents })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.cents;
}

/** The referral rewards written to `people` (the database is shared by this file's tests). */
async function referralRewards(...people: MemberRow[]) {
  return database.db
    .select({ memberId: dollarLedger.memberId, cents: dollarLedger.amountCents })
    .from(dollarLedger)
    .where(
      and(
        eq(dollarLedger.reason, "referral_reward"),
        inArray(
          dollarLedger.memberId,
          people.map((person) => person.id),
        ),
      ),
    );
}

/** A referral recorded at `at` as the rows registration or the profile write (or older rows did). */
async function recordReferral(referee: MemberRow, referrer: MemberRow, at: Date) {
  await database.db
    .update(members)
    .set({ referrerId: referrer.id, referralDiscount: 1 })
    .where(eq(members.id, referee.id));
  await database.db.insert(neighbors).values([
    { memberId: referrer.id, neighborId: referee.id, type: "referee", createdAt: at },
    { memberId: referee.id, neighborId: referrer.id, type: "referrer", createdAt: at },
  ]);
}

/** A shop with one point and one instock product at $80.00, and a way to place paid orders in closed cycles. */
async function shop() {
  const { db } = database;
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id });
  const product = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    priceCents: 8_000,
    gatherPriceCents: 8_000,
    stock: 500,
  });
  /** A paid order of `quantity` pieces placed `placed` hours ago (paid then, or `paid` hours ago), in a cycle of its own. */
  async function orderOf(member: MemberRow, quantity: number, placed: number, paid = placed) {
    const cycle = await closedCycle(db, Math.max(1, paid - 1));
    const order = await paidOrder(db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: point.id,
      lines: [{ product, quantity }],
      createdAt: hoursAgo(placed),
      paidAt: hoursAgo(paid),
    });
    return { cycle, order };
  }
  return { product, orderOf };
}

describe("referral rewards at settlement (DESIGN §4.8)", () => {
  it("pays on the referee's first paid order ever, once, when it was placed after the referral", async () => {
    const { db, services } = database;
    const { product, orderOf } = await shop();
    const referrer = await createMember(db);
    const referee = await createMember(db, { createdAt: hoursAgo(200) });
    await recordReferral(referee, referrer, hoursAgo(100));
    // An order paid and then cancelled (refunded whole) is no purchase: it neither earns nor blocks.
    const cancelled = await orderOf(referee, 5, 80);
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled.order.id));
    const first = await orderOf(referee, 2, 50);
    const later = await orderOf(referee, 3, 2);

    await services.cycles.settlement.settleCycle(later.cycle.id);
    await services.cycles.settlement.settleCycle(cancelled.cycle.id);
    expect(await referralRewards(referrer, referee)).toEqual([]);
    await services.cycles.settlement.settleCycle(first.cycle.id);
    await services.cycles.settlement.settleCycle(first.cycle.id);
    // 5% (DEFAULT_REFERRAL_PERCENT) of the first order's items, 2 × $80.00: $8.00 each, once.
    expect(DEFAULT_REFERRAL_PERCENT).toBe(5);
    expect(product.gatherPriceCents).toBe(8_000);
    expect(await referralRewards(referrer, referee)).toEqual(
      expect.arrayContaining([
        { memberId: referrer.id, cents: 800 },
        { memberId: referee.id, cents: 800 },
      ]),
    );
    expect(await referralRewards(referrer, referee)).toHaveLength(2);
    expect(await balance(referrer.id)).toBe(800);
    expect(await balance(referee.id)).toBe(800);
  });

  it("counts the first order to be paid, not the first placed", async () => {
    const { db, services } = database;
    const { orderOf } = await shop();
    const referrer = await createMember(db);
    const referee = await createMember(db, { createdAt: hoursAgo(200) });
    await recordReferral(referee, referrer, hoursAgo(100));
    const placedFirst = await orderOf(referee, 4, 50, 10);
    const paidFirst = await orderOf(referee, 1, 40, 30);
    await services.cycles.settlement.settleCycle(placedFirst.cycle.id);
    await services.cycles.settlement.settleCycle(paidFirst.cycle.id);
    // 5% of 1 × $80.00.
    expect(await balance(referrer.id)).toBe(400);
    expect(await balance(referee.id)).toBe(400);
  });

  it("pays nothing, ever, to a member who had a paid order when the referral was recorded", async () => {
    const { db, services } = database;
    const { orderOf } = await shop();
    const referrer = await createMember(db);
    const member = await createMember(db, { createdAt: hoursAgo(200) });
    const paidBefore = await orderOf(member, 1, 50);
    // Recorded after that purchase (as older rows were, or a payment racing the profile).
    await recordReferral(member, referrer, hoursAgo(40));
    const next = await orderOf(member, 20, 20);
    for (const { cycle } of [paidBefore, next]) await services.cycles.settlement.settleCycle(cycle.id);
    expect(await referralRewards(referrer, member)).toEqual([]);
    expect(await balance(member.id)).toBe(0);
    expect(await balance(referrer.id)).toBe(0);
  });

  it("pays nothing when the first paid order was placed before the referral, though paid after it", async () => {
    const { db, services } = database;
    const { orderOf } = await shop();
    const referrer = await createMember(db);
    const member = await createMember(db, { createdAt: hoursAgo(200) });
    const pendingWhenNamed = await orderOf(member, 1, 50, 30);
    await recordReferral(member, referrer, hoursAgo(40));
    const next = await orderOf(member, 2, 20);
    for (const { cycle } of [pendingWhenNamed, next]) await services.cycles.settlement.settleCycle(cycle.id);
    expect(await referralRewards(referrer, member)).toEqual([]);
  });

  it("gives two members who name each other one referral's two rewards, not four", async () => {
    const { db, services } = database;
    const { orderOf } = await shop();
    const a = await createMember(db);
    const b = await createMember(db);
    const profile = (member: MemberRow, referrer: MemberRow) =>
      profileSchema.parse({
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        referrer: referrer.phone,
      });
    expect(await services.members.updateProfile(a.id, profile(a, b))).toEqual({ status: "ok" });
    expect(await services.members.updateProfile(b.id, profile(b, a))).toEqual({ status: "referrer_loop" });
    const cycles = [await orderOf(a, 1, 0), await orderOf(b, 1, 0)];
    for (const { cycle } of cycles) await services.cycles.settlement.settleCycle(cycle.id);
    // A's first purchase, 5% of $80.00 each to A and to B; B named nobody.
    expect(await referralRewards(a, b)).toEqual(
      expect.arrayContaining([
        { memberId: a.id, cents: 400 },
        { memberId: b.id, cents: 400 },
      ]),
    );
    expect(await referralRewards(a, b)).toHaveLength(2);
  });

  it("pays nothing for a referral that closed a loop in rows written before loops were refused", async () => {
    const { db, services } = database;
    const { orderOf } = await shop();
    const [a, b, c, d, e] = [
      await createMember(db),
      await createMember(db),
      await createMember(db),
      await createMember(db),
      await createMember(db),
    ] as [MemberRow, MemberRow, MemberRow, MemberRow, MemberRow];
    // A→B then B→A; C→D, D→E, then E→C.
    await recordReferral(a, b, hoursAgo(100));
    await recordReferral(b, a, hoursAgo(90));
    await recordReferral(c, d, hoursAgo(100));
    await recordReferral(d, e, hoursAgo(90));
    await recordReferral(e, c, hoursAgo(80));
    const cycles = [];
    for (const member of [a, b, c, d, e]) cycles.push(await orderOf(member, 1, 50));
    for (const { cycle } of cycles) await services.cycles.settlement.settleCycle(cycle.id);
    const paidFor = await db.execute<{ referee: string }>(sql`
      select distinct o.member_id as referee from dollar_ledger l join orders o on o.id = l.order_id
      where l.reason = 'referral_reward' and o.member_id in (${sql.join(
        [a, b, c, d, e].map((member) => sql`${member.id}::uuid`),
        sql`, `,
      )})`);
    expect(paidFor.rows.map((row) => row.referee).sort()).toEqual([a.id, c.id, d.id].sort());
    expect(await referralRewards(a, b, c, d, e)).toHaveLength(6);
    expect(
      await db
        .select({ id: dollarLedger.id })
        .from(dollarLedger)
        .where(and(eq(dollarLedger.reason, "referral_reward"), eq(dollarLedger.memberId, e.id))),
    ).toHaveLength(1); // E only as D's referrer
  });
  it("bases the reward on the items amount, not on what is left after group refunds", async () => {
    const { db, services } = database;
    const cycle = await closedCycle(db);
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id });
    const referrer = await createMember(db);
    const referee = await createMember(db, { referrerId: referrer.id, referralDiscount: 1 });
    const group = await createProduct(db, {
      categoryId: category.id,
      mode: "general",
      priceCents: 52_000,
      gatherPriceCents: 41_600,
      targetBuyers: 1,
    });
    const tofu = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      priceCents: 38_800,
      gatherPriceCents: 38_800,
      stock: 5,
    });
    await paidOrder(db, {
      cycleId: cycle.id,
      memberId: referee.id,
      pickupPointId: point.id,
      lines: [
        { product: group, quantity: 1 },
        { product: tofu, quantity: 1 },
      ],
    });
    const result = await services.cycles.settlement.settleCycle(cycle.id);
    // Items $908.00; the group refund of $104.00 leaves $804.00; 5% of $908.00 = $45.40 each.
    expect(result).toMatchObject({
      status: "settled",
      totals: {
        credited: {
          group_refund: { records: 1, cents: 10_400 },
          referral_reward: { records: 2, cents: 9_080 },
        },
      },
    });
    expect(await balance(referrer.id)).toBe(4_540);
    expect(await balance(referee.id)).toBe(10_400 + 4_540);
  });

  it("pays the shop's referral percentage from its settings", async () => {
    const { db, services } = database;
    await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    await db.update(siteSettings).set({ referralPercent: 8 }).where(eq(siteSettings.id, 1));
    try {
      const cycle = await closedCycle(db);
      const category = await createCategory(db);
      const district = await createDistrict(db);
      const point = await createPickupPoint(db, { districtId: district.id });
      const referrer = await createMember(db);
      const referee = await createMember(db, { referrerId: referrer.id, referralDiscount: 1 });
      const product = await createProduct(db, {
        categoryId: category.id,
        mode: "instock",
        priceCents: 90_800,
        gatherPriceCents: 90_800,
        stock: 5,
      });
      await paidOrder(db, {
        cycleId: cycle.id,
        memberId: referee.id,
        pickupPointId: point.id,
        lines: [{ product, quantity: 1 }],
      });
      await services.cycles.settlement.settleCycle(cycle.id);
      // 8% of $908.00.
      expect(await balance(referrer.id)).toBe(7_264);
    } finally {
      await db.update(siteSettings).set({ referralPercent: 5 }).where(eq(siteSettings.id, 1));
    }
  });
});
