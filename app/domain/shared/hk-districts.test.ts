import { describe, expect, it } from "vitest";
import { hkDistrictNames, isDistrictOf } from "./hk-districts.ts";

describe("Hong Kong districts", () => {
  it("has the 18 districts once each", () => {
    expect(hkDistrictNames).toHaveLength(18);
    expect(new Set(hkDistrictNames).size).toBe(18);
  });

  it("knows which area a district belongs to", () => {
    expect(isDistrictOf("九龍", "觀塘區")).toBe(true);
    expect(isDistrictOf("香港島", "觀塘區")).toBe(false);
    expect(isDistrictOf("火星", "觀塘區")).toBe(false);
  });
});
