import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { cartActionSchema } from "./cart.schema.ts";

describe("cartActionSchema", () => {
  it("reads an intent with a product id", () => {
    expect(z.parse(cartActionSchema, { intent: "add", productId: "12" })).toEqual({
      intent: "add",
      productId: 12,
    });
    expect(z.parse(cartActionSchema, { intent: "selectAll" })).toEqual({ intent: "selectAll" });
  });

  it("refuses unknown intents and bad or missing ids", () => {
    for (const input of [
      { intent: "steal", productId: "1" },
      { intent: "add" },
      { intent: "add", productId: "0" },
      { intent: "add", productId: "-1" },
      { intent: "add", productId: "1.5" },
      { intent: "add", productId: "abc" },
      { intent: "add", productId: "99999999999" },
    ]) {
      expect(z.safeParse(cartActionSchema, input).success, JSON.stringify(input)).toBe(false);
    }
  });
});
