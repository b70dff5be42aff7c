import { describe, expect, it } from "vitest";
import { formatCents, roundHalfUp } from "./money.ts";

describe("formatCents", () => {
  it("formats cents as HK dollars with two decimals and separators", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(-2000)).toBe("-$20.00");
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
