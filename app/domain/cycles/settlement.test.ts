import { describe, expect, it } from "vitest";
import { lineAmount, payableUnitPrice } from "../shared/pricing.ts";
import {
  awaitsWeighing,
  deliveryRefund,
  deliveryShare,
  finalLineAmount,
  type GroupOutcome,
  groupOutcome,
  lineAmountOwed,
  lineCreditReason,
  lineStanding,
  nextLineCredit,
  referralBase,
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
    expect(lineCreditReason(bought, "met")).toBe("group_refund");
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
    expect(lineCreditReason(bought, "missed")).toBe("limited_refund");
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
    expect(lineCreditReason(weighed, "pending")).toBe("weight_refund");
  });

  it("never charges more when a line weighs more than estimated", () => {
    const heavier = line(wagyu, 2, 5.4);
    expect(finalLineAmount(heavier, "pending")).toBe(50_000);
    expect(lineAmountOwed(heavier, "pending", full)).toBe(0);
    // With the group met it is paid at the group price for the weight it has: $80 × 5.4 = $432.00.
    expect(finalLineAmount(heavier, "met")).toBe(43_200);
    expect(lineAmountOwed(heavier, "met", full)).toBe(6_800);
    // Never above the charged amount, however heavy.
    expect(finalLineAmount(line(wagyu, 2, 7), "met")).toBe(50_000);
    expect(lineAmountOwed(line(wagyu, 2, 7), "met", full)).toBe(0);
  });

  it("pays a heavier whole cut of a group that met by its weight (DESIGN §4.8 worked example)", () => {
    // 和牛原條牛柳: est. 2.5 磅 at $238/磅 charged $595.00; group price $198/磅 met; weighed 2.6 磅.
    const tenderloin = {
      mode: "general" as const,
      priceCents: 23_800,
      gatherPriceCents: 19_800,
      unit: "磅",
      defaultWeight: 2.5,
    };
    const weighed = line(tenderloin, 1, 2.6);
    expect(weighed.amountCents).toBe(59_500);
    // $198 × 2.6 = $514.80, so $80.20 comes back (not $100.00 on the estimate).
    expect(finalLineAmount(weighed, "met")).toBe(51_480);
    expect(lineAmountOwed(weighed, "met", full)).toBe(8_020);
    expect(lineCreditReason(weighed, "met")).toBe("group_refund");
    // Before it is weighed nothing is owed yet: the refund waits for the weight.
    expect(awaitsWeighing(line(tenderloin, 1), "met")).toBe(true);
    expect(lineAmountOwed(line(tenderloin, 1), "met", full)).toBe(0);
  });

  it("pays a lighter piece by its weight: 13 × 1.8 = 23.40", () => {
    // $13.00/斤, est. 2 斤 charged $26.00; weighed 1.8 斤.
    const fish = {
      mode: "instock" as const,
      priceCents: 1_500,
      gatherPriceCents: 1_300,
      unit: "斤",
      defaultWeight: 2,
    };
    const weighed = line(fish, 1, 1.8);
    expect(weighed.amountCents).toBe(2_600);
    expect(finalLineAmount(weighed, "pending")).toBe(2_340);
    expect(lineAmountOwed(weighed, "pending", full)).toBe(260);
    expect(lineCreditReason(weighed, "pending")).toBe("weight_refund");
  });

  it("credits nothing for a weight-priced line until it is weighed, except a limited line that missed", () => {
    expect(awaitsWeighing(line(wagyu, 2), "met")).toBe(true);
    expect(lineAmountOwed(line(wagyu, 2), "met", full)).toBe(0);
    expect(awaitsWeighing(line(ribs, 2), "pending")).toBe(true);
    const lobster = line({ ...crab, unit: "磅", defaultWeight: 2 }, 1);
    expect(awaitsWeighing(lobster, "missed")).toBe(false);
    expect(lineAmountOwed(lobster, "missed", full)).toBe(lobster.amountCents);
    expect(awaitsWeighing(line(steak, 1), "met")).toBe(false);
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
  const discounted = { percentageDiscount: 95 };

  /**
   * Replays events in order, crediting each increment, and returns the credits. `owedAlong` is what
   * is owed after each event: it never falls below what was credited before (nothing taken back).
   */
  function credits(
    bought: SettlementLine,
    weight: number,
    outcome: GroupOutcome,
    order: "settleFirst" | "weighFirst",
  ) {
    const weighed = { ...bought, actualWeight: weight };
    const steps =
      order === "settleFirst"
        ? [
            { state: bought, outcome },
            { state: weighed, outcome },
          ]
        : [
            { state: weighed, outcome: "pending" as const },
            { state: weighed, outcome },
          ];
    let credited = 0;
    const records: Array<{ reason: string; cents: number }> = [];
    const owedAlong: Array<{ owed: number; creditedBefore: number }> = [];
    for (const step of steps) {
      owedAlong.push({
        owed: lineAmountOwed(step.state, step.outcome, discounted),
        creditedBefore: credited,
      });
      const cents = nextLineCredit(step.state, step.outcome, discounted, credited);
      if (cents > 0) records.push({ reason: lineCreditReason(step.state, step.outcome), cents });
      credited += cents;
    }
    return { credited, records, owedAlong };
  }

  const tenderloin = {
    mode: "general" as const,
    priceCents: 23_800,
    gatherPriceCents: 19_800,
    unit: "磅",
    defaultWeight: 2.5,
  };
  const cases: Array<[string, SettlementLine, number, GroupOutcome]> = [
    ["general met, lighter", line(wagyu, 2), 4.6, "met"],
    ["general met, heavier", line(wagyu, 2), 5.4, "met"],
    ["general met, heavier whole cut", line(tenderloin, 1), 2.6, "met"],
    ["general met, far heavier", line(wagyu, 2), 6.6, "met"],
    ["general missed, lighter", line(wagyu, 3), 6.95, "missed"],
    ["general missed, heavier", line(wagyu, 3), 8.1, "missed"],
    ["limited missed, lighter", line({ ...crab, unit: "磅", defaultWeight: 2 }, 2, null), 3.3, "missed"],
    ["limited met, lighter", line({ ...crab, unit: "kg", defaultWeight: 1.2 }, 1), 1.111, "met"],
    ["limited met, heavier", line({ ...crab, unit: "kg", defaultWeight: 1.2 }, 1), 1.3, "met"],
    ["instock, lighter", line(ribs, 2), 2.71, "pending"],
    ["instock, heavier", line(ribs, 2), 3.2, "pending"],
  ];

  it.each(cases)("%s", (_name, bought, weight, outcome) => {
    const settleFirst = credits(bought, weight, outcome, "settleFirst");
    const weighFirst = credits(bought, weight, outcome, "weighFirst");
    expect(settleFirst.credited).toBe(weighFirst.credited);
    expect(settleFirst.credited).toBe(
      lineAmountOwed({ ...bought, actualWeight: weight }, outcome, discounted),
    );
    for (const record of [...settleFirst.records, ...weighFirst.records])
      expect(record.cents).toBeGreaterThan(0);
    for (const step of [...settleFirst.owedAlong, ...weighFirst.owedAlong])
      expect(step.owed).toBeGreaterThanOrEqual(step.creditedBefore);
    // Weighed after the cut-off, the credit carries the same reason as when settled after weighing.
    expect(settleFirst.records.map((record) => record.reason)).toEqual(
      settleFirst.records.length ? [lineCreditReason(bought, outcome)] : [],
    );
  });

  it("gives the worked example's $80.20 in either order, all of it once weighed", () => {
    const bought = line(tenderloin, 1);
    const weighed = { ...bought, actualWeight: 2.6 };
    // Settled first: nothing while the weight is unknown, then $80.20 at weighing.
    const atSettlement = nextLineCredit(bought, "met", full, 0);
    expect([atSettlement, nextLineCredit(weighed, "met", full, atSettlement)]).toEqual([0, 8_020]);
    // Weighed first (before the cut-off, at $238/磅 it is dearer than charged): nothing, then $80.20.
    const atWeighing = nextLineCredit(weighed, "pending", full, 0);
    expect([atWeighing, nextLineCredit(weighed, "met", full, atWeighing)]).toEqual([0, 8_020]);
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

  it("is based on the order's items amount, not what is left after group refunds", () => {
    // Items $908.00, of which $104.00 came back as group refunds: 5% of $908.00 = $45.40 each.
    const order = { itemsCents: 90_800 };
    expect(referralBase(order)).toBe(90_800);
    expect(referralReward(referralBase(order), 5)).toBe(4_540);
    expect(referralReward(90_800 - 10_400, 5)).toBe(4_020);
  });

  it("follows the shop's referral percentage", () => {
    expect(referralReward(90_800, 5)).toBe(4_540);
    expect(referralReward(90_800, 8)).toBe(7_264);
  });
});

describe("lineStanding: a line as the receipt shows it (DESIGN §4.8)", () => {
  it("shows a weighed line at its weighed amount: 13 × 1.8 = $23.40", () => {
    const fish = {
      mode: "instock" as const,
      priceCents: 1_500,
      gatherPriceCents: 1_300,
      unit: "斤",
      defaultWeight: 2,
    };
    expect(lineStanding(line(fish, 1, 1.8), "pending")).toEqual({
      unitPriceCents: 1_300,
      amountCents: 2_340,
      chargedCents: 2_600,
      weighedQuantity: 1.8,
      awaitsWeighing: false,
    });
  });

  it("shows a heavier whole cut of a group that met at the group price for its weight", () => {
    const tenderloin = {
      mode: "general" as const,
      priceCents: 23_800,
      gatherPriceCents: 19_800,
      unit: "磅",
      defaultWeight: 2.5,
    };
    expect(lineStanding(line(tenderloin, 1, 2.6), "met")).toMatchObject({
      unitPriceCents: 19_800,
      amountCents: 51_480,
      chargedCents: 59_500,
    });
    // Not weighed yet: as charged, waiting for the weight.
    expect(lineStanding(line(tenderloin, 1), "met")).toMatchObject({
      unitPriceCents: 23_800,
      amountCents: 59_500,
      weighedQuantity: null,
      awaitsWeighing: true,
    });
  });

  it("shows a piece line of a group that met at the group price, and a cancelled limited line at 0", () => {
    expect(lineStanding(line(steak, 2), "met")).toMatchObject({ unitPriceCents: 9_800, amountCents: 19_600 });
    expect(lineStanding(line(crab, 1), "missed")).toMatchObject({ amountCents: 0, chargedCents: 24_000 });
  });
});
