import { describe, expect, it } from "vitest";
import {
  discountOffMarket,
  groupRefundPerUnit,
  isWeightPriced,
  lineAmount,
  payableUnitPrice,
} from "./pricing.ts";

const base = { priceCents: 12_000, gatherPriceCents: 9_800, marketPriceCents: 14_000 };

describe("payableUnitPrice (DESIGN §4.4)", () => {
  it("charges the original price for general group buys", () => {
    expect(payableUnitPrice({ ...base, mode: "general" })).toBe(12_000);
  });

  it("charges the group price for limited and instock", () => {
    expect(payableUnitPrice({ ...base, mode: "limited" })).toBe(9_800);
    expect(payableUnitPrice({ ...base, mode: "instock" })).toBe(9_800);
  });
});

describe("lineAmount (DESIGN §4.5)", () => {
  it("multiplies pieces by the unit price", () => {
    expect(lineAmount({ unit: "件", defaultWeight: 1 }, 3, 4_550)).toBe(13_650);
  });

  it("prices weight units by the estimated weight, rounding half up once", () => {
    // 2 × $98.00 × 2.5 磅 = $490.00
    expect(lineAmount({ unit: "磅", defaultWeight: 2.5 }, 2, 9_800)).toBe(49_000);
    // 1 × $33.33 × 1.5 = 4999.5 cents → 5000
    expect(lineAmount({ unit: "斤", defaultWeight: 1.5 }, 1, 3_333)).toBe(5_000);
  });

  it("ignores defaultWeight for pieces", () => {
    expect(lineAmount({ unit: "件", defaultWeight: 3 }, 2, 1_000)).toBe(2_000);
    expect(isWeightPriced({ unit: "件" })).toBe(false);
    expect(isWeightPriced({ unit: "kg" })).toBe(true);
  });
});

describe("discountOffMarket", () => {
  it("gives the whole-percent saving of the group price against the market price", () => {
    expect(discountOffMarket(base)).toBe(30);
    expect(discountOffMarket({ gatherPriceCents: 15_000, marketPriceCents: 14_000 })).toBe(0);
    expect(discountOffMarket({ gatherPriceCents: 100, marketPriceCents: 0 })).toBe(0);
  });
});

describe("groupRefundPerUnit (DESIGN §4.4)", () => {
  it("gives back original minus group price for general group buys only", () => {
    expect(groupRefundPerUnit({ ...base, mode: "general" })).toBe(2_200);
    expect(groupRefundPerUnit({ ...base, mode: "limited" })).toBe(0);
    expect(groupRefundPerUnit({ ...base, mode: "instock" })).toBe(0);
  });
});
