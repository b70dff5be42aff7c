import { afterEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { busyWeek } from "../../../tests/integration/group-buying-fixtures.ts";
import { closedCycle } from "../../../tests/integration/settlement-fixtures.ts";

const database = setupTestDatabase();

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function settledWeek() {
  const { services, db } = database;
  const cycle = await closedCycle(db);
  const week = await busyWeek(db, cycle);
  const settled = await services.cycles.settlement.settleCycle(cycle.id);
  if (settled.status === "refused") throw new Error(`not settled: ${settled.reason}`);
  return { cycle, week, settled };
}

describe("the settlement report (issue 6 item 2)", () => {
  it("shows each product's buyers, target and result, and totals that add up", async () => {
    const { cycle, week, settled } = await settledWeek();
    const report = await database.services.cycles.report.cycleReport(cycle.id, "all");
    if (!report) throw new Error("no report");

    expect(report.orders).toBe(3);
    expect(report.members).toBe(3);
    // Items $440 + $435 + $195; 10% off the referee's $195; $20 delivery twice.
    expect(report.totals).toMatchObject({
      itemsCents: 107_000,
      discountCents: 1_950,
      deliveryCents: 4_000,
      cardFeeCents: 0,
      paidCents: 109_050,
    });
    const credited = Object.fromEntries(report.totals.credits.map((credit) => [credit.reason, credit]));
    expect(credited).toEqual({
      group_refund: { reason: "group_refund", records: 3, cents: 4_400 + 2_200 + 1_980 },
      limited_refund: { reason: "limited_refund", records: 1, cents: 24_000 },
      weight_refund: { reason: "weight_refund", records: 0, cents: 0 },
      delivery_refund: { reason: "delivery_refund", records: 2, cents: 1_000 },
      // 5% of the referee's items amount, $195.00 ($120.00 + 3 × $25.00), to each side.
      referral_reward: { reason: "referral_reward", records: 2, cents: 1_950 },
    });
    // The report's credits are exactly what the settlement wrote.
    const written = Object.values(settled.totals.credited).reduce((sum, entry) => sum + entry.cents, 0);
    expect(report.totals.creditedCents).toBe(written);
    expect(report.totals.creditedCents).toBe(35_530);
    expect(report.totals.netCents).toBe(109_050 - 35_530);
    expect(report.totals.creditedCents).toBe(
      report.lines.creditedCents + credited.delivery_refund!.cents + credited.referral_reward!.cents,
    );

    const rows = report.products.rows;
    expect(rows.reduce((sum, row) => sum + row.chargedCents, 0)).toBe(report.totals.itemsCents);
    expect(rows.reduce((sum, row) => sum + row.creditedCents, 0)).toBe(report.lines.creditedCents);
    const byProduct = Object.fromEntries(
      rows.map((row) => [row.productId, [row.buyers, row.targetBuyers, row.status, row.cancelledLines]]),
    );
    const { met, missed, limited, weighed, pieces } = week.products;
    expect(byProduct).toEqual({
      [met.id]: [3, 2, "met", 0],
      [missed.id]: [1, 3, "missed", 0],
      [limited.id]: [1, 2, "missed", 1],
      [weighed.id]: [2, null, "instock", 0],
      [pieces.id]: [1, null, "instock", 0],
    });
    expect(rows.find((row) => row.productId === met.id)).toMatchObject({
      quantity: 4,
      chargedCents: 48_000,
      creditedCents: 8_580,
    });
  });

  it("counts a later weighing under its reason and in its product", async () => {
    const { cycle, week } = await settledWeek();
    const [line] = (
      await database.services.cycles.weeklyOrder.weighingLines(cycle.id, {
        productId: week.products.weighed.id,
        unweighed: false,
        paging: "all",
      })
    ).rows;
    // 2 × 1.5 斤 charged $150.00; 2.7 斤 weighed: $135.00.
    expect(await database.services.cycles.settlement.weighLine(line!.id, 2.7)).toEqual({
      status: "weighed",
      creditedCents: 1_500,
    });
    const report = await database.services.cycles.report.cycleReport(cycle.id, "all");
    expect(report?.totals.credits.find((credit) => credit.reason === "weight_refund")).toEqual({
      reason: "weight_refund",
      records: 1,
      cents: 1_500,
    });
    expect(report?.totals.creditedCents).toBe(35_530 + 1_500);
    expect(
      report?.products.rows.find((row) => row.productId === week.products.weighed.id)?.creditedCents,
    ).toBe(1_500);
  });

  it("shows an unsettled cycle's provisional standing with nothing credited, a page at a time", async () => {
    const { db, services } = database;
    const cycle = await closedCycle(db);
    const week = await busyWeek(db, cycle);
    const report = await services.cycles.report.cycleReport(cycle.id, { page: 0, pageSize: 2 });
    expect(report?.totals.creditedCents).toBe(0);
    expect(report?.products.total).toBe(5);
    expect(report?.products.rows.map((row) => [row.name, row.status])).toEqual([
      [week.products.met.name, "reached"],
      [week.products.missed.name, "short"],
    ]);
    const last = await services.cycles.report.cycleReport(cycle.id, { page: 9, pageSize: 2 });
    expect(last?.products.page).toBe(2);
    expect(last?.products.rows.map((row) => row.name)).toEqual([week.products.pieces.name]);
    expect(await services.cycles.report.cycleReport(cycle.id + 1000, "all")).toBeNull();
  });
});
