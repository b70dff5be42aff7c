import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { pickupCollectSchema, pickupSearchSchema } from "./pickup-console.schema.ts";

describe("the collect form", () => {
  it("needs at least one line and a reason for a missing line", () => {
    expect(z.safeParse(pickupCollectSchema, { intent: "collect" }).success).toBe(true);
    const missing = z.safeParse(pickupCollectSchema, {
      intent: "missing",
      missing: ["12"],
      reason: " 冇貨 ",
    });
    expect(missing.success && missing.data).toEqual({ intent: "missing", missing: [12], reason: "冇貨" });
    expect(z.safeParse(pickupCollectSchema, { intent: "missing", missing: [], reason: "冇貨" }).success).toBe(
      false,
    );
    expect(
      z.safeParse(pickupCollectSchema, { intent: "missing", missing: ["12"], reason: "  " }).success,
    ).toBe(false);
    expect(z.safeParse(pickupCollectSchema, { intent: "steal" }).success).toBe(false);
  });

  it("takes one ticked line as a string, and refuses ids that are not ids", () => {
    const one = z.safeParse(pickupCollectSchema, { intent: "missing", missing: "7", reason: "爛咗" });
    expect(one.success && one.data).toEqual({ intent: "missing", missing: [7], reason: "爛咗" });
    for (const missing of ["abc", "0", ["1", "-2"], undefined]) {
      const parsed = z.safeParse(pickupCollectSchema, { intent: "missing", missing, reason: "爛咗" });
      expect(parsed.success, String(missing)).toBe(false);
    }
  });
});

describe("the search box", () => {
  it("needs something typed or scanned, within 200 characters", () => {
    expect(z.safeParse(pickupSearchSchema, { q: " k7m2qx " }).data).toEqual({ q: "k7m2qx" });
    expect(z.safeParse(pickupSearchSchema, {}).success).toBe(false);
    expect(z.safeParse(pickupSearchSchema, { q: "x".repeat(201) }).success).toBe(false);
  });
});
