import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderLines } from "~/db/schema/index.ts";
import { calendarBounds, periodKeyOf } from "~/domain/reports/periods.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { ownersWeek } from "../../../tests/integration/owner-fixtures.ts";

const database = setupTestDatabase();
let shop: Awaited<ReturnType<typeof ownersWeek>>;

beforeAll(async () => {
  shop = await ownersWeek(database.db, database.services);
  // Decision 0052: lines missing after settlement, refunded to the card (the sandbox refunds at
  // once) and by FPS (waiting in the queue), so "refunds" counts money that left by each way too.
  const admin = await createMember(database.db, { type: "admin" });
  const { firstOrder, refereeOrder } = shop.week.orders;
  for (const [order, refundTo] of [
    [firstOrder, "card"],
    [refereeOrder, "fps"],
  ] as const) {
    const [line] = await database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, shop.week.products.met.id)));
    const done = await database.services.pickup.missingLines.markLineMissing(admin.id, {
      orderId: order.id,
      lineId: line!.id,
      refundTo,
      reason: "",
    });
    if (done.status !== "refunded" || done.refundTo !== refundTo)
      throw new Error(`not refunded: ${done.status}`);
  }
});

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const PAID = "('paid', 'confirmed', 'ready_for_pickup', 'collected')";

/** One number from plain SQL, the test's own spelling of each figure. */
async function one(text: string, values: unknown[]): Promise<number> {
  const result = await database.pool.query(text, values);
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** Every figure of the dashboard for the cycles `ids` and the window [from, to), by plain SQL. */
async function plainSums(ids: number[], from: Date, to: Date) {
  const inCycles = "o.cycle_id = any($1::int[])";
  const paid = `${inCycles} and o.status in ${PAID}`;
  const ledger = async (reasons: string[]) =>
    one(
      `select coalesce(sum(l.amount_cents), 0) from dollar_ledger l join orders o on o.id = l.order_id
       where ${inCycles} and l.reason = any($2::text[])`,
      [ids, reasons],
    );
  // Refunds to the card or by transfer (decision 0052), but those the provider refused.
  const toPayment = async (reasons: string[]) =>
    one(
      `select coalesce(sum(r.amount_cents), 0) from refunds r join orders o on o.id = r.order_id
       where ${inCycles} and r.state <> 'failed' and r.reason = any($2::text[])`,
      [ids, reasons],
    );
  const received = async (providers: string[], kept: boolean) =>
    one(
      `select coalesce(sum(p.received_cents), 0) from payments p join orders o on o.id = p.order_id
       where ${inCycles} and p.status = 'succeeded' and p.provider = any($2::text[])
       and (p.kept_reason is not null) = $3`,
      [ids, providers, kept],
    );
  return {
    itemsCents: await one(`select coalesce(sum(items_cents), 0) from orders o where ${paid}`, [ids]),
    discountCents: await one(`select coalesce(sum(discount_cents), 0) from orders o where ${paid}`, [ids]),
    deliveryCents: await one(`select coalesce(sum(delivery_fee_cents), 0) from orders o where ${paid}`, [
      ids,
    ]),
    cardFeeCents: await one(`select coalesce(sum(card_fee_cents), 0) from orders o where ${paid}`, [ids]),
    dDollarUsedCents: await one(`select coalesce(sum(d_dollar_used_cents), 0) from orders o where ${paid}`, [
      ids,
    ]),
    orders: await one(`select count(*) from orders o where ${paid}`, [ids]),
    payingMembers: await one(`select count(distinct member_id) from orders o where ${paid}`, [ids]),
    runFeeCents: await one(
      `select coalesce(sum(pp.run_fee_cents), 0) from pickup_points pp
       where exists (select 1 from orders o where o.pickup_point_id = pp.id and ${paid})`,
      [ids],
    ),
    creditedCents: await ledger([
      "group_refund",
      "limited_refund",
      "weight_refund",
      "delivery_refund",
      "referral_reward",
    ]),
    groupRefundCents: await ledger(["group_refund"]),
    limitedRefundCents: await ledger(["limited_refund"]),
    referralCents: await ledger(["referral_reward"]),
    missingCents: (await ledger(["missing_refund"])) + (await toPayment(["missing_line"])),
    refundedCents:
      (await ledger([
        "cancel_refund",
        "missing_refund",
        "late_payment_refund",
        "duplicate_payment_refund",
        "mismatch_payment_refund",
        "kept_payment_returned",
      ])) + (await toPayment(["cancel", "missing_line", "kept_payment"])),
    cardRefundCents: await one(
      `select coalesce(sum(r.amount_cents), 0) from refunds r join orders o on o.id = r.order_id
       where ${inCycles} and r.method = 'card' and r.state <> 'failed'`,
      [ids],
    ),
    fpsRefundCents: await one(
      `select coalesce(sum(r.amount_cents), 0) from refunds r join orders o on o.id = r.order_id
       where ${inCycles} and r.method = 'fps' and r.state <> 'failed'`,
      [ids],
    ),
    cardCents: await received(["card", "sandbox"], false),
    paymeCents: await received(["payme"], false),
    fpsCents: await received(["fps"], false),
    keptCents: await one(
      `select coalesce(sum(p.received_cents), 0) from payments p join orders o on o.id = p.order_id
       where ${inCycles} and p.status = 'succeeded' and p.kept_reason is not null`,
      [ids],
    ),
    newMembers: await one("select count(*) from members where created_at >= $1 and created_at < $2", [
      from,
      to,
    ]),
    visitors: await one(
      "select count(distinct coalesce(visitor_id, id::text)) from page_views where created_at >= $1 and created_at < $2",
      [from, to],
    ),
    placed: await one(`select count(*) from orders o where ${inCycles}`, [ids]),
    carts: await one(
      `select count(distinct member_id) from (select member_id from cart_items where created_at >= $2 and created_at < $3
       union select member_id from orders o where ${inCycles}) c`,
      [ids, from, to],
    ),
    groupsMet: await one(
      "select count(*) from group_results where cycle_id = any($1::int[]) and outcome = 'met'",
      [ids],
    ),
    groupsMissed: await one(
      "select count(*) from group_results where cycle_id = any($1::int[]) and outcome = 'missed'",
      [ids],
    ),
    limitedFailed: await one(
      `select count(*) from group_results g join products p on p.id = g.product_id
       where g.cycle_id = any($1::int[]) and g.outcome = 'missed' and p.mode = 'limited'`,
      [ids],
    ),
  };
}

async function expectFigures(kind: "cycle" | "week" | "month", key: string) {
  const { services } = database;
  const found = await services.reports.sales.periods(kind, key, new Date());
  const period = found?.current;
  if (!period) throw new Error("no period");
  const figures = await services.reports.sales.figures(period);
  const plain = await plainSums(period.cycleIds, period.from, period.to);
  const { sales } = figures;
  const method = (name: string) => sales.receipts.find((row) => row.method === name)!;
  expect({
    itemsCents: sales.itemsCents,
    discountCents: sales.discountCents,
    deliveryCents: sales.deliveryCents,
    cardFeeCents: sales.cardFeeCents,
    dDollarUsedCents: sales.dDollarUsedCents,
    orders: sales.orders,
    payingMembers: sales.payingMembers,
    runFeeCents: sales.runFeeCents,
    creditedCents: sales.creditedCents,
    groupRefundCents: sales.credits.find((row) => row.reason === "group_refund")!.cents,
    limitedRefundCents: sales.credits.find((row) => row.reason === "limited_refund")!.cents,
    referralCents: sales.referralCents,
    missingCents: sales.missingRefundCents,
    refundedCents: sales.refundedCents,
    cardRefundCents: sales.methodRefunds.find((row) => row.method === "card")!.cents,
    fpsRefundCents: sales.methodRefunds.find((row) => row.method === "fps")!.cents,
    cardCents: method("card").paidCents,
    paymeCents: method("payme").paidCents,
    fpsCents: method("fps").paidCents,
    keptCents: sales.keptCents,
    newMembers: figures.newMembers,
    visitors: figures.funnel.visitors,
    placed: figures.funnel.placed,
    carts: figures.funnel.carts,
    groupsMet: figures.groups.met,
    groupsMissed: figures.groups.missed,
    limitedFailed: figures.groups.limitedFailed,
  }).toEqual(plain);
  // The figures that are sums of others add up.
  const paid = plain.itemsCents - plain.discountCents + plain.deliveryCents + plain.cardFeeCents;
  expect(sales.paidCents).toBe(paid);
  expect(sales.netRevenueCents).toBe(paid - plain.creditedCents - plain.missingCents - plain.runFeeCents);
  expect(sales.averageOrderCents).toBe(plain.orders ? Math.round(paid / plain.orders) : 0);
  expect(figures.funnel.paid).toBe(plain.orders);
  return { period, figures, plain };
}

describe("the owner's dashboard (issue 46 item 1)", () => {
  it("gives a settled cycle's figures, each equal to a plain SQL sum", async () => {
    const { figures, plain } = await expectFigures("cycle", String(shop.cycle.id));
    // The seeded cycle has every kind of money in it: none of these is an empty zero.
    for (const [name, value] of Object.entries(plain)) {
      if (name === "limitedRefundCents" || name === "limitedFailed") continue;
      expect(value, name).not.toBe(0);
    }
    expect(plain.limitedFailed).toBe(1);
    expect(figures.sales.receipts.find((row) => row.method === "card")?.keptCents).toBe(12_345);
    // Paid orders: three; placed: four (the cancelled one too); carts: those three members and one more.
    expect(figures.funnel).toEqual({ visitors: 3, carts: 4, placed: 4, paid: 3 });
  });

  it("gives a week's and a month's figures over the cycles cut off in them", async () => {
    const week = periodKeyOf("week", shop.cycle.cutoffAt);
    const { period } = await expectFigures("week", week);
    expect(period.cycleIds).toContain(shop.cycle.id);
    expect(period).toMatchObject(calendarBounds("week", week));
    const month = await expectFigures("month", periodKeyOf("month", shop.cycle.cutoffAt));
    expect(month.period.cycleIds).toContain(shop.cycle.id);
    await expectFigures("cycle", String(shop.earlier.id));
  });

  it("agrees with the cycle report to the cent", async () => {
    const { services } = database;
    const report = await services.cycles.report.cycleReport(shop.cycle.id, "all");
    const found = await services.reports.sales.periods("cycle", String(shop.cycle.id), new Date());
    const { sales } = await services.reports.sales.figures(found!.current!);
    expect(report).not.toBeNull();
    expect({
      itemsCents: sales.itemsCents,
      discountCents: sales.discountCents,
      deliveryCents: sales.deliveryCents,
      cardFeeCents: sales.cardFeeCents,
      paidCents: sales.paidCents,
      credits: sales.credits,
      creditedCents: sales.creditedCents,
      netCents: sales.netCents,
      orders: sales.orders,
      members: sales.payingMembers,
    }).toEqual({
      itemsCents: report!.totals.itemsCents,
      discountCents: report!.totals.discountCents,
      deliveryCents: report!.totals.deliveryCents,
      cardFeeCents: report!.totals.cardFeeCents,
      paidCents: report!.totals.paidCents,
      credits: report!.totals.credits,
      creditedCents: report!.totals.creditedCents,
      netCents: report!.totals.netCents,
      orders: report!.orders,
      members: report!.members,
    });
  });

  it("shows the previous period beside it, the trend, and each product, category, merchant and point", async () => {
    const { services } = database;
    const base = {
      kind: "cycle" as const,
      key: String(shop.cycle.id),
      sort: "charged" as const,
      direction: "desc" as const,
      page: 0,
    };
    const dashboard = await services.reports.sales.dashboard({ ...base, breakdown: "product" }, new Date());
    if (!dashboard?.period) throw new Error("no dashboard");
    expect(dashboard.previousPeriod?.cycleIds).toEqual([shop.earlier.id]);
    expect(dashboard.previous?.sales.itemsCents).toBe(10_000);
    expect(dashboard.trend.at(-1)).toMatchObject({
      key: String(shop.cycle.id),
      itemsCents: dashboard.current.sales.itemsCents,
      paidCents: dashboard.current.sales.paidCents,
      creditedCents: dashboard.current.sales.creditedCents,
    });
    expect(dashboard.trend.at(-2)?.key).toBe(String(shop.earlier.id));
    for (const breakdown of ["product", "category", "merchant", "point"] as const) {
      const view = await services.reports.sales.dashboard({ ...base, breakdown }, new Date());
      if (!view?.period) throw new Error("no dashboard");
      const rows = view.breakdown.rows;
      expect(
        rows.reduce((sum, row) => sum + row.chargedCents, 0),
        breakdown,
      ).toBe(view.current.sales.itemsCents);
      const lineCredits = await one(
        `select coalesce(sum(l.amount_cents), 0) from dollar_ledger l join order_lines ol on ol.id = l.order_line_id
         join orders o on o.id = ol.order_id where o.cycle_id = $1 and o.status in ${PAID}`,
        [shop.cycle.id],
      );
      expect(
        rows.reduce((sum, row) => sum + row.creditedCents, 0),
        breakdown,
      ).toBe(lineCredits);
      expect(rows.map((row) => row.chargedCents)).toEqual(
        [...rows.map((row) => row.chargedCents)].sort((a, b) => b - a),
      );
    }
    const products = dashboard.breakdown;
    expect(products.total).toBe(5);
    expect(products.top[0]?.name).toBe("A5和牛");
    expect(products.top.length + products.bottom.length).toBe(5);
    const byName = await services.reports.sales.dashboard(
      { ...base, breakdown: "product", sort: "name", direction: "asc" },
      new Date(),
    );
    expect(byName?.period && byName.breakdown.rows.map((row) => row.name)).toEqual([
      "A5和牛",
      "B級豬扒",
      "C限量龍蝦",
      "D原條三文魚",
      "E有機菜心",
    ]);
  });

  it("answers null for an unknown cycle and falls back to the current week for a bad key", async () => {
    const { services } = database;
    expect(await services.reports.sales.periods("cycle", "999999", new Date())).toBeNull();
    const now = new Date();
    const found = await services.reports.sales.periods("week", "2026-12-08", now);
    expect(found?.current?.key).toBe(periodKeyOf("week", now));
    expect(found?.trend).toHaveLength(8);
  });
});
