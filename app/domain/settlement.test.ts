import { describe, expect, it } from "vitest";
import { lineAmount, payableUnitPrice } from "./pricing.ts";
import {
  deliveryRefund,
  deliveryShare,
  finalLineAmount,
  type GroupOutcome,
  groupOutcome,
  lineAmountOwed,
  lineCreditReason,
  nextLineCredit,
  referralReward,
  type SettlementLine,
  weightRefusal,
} from "./settlement.ts";

const full = { percentageDiscount: 100 };

/** A line as checkout charges it (DESIGN §4.4–4.5). */
function line(
  product: {
    mode: SettlementLine["mode"];
    priceCents: number;
    gatherPriceCents: number;
    unit?: string;
    defaultWeight?: number;
  },
  quantity: number,
  actualWeight: number | null = null,
): SettlementLine {
  const unit = product.unit ?? "件";
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

describe("groupOutcome (DESIGN §4.3)", () => {
  it("is pending until the cycle is settled and for instock", () => {
    expect(groupOutcome("general", 10, 5, false)).toBe("pending");
    expect(groupOutcome("instock", 10, 5, true)).toBe("pending");
  });

  it("is met at the target and missed below it", () => {
    expect(groupOutcome("general", 5, 5, true)).toBe("met");
    expect(groupOutcome("limited", 4, 5, true)).toBe("missed");
    expect(groupOutcome("limited", 0, null, true)).toBe("met");
  });
});

describe("settling general group buys (DESIGN §4.8)", () => {
  it("credits the difference to the group price when the target is met", () => {
    const bought = line(steak, 2);
    expect(bought.amountCents).toBe(24_000);
    expect(finalLineAmount(bought, "met")).toBe(19_600);
    expect(lineAmountOwed(bought, "met", full)).toBe(4_400);
    expect(lineCreditReason(bought, "met", "settlement")).toBe("group_refund");
  });

  it("keeps the original price when the target is missed", () => {
    const bought = line(steak, 2);
    expect(finalLineAmount(bought, "missed")).toBe(24_000);
    expect(lineAmountOwed(bought, "missed", full)).toBe(0);
  });

  it("credits only what the member paid after a discount code", () => {
    // Charged $240.00 at 90%: paid $216.00; final $196.00 at 90% is $176.40; owed $39.60.
    expect(lineAmountOwed(line(steak, 2), "met", { percentageDiscount: 90 })).toBe(3_960);
  });
});

describe("settling limited group buys (DESIGN §4.8)", () => {
  it("keeps the group price charged when the target is met", () => {
    const bought = line(crab, 1);
    expect(bought.amountCents).toBe(24_000);
    expect(lineAmountOwed(bought, "met", full)).toBe(0);
  });

  it("credits the whole line back when the target is missed", () => {
    const bought = line(crab, 3);
    expect(finalLineAmount(bought, "missed")).toBe(0);
    expect(lineAmountOwed(bought, "missed", full)).toBe(72_000);
    expect(lineCreditReason(bought, "missed", "settlement")).toBe("limited_refund");
  });

  it("credits the whole line even when it was weighed first", () => {
    const weighed = line({ ...crab, unit: "磅", defaultWeight: 2 }, 1, 1.7);
    expect(lineAmountOwed(weighed, "missed", full)).toBe(weighed.amountCents);
  });
});

describe("weighing (DESIGN §4.9)", () => {
  it("credits the difference when a line weighs less than estimated", () => {
    // 2 pieces × 2.5 磅 × $100.00 charged = $500.00; weighed 4.6 磅 → $460.00.
    const weighed = line(wagyu, 2, 4.6);
    expect(weighed.amountCents).toBe(50_000);
    expect(lineAmountOwed(weighed, "pending", full)).toBe(4_000);
    expect(lineCreditReason(weighed, "pending", "weighing")).toBe("weight_refund");
  });

  it("never charges more when a line weighs more than estimated", () => {
    const heavier = line(wagyu, 2, 5.4);
    expect(finalLineAmount(heavier, "pending")).toBe(50_000);
    expect(lineAmountOwed(heavier, "pending", full)).toBe(0);
    // With the group met it is paid at the group price for the estimated weight, not more.
    expect(finalLineAmount(heavier, "met")).toBe(40_000);
  });

  it("rounds the weighed amount half up once per line", () => {
    // 1 × 1.5 斤 × $50.00 = $75.00; weighed 1.333 斤 → 6,665 cents exactly.
    expect(finalLineAmount(line(ribs, 1, 1.333), "pending")).toBe(6_665);
    // At $49.99 a 斤, 0.5 斤 is 2,499.5 cents → 2,500; 1.001 斤 is 5,003.999 → 5,004.
    const odd = { ...ribs, gatherPriceCents: 4_999 };
    expect(finalLineAmount(line(odd, 1, 0.5), "pending")).toBe(2_500);
    expect(finalLineAmount(line(odd, 1, 1.001), "pending")).toBe(5_004);
  });

  it("refuses weights that are not positive, absurd, or on a piece-priced line", () => {
    const bought = line(wagyu, 2);
    expect(weightRefusal(bought, 0)).toBe("notPositive");
    expect(weightRefusal(bought, -1)).toBe("notPositive");
    expect(weightRefusal(bought, Number.NaN)).toBe("notPositive");
    expect(weightRefusal(bought, 50.1)).toBe("tooHeavy");
    expect(weightRefusal(bought, 50)).toBeNull();
    expect(weightRefusal(line(steak, 1), 1)).toBe("notWeighed");
  });
});

describe("settle then weigh equals weigh then settle (DESIGN §4.8)", () => {
  /** Replays events in order, crediting each increment, and returns the credits. */
  function credits(
    bought: SettlementLine,
    weight: number,
    outcome: GroupOutcome,
    order: "settleFirst" | "weighFirst",
  ) {
    const steps =
      order === "settleFirst"
        ? [
            { cause: "settlement" as const, state: bought, outcome },
            { cause: "weighing" as const, state: { ...bought, actualWeight: weight }, outcome },
          ]
        : [
            {
              cause: "weighing" as const,
              state: { ...bought, actualWeight: weight },
              outcome: "pending" as const,
            },
            { cause: "settlement" as const, state: { ...bought, actualWeight: weight }, outcome },
          ];
    let credited = 0;
    const records: Array<{ reason: string; cents: number }> = [];
    for (const step of steps) {
      const cents = nextLineCredit(step.state, step.outcome, { percentageDiscount: 95 }, credited);
      if (cents > 0) records.push({ reason: lineCreditReason(step.state, step.outcome, step.cause), cents });
      credited += cents;
    }
    return { credited, records };
  }

  const cases: Array<[string, SettlementLine, number, GroupOutcome]> = [
    ["general met, lighter", line(wagyu, 2), 4.6, "met"],
    ["general met, heavier", line(wagyu, 2), 5.4, "met"],
    ["general missed, lighter", line(wagyu, 3), 6.95, "missed"],
    ["limited missed, lighter", line({ ...crab, unit: "磅", defaultWeight: 2 }, 2, null), 3.3, "missed"],
    ["limited met, lighter", line({ ...crab, unit: "kg", defaultWeight: 1.2 }, 1), 1.111, "met"],
    ["instock, lighter", line(ribs, 2), 2.71, "pending"],
  ];

  it.each(cases)("%s", (_name, bought, weight, outcome) => {
    const settleFirst = credits(bought, weight, outcome, "settleFirst");
    const weighFirst = credits(bought, weight, outcome, "weighFirst");
    expect(settleFirst.credited).toBe(weighFirst.credited);
    expect(settleFirst.credited).toBe(
      lineAmountOwed({ ...bought, actualWeight: weight }, outcome, { percentageDiscount: 95 }),
    );
    for (const record of [...settleFirst.records, ...weighFirst.records])
      expect(record.cents).toBeGreaterThan(0);
  });

  it("credits nothing more when the same state is settled again", () => {
    const bought = line(steak, 2);
    const owed = lineAmountOwed(bought, "met", full);
    expect(nextLineCredit(bought, "met", full, owed)).toBe(0);
  });
});

describe("delivery shares (DESIGN §4.8, SPEC §1)", () => {
  it("shares $100 among 5 members as $20 each", () => {
    expect(deliveryShare(10_000, 5)).toBe(2_000);
    expect(deliveryRefund(3_000, 2_000)).toBe(1_000);
  });

  it("rounds a share that does not divide evenly up to the cent", () => {
    // $100.00 / 3 = 3,333.33… cents → 3,334; three members pay $100.02 in all, never less than the fee.
    expect(deliveryShare(10_000, 3)).toBe(3_334);
    expect(deliveryShare(10_000, 3) * 3).toBeGreaterThanOrEqual(10_000);
    expect(deliveryShare(10_001, 7)).toBe(1_429);
  });

  it("never charges a member who paid less than the share", () => {
    expect(deliveryRefund(1_000, 2_000)).toBe(0);
    expect(deliveryShare(10_000, 0)).toBe(0);
  });
});

describe("referral rewards (SPEC §9)", () => {
  it("gives the shop's percentage (5 by default) of the items, rounded half up", () => {
    expect(referralReward(24_000, 5)).toBe(1_200);
    expect(referralReward(1_010, 5)).toBe(51);
    expect(referralReward(1_009, 5)).toBe(50);
    expect(referralReward(24_000, 8)).toBe(1_920);
    expect(referralReward(1_010, 3)).toBe(30); // 30.3
    expect(referralReward(24_000, 0)).toBe(0);
  });
});
