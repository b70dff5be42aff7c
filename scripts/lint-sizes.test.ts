import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of `npm run lint`, without types of its own.
import { findOversize, lineCount } from "./lint-sizes.mjs";

const find = findOversize as (files: Record<string, number>, listed?: Record<string, number>) => string[];
const count = lineCount as (text: string) => number;

describe("lint-sizes: no source file over 400 lines (issue 45 item 6)", () => {
  it("names a file over 400 lines in app/, server/, scripts/ or tests/, tests included", () => {
    for (const file of [
      "app/routes/shop/cart.tsx",
      "server/index.ts",
      "scripts/bench/ssr.ts",
      "tests/e2e/cart.spec.ts",
    ]) {
      expect(find({ [file]: 401 }, {}), file).toEqual([
        expect.stringContaining(`${file}: 401 lines, over 400`),
      ]);
      expect(find({ [file]: 400 }, {}), file).toEqual([]);
    }
  });

  it("leaves seed data and text catalogues alone", () => {
    expect(find({ "app/db/seed/demo-products.ts": 2000, "app/i18n/catalogue/zh-HK.ts": 900 }, {})).toEqual(
      [],
    );
  });

  it("lets a listed file keep its length but not grow, and makes the list shrink with it", () => {
    const listed = { "tests/integration/big.test.ts": 500 };
    expect(find({ "tests/integration/big.test.ts": 500 }, listed)).toEqual([]);
    expect(find({ "tests/integration/big.test.ts": 501 }, listed)).toEqual([
      expect.stringContaining("grown past the 500"),
    ]);
    expect(find({ "tests/integration/big.test.ts": 450 }, listed)).toEqual([
      expect.stringContaining("lower its number to 450"),
    ]);
    expect(find({ "tests/integration/big.test.ts": 300 }, listed)).toEqual([
      expect.stringContaining("take it off the list"),
    ]);
    expect(find({}, listed)).toEqual([expect.stringContaining("listed but gone")]);
  });

  it("counts lines as an editor does", () => {
    expect(count("")).toBe(0);
    expect(count("a\nb\n")).toBe(2);
    expect(count("a\nb")).toBe(2);
  });
});
