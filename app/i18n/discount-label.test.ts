import { describe, expect, it } from "vitest";
import { discountLabel } from "./index.ts";

describe("discountLabel", () => {
  it("writes a discount as Hong Kong shops do", () => {
    expect(discountLabel(90)).toBe("9折");
    expect(discountLabel(85)).toBe("85折");
    expect(discountLabel(100)).toBe("原價");
    expect(discountLabel(0)).toBe("全免");
  });
});
