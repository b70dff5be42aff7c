import { describe, expect, it } from "vitest";
import {
  applyStockAdjustment,
  isLowStock,
  parseStockListQuery,
  STOCK_MAX,
  stockAdjustSchema,
} from "./stock.ts";

describe("applyStockAdjustment", () => {
  const instock = { mode: "instock", stock: 5 } as const;
  const group = { mode: "general", stock: null } as const;

  it("sets a count or adds and takes away", () => {
    expect(applyStockAdjustment(instock, { kind: "set", amount: 12 })).toEqual({ ok: true, stock: 12 });
    expect(applyStockAdjustment(instock, { kind: "delta", amount: 3 })).toEqual({ ok: true, stock: 8 });
    expect(applyStockAdjustment(instock, { kind: "delta", amount: -5 })).toEqual({ ok: true, stock: 0 });
  });

  it("never goes below 0 nor above the cap", () => {
    expect(applyStockAdjustment(instock, { kind: "delta", amount: -6 })).toEqual({
      ok: false,
      error: "below_zero",
    });
    expect(applyStockAdjustment(instock, { kind: "set", amount: -1 })).toEqual({
      ok: false,
      error: "below_zero",
    });
    expect(applyStockAdjustment(instock, { kind: "delta", amount: STOCK_MAX })).toEqual({
      ok: false,
      error: "too_large",
    });
  });

  it("lets group buys be unlimited, never instock; a delta needs a count to start from", () => {
    expect(applyStockAdjustment(group, { kind: "set", amount: 30 })).toEqual({ ok: true, stock: 30 });
    expect(applyStockAdjustment({ mode: "limited", stock: 4 }, { kind: "unlimited" })).toEqual({
      ok: true,
      stock: null,
    });
    expect(applyStockAdjustment(instock, { kind: "unlimited" })).toEqual({
      ok: false,
      error: "unlimited_not_allowed",
    });
    expect(applyStockAdjustment(group, { kind: "delta", amount: 1 })).toEqual({
      ok: false,
      error: "delta_on_unlimited",
    });
  });
});

describe("stockAdjustSchema", () => {
  const parse = (value: Record<string, string | undefined>) => stockAdjustSchema.safeParse(value);
  const firstMessage = (value: Record<string, string | undefined>) => parse(value).error?.issues[0]?.message;

  it("reads signed deltas and plain counts, forgiving spaces and commas", () => {
    expect(parse({ productId: "7", kind: "delta", amount: "-3" }).data).toEqual({
      productId: 7,
      kind: "delta",
      amount: -3,
    });
    expect(parse({ productId: "7", kind: "delta", amount: "+ 12" }).data).toMatchObject({ amount: 12 });
    expect(parse({ productId: "7", kind: "set", amount: "1,200" }).data).toMatchObject({ amount: 1_200 });
    expect(parse({ productId: "7", kind: "unlimited" }).data).toEqual({ productId: 7, kind: "unlimited" });
  });

  it("says what is wrong in catalogue keys", () => {
    expect(firstMessage({ productId: "7", kind: "set" })).toBe("validation.required");
    expect(firstMessage({ productId: "7", kind: "set", amount: "abc" })).toBe("validation.number");
    expect(firstMessage({ productId: "7", kind: "set", amount: "2.5" })).toBe("admin.stock.validation.whole");
    expect(firstMessage({ productId: "7", kind: "set", amount: "-2" })).toBe(
      "admin.stock.validation.notNegative",
    );
    expect(firstMessage({ productId: "7", kind: "delta", amount: "0" })).toBe(
      "admin.stock.validation.deltaZero",
    );
    expect(firstMessage({ productId: "7", kind: "set", amount: "99999999" })).toBe(
      "admin.stock.validation.tooLarge",
    );
    expect(parse({ productId: "7", kind: "steal" }).success).toBe(false);
    expect(parse({ productId: "x", kind: "unlimited" }).success).toBe(false);
  });
});

describe("the stock list", () => {
  it("reads its filters from the URL and ignores unknown values", () => {
    expect(parseStockListQuery(new URLSearchParams("mode=instock&level=low&q=雞&page=2"))).toMatchObject({
      mode: "instock",
      level: "low",
      q: "雞",
      page: 2,
    });
    expect(parseStockListQuery(new URLSearchParams("mode=flash&level=some"))).toMatchObject({
      mode: "all",
      level: "all",
    });
  });

  it("counts 10 or fewer as low, unlimited never", () => {
    expect(isLowStock(10)).toBe(true);
    expect(isLowStock(0)).toBe(true);
    expect(isLowStock(11)).toBe(false);
    expect(isLowStock(null)).toBe(false);
  });
});
