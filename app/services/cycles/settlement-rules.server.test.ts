/**
 * Decision 0037: settlement's money rules are spelled once, as the SQL fragments of
 * settlement-rules.server.ts. These worked examples (DESIGN §4.8–4.9, decisions 0012 and 0024, hand
 * computed to the cent) evaluate the fragments on literal rows in PostgreSQL, the way the settlement
 * statement reads `order_lines ol`; then settle and weigh real orders in either order.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dollarLedger, orderLines } from "~/db/schema/index.ts";
import type { GroupOutcome, SettlementLine } from "~/domain/cycles/settlement.ts";
import { lineAmount, PIECE_UNIT, type ProductMode, payableUnitPrice } from "~/domain/shared/pricing.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";
import {
  aliasLineTerms,
  amountOwed,
  awaitsWeighing,
  creditReason,
  deliveryRefund,
  deliveryShare,
  finalAmount,
  groupOutcome,
  lineStanding,
  missingLineRefund,
  referralReward,
} from "./settlement-rules.server.ts";

const database = setupTestDatabase();

const full = { percentageDiscount: 100 };

interface Product {
  mode: ProductMode;
  priceCents: number;
  gatherPriceCents: number;
  unit?: string;
  defaultWeight?: number;
}

/** A line as checkout charges it (DESIGN §4.4–4.5). */
function line(product: Product, quantity: number, actualWeight: number | null = null): SettlementLine {
  const unit = product.unit ?? PIECE_UNIT;
  const defaultWeight = product.defaultWeight ?? 1;
  const unitPriceCents = payableUnitPrice(product);
  return {
    mode: product.mode,
    unit,
    quantity,
    defaultWeight,
    unitPriceCents,
    gatherPriceCents: product.gatherPriceCents,
    amountCents: lineAmount({ unit, defaultWeight }, quantity, unitPriceCents),
    actualWeight,
  };
}

/** Evaluates `expression` on one literal row shaped like `order_lines ol` (plus its outcome and discount). */
async function onRow<T>(
  row: SettlementLine,
  outcome: GroupOutcome,
  percentageDiscount: number,
  expression: (terms: ReturnType<typeof aliasLineTerms>) => SQL<T>,
): Promise<T> {
  const terms = aliasLineTerms("ol", sql`ol.outcome`);
  const result = await database.db.execute<{ value: T }>(sql`
    select ${expression(terms)} as value
    from (values (${row.mode}::text, ${row.unit}::text, ${row.quantity}::int,
      ${row.defaultWeight}::numeric(8, 3), ${row.unitPriceCents}::int, ${row.gatherPriceCents}::int,
      ${row.amountCents}::int, ${row.actualWeight}::numeric(10, 3),
      ${outcome === "pending" ? null : outcome}::text, ${percentageDiscount}::int))
      as ol(mode, unit, quantity, default_weight, unit_price_cents, gather_price_cents, amount_cents,
        actual_weight, outcome, percentage_discount)`);
  return result.rows[0]!.value;
}

const finalLineAmount = (row: SettlementLine, outcome: GroupOutcome) => onRow(row, outcome, 100, finalAmount);
const lineAmountOwed = (row: SettlementLine, outcome: GroupOutcome, order: { percentageDiscount: number }) =>
  onRow(row, outcome, order.percentageDiscount, (terms) => amountOwed(terms, sql`ol.percentage_discount`));
const lineCreditReason = (row: SettlementLine, outcome: GroupOutcome) =>
  onRow(row, outcome, 100, creditReason);
const waitsForWeight = (row: SettlementLine, outcome: GroupOutcome) =>
  onRow(row, outcome, 100, awaitsWeighing);
async function standing(row: SettlementLine, outcome: GroupOutcome) {
  const value = await onRow(row, outcome, 100, (terms) => {
    const fields = lineStanding(terms);
    return sql<{
      unitPriceCents: number;
      amountCents: number;
      chargedCents: number;
      weighedQuantity: string | null;
      awaitsWeighing: boolean;
    }>`json_build_object('unitPriceCents', ${fields.unitPriceCents}, 'amountCents', ${fields.amountCents},
      'chargedCents', ${fields.chargedCents}, 'weighedQuantity', ${fields.weighedQuantity}::text,
      'awaitsWeighing', ${fields.awaitsWeighing})`;
  });
  return { ...value, weighedQuantity: value.weighedQuantity === null ? null : Number(value.weighedQuantity) };
}

async function evaluate<T>(expression: SQL<T>): Promise<T> {
  const result = await database.db.execute<{ value: T }>(sql`select ${expression} as value`);
  return result.rows[0]!.value;
}
const int = (value: number) => sql`${value}::int`;
const share = (runFeeCents: number, members: number) =>
  evaluate(deliveryShare(int(runFeeCents), int(members)));
const refund = (paidCents: number, shareCents: number) =>
  evaluate(deliveryRefund(int(paidCents), int(shareCents)));
const reward = (baseCents: number, percent: number) => evaluate(referralReward(int(baseCents), int(percent)));

const steak = { mode: "general" as const, priceCents: 12_000, gatherPriceCents: 9_800 };
const wagyu = {
  mode: "general" as const,
  priceCents: 10_000,
  gatherPriceCents: 8_000,
  unit: "磅",
  defaultWeight: 2.5,
};
const crab = { mode: "limited" as const, priceCents: 30_000, gatherPriceCents: 24_000 };
const ribs = {
  mode: "instock" as const,
  priceCents: 6_000,
  gatherPriceCents: 5_000,
  unit: "斤",
  defaultWeight: 1.5,
};
const tenderloin = {
  mode: "general" as const,
  priceCents: 23_800,
  gatherPriceCents: 19_800,
  unit: "磅",
  defaultWeight: 2.5,
};
const fish = {
  mode: "instock" as const,
  priceCents: 1_500,
  gatherPriceCents: 1_300,
  unit: "斤",
  defaultWeight: 2,
};

describe("groupOutcome (DESIGN §4.3)", () => {
  it("is met at the target, missed below it, and met without a target", async () => {
    expect(await evaluate(groupOutcome(int(5), int(5)))).toBe("met");
    expect(await evaluate(groupOutcome(int(10), int(5)))).toBe("met");
    expect(await evaluate(groupOutcome(int(4), int(5)))).toBe("missed");
    expect(await evaluate(groupOutcome(int(0), sql`null::int`))).toBe("met");
  });
});

describe("settling general group buys (DESIGN §4.8)", () => {
  it("credits the difference to the group price when the target is met", async () => {
    const bought = line(steak, 2);
    expect(bought.amountCents).toBe(24_000);
    expect(await finalLineAmount(bought, "met")).toBe(19_600);
    expect(await lineAmountOwed(bought, "met", full)).toBe(4_400);
    expect(await lineCreditReason(bought, "met")).toBe("group_refund");
  });

  it("keeps the original price when the target is missed", async () => {
    const bought = line(steak, 2);
    expect(await finalLineAmount(bought, "missed")).toBe(24_000);
    expect(await lineAmountOwed(bought, "missed", full)).toBe(0);
  });

  it("credits only what the member paid after a discount code", async () => {
    // Charged $240.00 at 90%: paid $216.00; final $196.00 at 90% is $176.40; owed $39.60.
    expect(await lineAmountOwed(line(steak, 2), "met", { percentageDiscount: 90 })).toBe(3_960);
  });
});

describe("settling limited group buys (DESIGN §4.8)", () => {
  it("keeps the group price charged when the target is met", async () => {
    const bought = line(crab, 1);
    expect(bought.amountCents).toBe(24_000);
    expect(await lineAmountOwed(bought, "met", full)).toBe(0);
  });

  it("credits the whole line back when the target is missed", async () => {
    const bought = line(crab, 3);
    expect(await finalLineAmount(bought, "missed")).toBe(0);
    expect(await lineAmountOwed(bought, "missed", full)).toBe(72_000);
    expect(await lineCreditReason(bought, "missed")).toBe("limited_refund");
  });

  it("credits the whole line even when it was weighed first", async () => {
    const weighed = line({ ...crab, unit: "磅", defaultWeight: 2 }, 1, 1.7);
    expect(weighed.amountCents).toBe(48_000);
    expect(await lineAmountOwed(weighed, "missed", full)).toBe(48_000);
  });
});

describe("weighing (DESIGN §4.9)", () => {
  it("credits the difference when a line weighs less than estimated", async () => {
    // 2 pieces × 2.5 磅 × $100.00 charged = $500.00; weighed 4.6 磅 → $460.00.
    const weighed = line(wagyu, 2, 4.6);
    expect(weighed.amountCents).toBe(50_000);
    expect(await lineAmountOwed(weighed, "pending", full)).toBe(4_000);
    expect(await lineCreditReason(weighed, "pending")).toBe("weight_refund");
  });

  it("never charges more when a line weighs more than estimated", async () => {
    const heavier = line(wagyu, 2, 5.4);
    expect(await finalLineAmount(heavier, "pending")).toBe(50_000);
    expect(await lineAmountOwed(heavier, "pending", full)).toBe(0);
    // With the group met it is paid at the group price for the weight it has: $80 × 5.4 = $432.00.
    expect(await finalLineAmount(heavier, "met")).toBe(43_200);
    expect(await lineAmountOwed(heavier, "met", full)).toBe(6_800);
    // Never above the charged amount, however heavy.
    expect(await finalLineAmount(line(wagyu, 2, 7), "met")).toBe(50_000);
    expect(await lineAmountOwed(line(wagyu, 2, 7), "met", full)).toBe(0);
  });

  it("pays a heavier whole cut of a group that met by its weight (DESIGN §4.8 worked example)", async () => {
    // 和牛原條牛柳: est. 2.5 磅 at $238/磅 charged $595.00; group price $198/磅 met; weighed 2.6 磅.
    const weighed = line(tenderloin, 1, 2.6);
    expect(weighed.amountCents).toBe(59_500);
    // $198 × 2.6 = $514.80, so $80.20 comes back (not $100.00 on the estimate).
    expect(await finalLineAmount(weighed, "met")).toBe(51_480);
    expect(await lineAmountOwed(weighed, "met", full)).toBe(8_020);
    expect(await lineCreditReason(weighed, "met")).toBe("group_refund");
    // Before it is weighed nothing is owed yet: the refund waits for the weight.
    expect(await waitsForWeight(line(tenderloin, 1), "met")).toBe(true);
    expect(await lineAmountOwed(line(tenderloin, 1), "met", full)).toBe(0);
  });

  it("pays a lighter piece by its weight: 13 × 1.8 = 23.40", async () => {
    // $13.00/斤, est. 2 斤 charged $26.00; weighed 1.8 斤.
    const weighed = line(fish, 1, 1.8);
    expect(weighed.amountCents).toBe(2_600);
    expect(await finalLineAmount(weighed, "pending")).toBe(2_340);
    expect(await lineAmountOwed(weighed, "pending", full)).toBe(260);
    expect(await lineCreditReason(weighed, "pending")).toBe("weight_refund");
  });

  it("credits nothing for a weight-priced line until it is weighed, except a limited line that missed", async () => {
    expect(await waitsForWeight(line(wagyu, 2), "met")).toBe(true);
    expect(await lineAmountOwed(line(wagyu, 2), "met", full)).toBe(0);
    expect(await waitsForWeight(line(ribs, 2), "pending")).toBe(true);
    const lobster = line({ ...crab, unit: "磅", defaultWeight: 2 }, 1);
    expect(await waitsForWeight(lobster, "missed")).toBe(false);
    expect(await lineAmountOwed(lobster, "missed", full)).toBe(48_000);
    expect(await waitsForWeight(line(steak, 1), "met")).toBe(false);
  });

  it("rounds the weighed amount half up once per line", async () => {
    // 1 × 1.5 斤 × $50.00 = $75.00; weighed 1.333 斤 → 6,665 cents exactly.
    expect(await finalLineAmount(line(ribs, 1, 1.333), "pending")).toBe(6_665);
    // At $49.99 a 斤, 0.5 斤 is 2,499.5 cents → 2,500; 1.001 斤 is 5,003.999 → 5,004.
    const odd = { ...ribs, gatherPriceCents: 4_999 };
    expect(await finalLineAmount(line(odd, 1, 0.5), "pending")).toBe(2_500);
    expect(await finalLineAmount(line(odd, 1, 1.001), "pending")).toBe(5_004);
  });
});

describe("a line missing at pickup (issue 31 item 2)", () => {
  const missing = (chargedCents: number, percentageDiscount: number, creditedCents: number) =>
    evaluate(missingLineRefund(int(chargedCents), int(percentageDiscount), int(creditedCents)));

  it("gives back what was paid for the line after the order's discount", async () => {
    expect(await missing(5_000, 100, 0)).toBe(5_000);
    expect(await missing(5_005, 90, 0)).toBe(4_505);
  });

  it("leaves out what the ledger already gave back for the line, never below zero", async () => {
    expect(await missing(5_000, 100, 1_200)).toBe(3_800);
    expect(await missing(5_000, 100, 6_000)).toBe(0);
  });
});

describe("delivery shares (DESIGN §4.8, SPEC §1)", () => {
  it("shares $100 among 5 members as $20 each", async () => {
    expect(await share(10_000, 5)).toBe(2_000);
    expect(await refund(3_000, 2_000)).toBe(1_000);
  });

  it("rounds a share that does not divide evenly up to the cent", async () => {
    // $100.00 / 3 = 3,333.33… cents → 3,334; three members pay $100.02 in all, never less than the fee.
    expect(await share(10_000, 3)).toBe(3_334);
    expect(3_334 * 3).toBeGreaterThanOrEqual(10_000);
    expect(await share(10_001, 7)).toBe(1_429);
  });

  it("never charges a member who paid less than the share", async () => {
    expect(await refund(1_000, 2_000)).toBe(0);
    expect(await share(10_000, 0)).toBe(0);
  });
});

describe("referral rewards (SPEC §9)", () => {
  it("gives the shop's percentage (5 by default) of the items, rounded half up", async () => {
    expect(await reward(24_000, 5)).toBe(1_200);
    expect(await reward(1_010, 5)).toBe(51);
    expect(await reward(1_009, 5)).toBe(50);
    expect(await reward(24_000, 8)).toBe(1_920);
    expect(await reward(1_010, 3)).toBe(30); // 30.3
    expect(await reward(24_000, 0)).toBe(0);
  });

  it("is based on the order's items amount, not what is left after group refunds", async () => {
    // Items $908.00, of which $104.00 came back as group refunds: 5% of $908.00 = $45.40 each.
    expect(await reward(90_800, 5)).toBe(4_540);
    expect(await reward(90_800 - 10_400, 5)).toBe(4_020);
  });

  it("follows the shop's referral percentage", async () => {
    expect(await reward(90_800, 5)).toBe(4_540);
    expect(await reward(90_800, 8)).toBe(7_264);
  });
});

describe("lineStanding: a line as the receipt shows it (DESIGN §4.8)", () => {
  it("shows a weighed line at its weighed amount: 13 × 1.8 = $23.40", async () => {
    expect(await standing(line(fish, 1, 1.8), "pending")).toEqual({
      unitPriceCents: 1_300,
      amountCents: 2_340,
      chargedCents: 2_600,
      weighedQuantity: 1.8,
      awaitsWeighing: false,
    });
  });

  it("shows a heavier whole cut of a group that met at the group price for its weight", async () => {
    expect(await standing(line(tenderloin, 1, 2.6), "met")).toMatchObject({
      unitPriceCents: 19_800,
      amountCents: 51_480,
      chargedCents: 59_500,
      weighedQuantity: 2.6,
    });
    // Not weighed yet: as charged, waiting for the weight.
    expect(await standing(line(tenderloin, 1), "met")).toMatchObject({
      unitPriceCents: 23_800,
      amountCents: 59_500,
      weighedQuantity: null,
      awaitsWeighing: true,
    });
  });

  it("shows a piece line of a group that met at the group price, and a cancelled limited line at 0", async () => {
    expect(await standing(line(steak, 2), "met")).toMatchObject({
      unitPriceCents: 9_800,
      amountCents: 19_600,
      weighedQuantity: null,
    });
    expect(await standing(line(crab, 1), "missed")).toMatchObject({ amountCents: 0, chargedCents: 24_000 });
  });
});

describe("settle then weigh equals weigh then settle (DESIGN §4.8)", () => {
  /** A paid order of one line of a new product whose group meets, misses, or has none (instock). */
  async function boughtLine(
    product: Product,
    quantity: number,
    outcome: GroupOutcome,
    percentageDiscount = 95,
  ) {
    const { db } = database;
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id });
    const member = await createMember(db);
    const row = await createProduct(db, {
      categoryId: category.id,
      ...product,
      marketPriceCents: product.priceCents,
      unit: product.unit ?? PIECE_UNIT,
      defaultWeight: product.defaultWeight ?? 1,
      // One buyer: a target of 1 is met, 2 is missed.
      targetBuyers: outcome === "pending" ? null : outcome === "met" ? 1 : 2,
      stock: product.mode === "instock" ? 100 : null,
    });
    const cycle = await closedCycle(db);
    await paidOrder(db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: point.id,
      percentageDiscount,
      lines: [{ product: row, quantity }],
    });
    const [orderLine] = await db
      .select({ id: orderLines.id, amountCents: orderLines.amountCents })
      .from(orderLines)
      .where(eq(orderLines.productId, row.id));
    return { cycleId: cycle.id, lineId: orderLine!.id, amountCents: orderLine!.amountCents };
  }

  /** The line's credits so far: their total and each record's reason and cents. */
  async function credited(lineId: number) {
    const records = await database.db
      .select({ reason: dollarLedger.reason, cents: dollarLedger.amountCents })
      .from(dollarLedger)
      .where(eq(dollarLedger.orderLineId, lineId))
      .orderBy(dollarLedger.id);
    return { total: records.reduce((sum, record) => sum + record.cents, 0), records };
  }

  /** Settles and weighs in the given order; returns what each step credited and the records. */
  async function replay(
    product: Product,
    quantity: number,
    weight: number,
    outcome: GroupOutcome,
    order: "settleFirst" | "weighFirst",
  ) {
    const { settlement } = database.services.cycles;
    const bought = await boughtLine(product, quantity, outcome);
    const settle = async () =>
      expect(await settlement.settleCycle(bought.cycleId)).toMatchObject({ status: "settled" });
    // A weighing never takes dDollar back: `wouldTakeBack` would refuse it.
    const weigh = async () =>
      expect(await settlement.weighLine(bought.lineId, weight)).toMatchObject({ status: "weighed" });
    const steps = order === "settleFirst" ? [settle, weigh] : [weigh, settle];
    const along: number[] = [];
    let before = 0;
    for (const step of steps) {
      await step();
      const now = (await credited(bought.lineId)).total;
      along.push(now - before);
      before = now;
    }
    return { ...bought, along, ...(await credited(bought.lineId)) };
  }

  // Each at a 95% discount code: [name, product, quantity, weight, outcome, charged, owed in all,
  // credited at each step settling first, credited at each step weighing first].
  const cases: Array<[string, Product, number, number, GroupOutcome, number, number, number[], number[]]> = [
    // Charged $500.00, paid $475.00; $80 × 4.6 = $368.00, paid $349.60: $125.40. Weighed before the
    // cut-off at $100 × 4.6 = $460.00 (paid $437.00): $38.00, then the group price's $87.40.
    ["general met, lighter", wagyu, 2, 4.6, "met", 50_000, 12_540, [0, 12_540], [3_800, 8_740]],
    // $80 × 5.4 = $432.00, paid $410.40: $64.60, all once both are known.
    ["general met, heavier", wagyu, 2, 5.4, "met", 50_000, 6_460, [0, 6_460], [0, 6_460]],
    // $595.00 paid $565.25; $198 × 2.6 = $514.80 paid $489.06: $76.19.
    ["general met, heavier whole cut", tenderloin, 1, 2.6, "met", 59_500, 7_619, [0, 7_619], [0, 7_619]],
    // $80 × 6.6 = $528.00, above the $500.00 charged: nothing.
    ["general met, far heavier", wagyu, 2, 6.6, "met", 50_000, 0, [0, 0], [0, 0]],
    // $750.00 paid $712.50; $100 × 6.95 = $695.00 paid $660.25: $52.25.
    ["general missed, lighter", wagyu, 3, 6.95, "missed", 75_000, 5_225, [0, 5_225], [5_225, 0]],
    ["general missed, heavier", wagyu, 3, 8.1, "missed", 75_000, 0, [0, 0], [0, 0]],
    // Cancelled: the whole $960.00 paid $912.00 comes back. Weighed first at $240 × 3.3 = $792.00
    // (paid $752.40): $159.60, then the rest, $752.40, at the cut-off.
    [
      "limited missed, lighter",
      { ...crab, unit: "磅", defaultWeight: 2 },
      2,
      3.3,
      "missed",
      96_000,
      91_200,
      [91_200, 0],
      [15_960, 75_240],
    ],
    // $288.00 paid $273.60; $240 × 1.111 = $266.64 paid $253.31: $20.29.
    [
      "limited met, lighter",
      { ...crab, unit: "kg", defaultWeight: 1.2 },
      1,
      1.111,
      "met",
      28_800,
      2_029,
      [0, 2_029],
      [2_029, 0],
    ],
    [
      "limited met, heavier",
      { ...crab, unit: "kg", defaultWeight: 1.2 },
      1,
      1.3,
      "met",
      28_800,
      0,
      [0, 0],
      [0, 0],
    ],
    // $150.00 paid $142.50; $50 × 2.71 = $135.50 paid $128.73: $13.77.
    ["instock, lighter", ribs, 2, 2.71, "pending", 15_000, 1_377, [0, 1_377], [1_377, 0]],
    ["instock, heavier", ribs, 2, 3.2, "pending", 15_000, 0, [0, 0], [0, 0]],
  ];

  it.each(cases)(
    "%s",
    async (_name, product, quantity, weight, outcome, charged, owed, settleSteps, weighSteps) => {
      const settleFirst = await replay(product, quantity, weight, outcome, "settleFirst");
      const weighFirst = await replay(product, quantity, weight, outcome, "weighFirst");
      expect(settleFirst.amountCents).toBe(charged);
      expect(settleFirst.along).toEqual(settleSteps);
      expect(weighFirst.along).toEqual(weighSteps);
      expect(settleFirst.total).toBe(owed);
      expect(weighFirst.total).toBe(owed);
      // Weighed after the cut-off, the credit carries the reason of the line's outcome.
      const reason = await lineCreditReason(line(product, quantity), outcome);
      expect(settleFirst.records.map((record) => record.reason)).toEqual(
        settleFirst.records.length ? [reason] : [],
      );
    },
  );

  it("gives the worked example's $80.20 in either order, all of it once weighed", async () => {
    const settleFirst = await boughtLine(tenderloin, 1, "met", 100);
    // Settled first: nothing while the weight is unknown, then $80.20 at weighing.
    await database.services.cycles.settlement.settleCycle(settleFirst.cycleId);
    expect((await credited(settleFirst.lineId)).total).toBe(0);
    expect(await database.services.cycles.settlement.weighLine(settleFirst.lineId, 2.6)).toEqual({
      status: "weighed",
      creditedCents: 8_020,
    });
    // Weighed first (before the cut-off, at $238/磅 it is dearer than charged): nothing, then $80.20.
    const weighFirst = await boughtLine(tenderloin, 1, "met", 100);
    expect(await database.services.cycles.settlement.weighLine(weighFirst.lineId, 2.6)).toEqual({
      status: "weighed",
      creditedCents: 0,
    });
    await database.services.cycles.settlement.settleCycle(weighFirst.cycleId);
    expect(await credited(weighFirst.lineId)).toEqual({
      total: 8_020,
      records: [{ reason: "group_refund", cents: 8_020 }],
    });
  });

  it("credits nothing more when the same weight is recorded again", async () => {
    const bought = await boughtLine(wagyu, 2, "met", 100);
    await database.services.cycles.settlement.settleCycle(bought.cycleId);
    expect(await database.services.cycles.settlement.weighLine(bought.lineId, 5.4)).toEqual({
      status: "weighed",
      creditedCents: 6_800,
    });
    expect(await database.services.cycles.settlement.weighLine(bought.lineId, 5.4)).toEqual({
      status: "weighed",
      creditedCents: 0,
    });
    expect((await credited(bought.lineId)).total).toBe(6_800);
  });
});
