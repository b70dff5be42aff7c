import { describe, expect, it } from "vitest";
import { isHkPhone, normalizeHkPhone } from "./phone.ts";

describe("normalizeHkPhone", () => {
  it.each([
    ["91234567", "91234567"],
    ["9123 4567", "91234567"],
    ["+852 9123 4567", "91234567"],
    ["+85291234567", "91234567"],
    ["852 9123-4567", "91234567"],
    ["00852 91234567", "91234567"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeHkPhone(input)).toBe(expected);
  });

  it("leaves numbers of the wrong length for validation to refuse", () => {
    expect(isHkPhone(normalizeHkPhone("9123456"))).toBe(false);
    expect(isHkPhone(normalizeHkPhone("+852 9123 45678"))).toBe(false);
    expect(isHkPhone(normalizeHkPhone("abcdefgh"))).toBe(false);
  });
});
