import { describe, expect, it } from "vitest";
import { centsTimes, formatCents, roundHalfUp } from "./money.ts";

describe("formatCents", () => {
  it("formats cents as HK dollars with two decimals and separators", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(-2000)).toBe("-$20.00");
    expect(formatCents(99)).toBe("$0.99");
    expect(formatCents(100_000_00)).toBe("$100,000.00");
    expect(formatCents(123_456_789_01)).toBe("$123,456,789.01");
    expect(formatCents(-5)).toBe("-$0.05");
  });

  it("writes what Intl's en-HK format writes, for amounts of every length", () => {
    const intl = new Intl.NumberFormat("en-HK", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let cents = 1; cents < Number.MAX_SAFE_INTEGER / 10; cents = cents * 7 + 3) {
      expect(formatCents(cents)).toBe(`$${intl.format(cents / 100)}`);
      expect(formatCents(-cents)).toBe(`-$${intl.format(cents / 100)}`);
    }
  });

  it("refuses fractional cents", () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe("roundHalfUp", () => {
  it("rounds .5 up", () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(2.4999)).toBe(2);
    expect(roundHalfUp(0.5)).toBe(1);
  });
});

describe("centsTimes", () => {
  it("multiplies by a weight of three decimals and rounds an exact half up", () => {
    // 1,001¢ × 0.5 = 500.5 → 501; 333¢ × 1.5 = 499.5 → 500.
    expect(centsTimes(1_001, 0.5)).toBe(501);
    expect(centsTimes(333, 1.5)).toBe(500);
    expect(centsTimes(8_500, 2.2)).toBe(18_700);
  });

  it("is not thrown off by a weight binary floating point cannot hold", () => {
    // 3 × 2.345 is 7.035000000000001 in floating point; 7.035 × 100¢ = 703.5 → 704.
    expect(centsTimes(100, 3 * 2.345)).toBe(704);
    // 0.1 + 0.2 = 0.30000000000000004; 0.3 × 5¢ = 1.5 → 2, and 1.005 × 10¢ = 10.05 → 10.
    expect(centsTimes(5, 0.1 + 0.2)).toBe(2);
    expect(centsTimes(10, 1.005)).toBe(10);
    expect(centsTimes(1_450, 1.115)).toBe(1_617);
  });

  it("keeps whole pieces whole", () => {
    expect(centsTimes(12_000, 2)).toBe(24_000);
    expect(centsTimes(0, 3.5)).toBe(0);
  });
});
