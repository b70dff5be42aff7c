/**
 * Decision 0037: the money rules are spelled once, as the SQL fragments of settlement-rules.server.ts
 * (their worked examples are in settlement-rules.server.test.ts). This test checks the statements
 * that write credits with them, on a few hundred random lines — odd cents, weights of three decimals
 * that land on half cents, discount codes, heavier and lighter weights, lines weighed again lighter,
 * lines never weighed, missed and met groups: the same orders in two cycles, one weighed before its
 * settlement and one after, get the same credits line by line (settle then weigh equals weigh then
 * settle, DESIGN §4.8), every credit an increment, and each line's credits add up to what the rules
 * say it is owed in the end.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dollarLedger, groupResults, orderLines, orders } from "~/db/schema/index.ts";
import { PIECE_UNIT, type ProductMode } from "~/domain/shared/pricing.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";
import { LINE_CREDIT_REASONS } from "./settlement-credits.server.ts";
import { amountOwed, orderLineTerms } from "./settlement-rules.server.ts";

const database = setupTestDatabase();

/** mulberry32: the same "random" shop on every run, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

// Weights whose products with odd-cent prices often end in exactly half a cent.
const DEFAULT_WEIGHTS = [0.5, 0.333, 1.005, 1.115, 1.5, 2.345, 0.125, 3.3] as const;
const WEIGHT_UNITS = ["磅", "斤", "kg"] as const;
const DISCOUNTS = [100, 100, 100, 90, 95, 88, 85, 99] as const;

describe("settlement and weighing statements (decisions 0014, 0024, 0037)", () => {
  it("credits the same, line by line, whether lines are weighed before or after settlement", async () => {
    const { db, services } = database;
    const rng = random(20_261_127);
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id });
    const products: Awaited<ReturnType<typeof createProduct>>[] = [];
    for (let n = 0; n < 24; n += 1) {
      const mode: ProductMode = n < 10 ? "general" : n < 18 ? "limited" : "instock";
      const weighed = n % 4 !== 3;
      const priceCents = rng.int(101, 40_000);
      products.push(
        await createProduct(db, {
          categoryId: category.id,
          mode,
          priceCents,
          gatherPriceCents: rng.int(50, priceCents - 1),
          marketPriceCents: priceCents + rng.int(0, 5_000),
          unit: weighed ? rng.pick(WEIGHT_UNITS) : PIECE_UNIT,
          defaultWeight: weighed ? rng.pick(DEFAULT_WEIGHTS) : 1,
          // Targets around the number of buyers a product gets, so groups both meet and miss.
          targetBuyers: mode === "instock" ? null : rng.int(4, 12),
          stock: mode === "instock" ? 100_000 : null,
        }),
      );
    }

    // The same orders in two cycles: "early" is weighed before its settlement, "late" after.
    const early = await closedCycle(db);
    const late = await closedCycle(db);
    /** Per line, in the same order in both cycles: its weighing, and a second lighter one or none. */
    const plans: Array<{ weight: number | null; reweigh: number | null }> = [];
    for (let n = 0; n < 60; n += 1) {
      const member = await createMember(db);
      const lines = Array.from({ length: rng.int(1, 5) }, () => ({
        product: rng.pick(products),
        quantity: rng.int(1, 4),
      }));
      const percentageDiscount = rng.pick(DISCOUNTS);
      for (const cycle of [early, late]) {
        await paidOrder(db, {
          cycleId: cycle.id,
          memberId: member.id,
          pickupPointId: point.id,
          lines,
          percentageDiscount,
        });
      }
      for (const { product, quantity } of lines) {
        const estimate = quantity * product.defaultWeight;
        const drawn = Math.max(0.001, Math.round(estimate * (0.5 + rng.next() * 0.8) * 1_000) / 1_000);
        // A third of the weights are whole halves: at an odd-cent price they land on half a cent.
        const weight =
          product.unit === PIECE_UNIT || rng.next() < 0.1
            ? null
            : rng.next() < 0.33
              ? Math.max(0.5, Math.round(drawn * 2) / 2)
              : drawn;
        const reweigh =
          weight !== null && rng.next() < 0.15
            ? Math.max(0.001, Math.round(weight * 0.9 * 1_000) / 1_000)
            : null;
        plans.push({ weight, reweigh });
      }
    }
    const linesOf = async (cycleId: number) =>
      db
        .select({ id: orderLines.id })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orders.cycleId, cycleId))
        .orderBy(orderLines.id);
    const earlyLines = await linesOf(early.id);
    const lateLines = await linesOf(late.id);
    expect(earlyLines.length).toBe(plans.length);
    expect(lateLines.length).toBe(plans.length);

    const weighAll = async (lines: { id: number }[]) => {
      for (const [index, line] of lines.entries()) {
        const plan = plans[index]!;
        for (const weight of [plan.weight, plan.reweigh]) {
          if (weight === null) continue;
          // Never refused: no weighing would take dDollar back.
          expect(await services.cycles.settlement.weighLine(line.id, weight)).toMatchObject({
            status: "weighed",
          });
        }
      }
    };
    await weighAll(earlyLines);
    expect(await services.cycles.settlement.settleCycle(early.id)).toMatchObject({
      status: "settled",
      alreadySettled: false,
    });
    expect(await services.cycles.settlement.settleCycle(late.id)).toMatchObject({
      status: "settled",
      alreadySettled: false,
    });
    await weighAll(lateLines);

    const outcomes = await db
      .select({ cycleId: groupResults.cycleId, outcome: groupResults.outcome })
      .from(groupResults)
      .where(inArray(groupResults.cycleId, [early.id, late.id]));
    expect(new Set(outcomes.map((row) => row.outcome))).toEqual(new Set(["met", "missed"]));

    const creditsOf = async (cycleId: number) => {
      const records = await db
        .select({ lineId: dollarLedger.orderLineId, cents: dollarLedger.amountCents })
        .from(dollarLedger)
        .innerJoin(orders, eq(orders.id, dollarLedger.orderId))
        .where(and(eq(orders.cycleId, cycleId), inArray(dollarLedger.reason, [...LINE_CREDIT_REASONS])));
      const perLine = new Map<number, number>();
      for (const record of records) {
        // Every credit is an increment: none is ever taken back.
        expect(record.cents).toBeGreaterThan(0);
        perLine.set(record.lineId!, (perLine.get(record.lineId!) ?? 0) + record.cents);
      }
      return perLine;
    };
    const earlyCredits = await creditsOf(early.id);
    const lateCredits = await creditsOf(late.id);
    expect(plans.map((_, index) => earlyCredits.get(earlyLines[index]!.id) ?? 0)).toEqual(
      plans.map((_, index) => lateCredits.get(lateLines[index]!.id) ?? 0),
    );

    // Each line's credits add up to what the rules say it is owed now that everything is known.
    const owed = await db
      .select({
        id: orderLines.id,
        cycleId: orders.cycleId,
        owed: amountOwed(orderLineTerms(groupResults.outcome), orders.percentageDiscount),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(
        groupResults,
        and(eq(groupResults.cycleId, orders.cycleId), eq(groupResults.productId, orderLines.productId)),
      )
      .where(inArray(orders.cycleId, [early.id, late.id]));
    let owing = 0;
    for (const row of owed) {
      const credits = row.cycleId === early.id ? earlyCredits : lateCredits;
      expect({ line: row.id, credited: credits.get(row.id) ?? 0 }).toEqual({
        line: row.id,
        credited: row.owed,
      });
      if (row.owed > 0) owing += 1;
    }
    expect(owing).toBeGreaterThan(100);
    // Lines never weighed, weighed twice, and at exactly half a cent are in the data.
    expect(plans.filter((plan) => plan.reweigh !== null).length).toBeGreaterThan(10);
    const [halves] = await db
      .execute<{ n: number }>(sql`
      select count(*)::int as n from order_lines ol join orders o on o.id = ol.order_id
      where o.cycle_id = ${early.id} and ol.actual_weight is not null
        and ((ol.gather_price_cents * ol.actual_weight) % 1 = 0.5
          or (ol.unit_price_cents * ol.actual_weight) % 1 = 0.5)`)
      .then((result) => result.rows);
    expect(halves!.n).toBeGreaterThan(3);

    expect(await services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
  }, 120_000);
});
