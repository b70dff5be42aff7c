import { describe, expect, it } from "vitest";
import { type CheckoutLine, cardFee, checkoutAmounts } from "./checkout.ts";

const piece = (mode: "general" | "limited" | "instock", price: number, gather: number) => ({
  mode,
  priceCents: price,
  gatherPriceCents: gather,
  unit: "件",
  defaultWeight: 1,
});

const line = (product: CheckoutLine["product"], quantity: number, selected = true): CheckoutLine => ({
  product,
  quantity,
  selected,
});

describe("checkoutAmounts (DESIGN §4.5)", () => {
  it("charges general lines the original price and the others the group price", () => {
    const amounts = checkoutAmounts({
      lines: [line(piece("general", 10_000, 8_000), 2), line(piece("instock", 5_000, 4_500), 1)],
      deliveryFeeCents: 0,
      balanceCents: 0,
    });
    expect(amounts.lines.map((l) => l.amountCents)).toEqual([20_000, 4_500]);
    expect(amounts.itemsCents).toBe(24_500);
    expect(amounts.payableCents).toBe(24_500);
  });

  it("prices weight lines by the estimated weight and rounds each line half up once", () => {
    const pork = {
      mode: "limited" as const,
      priceCents: 3_999,
      gatherPriceCents: 3_333,
      unit: "磅",
      defaultWeight: 2.5,
    };
    // 3 × 33.33 × 2.5 = 249.975 → $249.98
    expect(checkoutAmounts({ lines: [line(pork, 3)], deliveryFeeCents: 0, balanceCents: 0 }).itemsCents).toBe(
      24_998,
    );
  });

  it("leaves unselected lines out", () => {
    const amounts = checkoutAmounts({
      lines: [line(piece("instock", 1_000, 900), 1, false), line(piece("instock", 1_000, 900), 2)],
      deliveryFeeCents: 0,
      balanceCents: 0,
    });
    expect(amounts.itemsCents).toBe(1_800);
  });

  it("discounts items only, by the code's percentage to pay", () => {
    const amounts = checkoutAmounts({
      lines: [line(piece("instock", 3_333, 3_333), 1)],
      percentageDiscount: 90,
      deliveryFeeCents: 2_000,
      balanceCents: 0,
    });
    // 33.33 × 90% = 29.997 → 30.00; discount 3.33; fee not discounted
    expect(amounts.discountCents).toBe(333);
    expect(amounts.payableCents).toBe(3_333 - 333 + 2_000);
  });

  it("applies dDollar first and never below zero", () => {
    const some = checkoutAmounts({
      lines: [line(piece("instock", 10_000, 10_000), 1)],
      deliveryFeeCents: 1_500,
      balanceCents: 2_500,
    });
    expect(some.dDollarUsedCents).toBe(2_500);
    expect(some.payableCents).toBe(9_000);
    const all = checkoutAmounts({
      lines: [line(piece("instock", 10_000, 10_000), 1)],
      deliveryFeeCents: 1_500,
      balanceCents: 50_000,
    });
    expect(all.dDollarUsedCents).toBe(11_500);
    expect(all.payableCents).toBe(0);
  });

  it("adds the card fee at the shop's rate in basis points, rounded half up", () => {
    expect(cardFee(10_000, 150)).toBe(150);
    expect(cardFee(3_333, 150)).toBe(50); // 49.995 → 50
    expect(cardFee(0, 150)).toBe(0);
    expect(cardFee(10_000, 275)).toBe(275);
    expect(cardFee(3_333, 0)).toBe(0);
    expect(cardFee(12_345, 125)).toBe(154); // 154.3125
  });
});
