import { describe, expect, it } from "vitest";
import { CSV_BOM, toCsv } from "../shared/csv.ts";
import { centsToDollars } from "../shared/dollar-amounts.ts";
import { STOCK_IMPORT_MAX_ROWS } from "./stock.ts";
import {
  parseDollarCell,
  parseStockCell,
  readStockCsv,
  type StockProduct,
  stockCsvHeader,
  stockCsvRecord,
} from "./stock-csv.ts";
import { isExpired, planStockImport, STOCK_IMPORT_TTL_MS, staleLines, summarize } from "./stock-import.ts";

const products: StockProduct[] = [
  {
    id: 1,
    slug: "chicken-wings",
    name: "急凍雞翼",
    mode: "general",
    stock: null,
    priceCents: 10_000,
    gatherPriceCents: 8_000,
    marketPriceCents: 12_000,
  },
  {
    id: 2,
    slug: "-minus-rice",
    name: "=泰國香米",
    mode: "instock",
    stock: 20,
    priceCents: 5_000,
    gatherPriceCents: 4_500,
    marketPriceCents: 6_000,
  },
  {
    id: 3,
    slug: "king-crab",
    name: "皇帝蟹",
    mode: "limited",
    stock: 5,
    priceCents: 50_000,
    gatherPriceCents: 40_000,
    marketPriceCents: 60_000,
  },
];

function read(text: string) {
  const result = readStockCsv(new TextEncoder().encode(text));
  if (!result.ok) throw new Error(`file refused: ${result.error.code}`);
  return result;
}

function plan(text: string) {
  return planStockImport(read(text), products);
}

function fileError(input: string | Uint8Array) {
  const result = readStockCsv(typeof input === "string" ? new TextEncoder().encode(input) : input);
  return result.ok ? null : result.error;
}

describe("readStockCsv: the file as a whole", () => {
  it("reads UTF-8 with a byte-order mark the same as without", () => {
    const body = "id,stock\r\n2,15\r\n";
    const withBom = plan(`${CSV_BOM}${body}`);
    expect(withBom).toEqual(plan(body));
    expect(withBom.issues).toEqual([]);
    expect(withBom.rows[0]).toMatchObject({ line: 2, productId: 2, after: { stock: 15 } });
  });

  it("refuses a file that is not UTF-8 (Excel's Big5 CSV)", () => {
    // "庫存" in Big5.
    const big5 = new Uint8Array([0xae, 0x77, 0xa6, 0x73, 0x2c, 0x69, 0x64, 0x0a, 0x31, 0x2c, 0x32]);
    expect(fileError(big5)).toEqual({ code: "not_utf8" });
  });

  it("refuses an empty file, a BOM alone, blank lines and a header without rows", () => {
    expect(fileError("")).toEqual({ code: "empty_file" });
    expect(fileError(CSV_BOM)).toEqual({ code: "empty_file" });
    expect(fileError("\r\n \r\n")).toEqual({ code: "empty_file" });
    expect(fileError("id,stock\r\n")).toEqual({ code: "no_rows" });
    expect(fileError("id,stock\r\n,\r\n\r\n")).toEqual({ code: "no_rows" });
  });

  it("refuses a wrong header: no product column, no stock column, unknown or repeated names", () => {
    expect(fileError("name,stock\n雞翼,5")).toEqual({ code: "missing_reference_column" });
    expect(fileError("id,price\n1,5")).toEqual({ code: "missing_stock_column" });
    expect(fileError("id,stcok\n1,5")).toEqual({ code: "unknown_column", column: "stcok" });
    expect(fileError("id,stock,Stock\n1,5,6")).toEqual({ code: "duplicate_column", column: "Stock" });
    // A semicolon file is one unknown column to a comma reader.
    expect(fileError("id;stock\n1;5")).toEqual({ code: "unknown_column", column: "id;stock" });
  });

  it("matches header names loosely and in the shop's Chinese", () => {
    const result = plan("ID , Slug,STOCK,gather_price,原價\n1,chicken-wings,8,70,90");
    expect(result.issues).toEqual([]);
    expect(result.rows[0]!.after).toEqual({
      stock: 8,
      priceCents: 9_000,
      gatherPriceCents: 7_000,
      marketPriceCents: 12_000,
    });
    expect(plan("編號,庫存,成團價,市價\n3,7,390,610").rows[0]!.after.marketPriceCents).toBe(61_000);
  });

  it("refuses more rows than the cap", () => {
    const rows = Array.from({ length: STOCK_IMPORT_MAX_ROWS + 1 }, (_, index) => `${index + 1},1`);
    expect(fileError(`id,stock\n${rows.join("\n")}`)).toEqual({ code: "too_many_rows" });
  });
});

describe("readStockCsv and planStockImport: row by row", () => {
  it("reports a row with an unterminated quote as malformed", () => {
    const result = plan('id,stock\n1,5\n2,"7\n3,4');
    expect(result.issues).toEqual([{ line: 3, code: "malformed" }]);
    expect(result.rows.map((row) => row.line)).toEqual([2]);
  });

  it("reports rows with too few or too many cells", () => {
    const result = plan("id,stock\n1\n2,5,9\n3,4");
    expect(result.issues).toEqual([
      { line: 2, code: "column_count", params: { expected: 2, actual: 1 } },
      { line: 3, code: "column_count", params: { expected: 2, actual: 3 } },
    ]);
    expect(result.rows.map((row) => row.productId)).toEqual([3]);
  });

  it("skips blank lines but keeps the spreadsheet's line numbers", () => {
    const result = plan("id,stock\n\n1,5\n,\n3,x\n");
    expect(result.rows[0]!.line).toBe(3);
    expect(result.issues).toEqual([
      { line: 5, code: "stock_not_number", params: { column: "stock", value: "x" } },
    ]);
  });

  it("refuses negative, fractional, non-numeric and huge stock", () => {
    const result = plan("id,stock\n1,-3\n2,2.5\n3,十\n1,2000000");
    expect(result.issues.map((issue) => [issue.line, issue.code])).toEqual([
      [2, "stock_negative"],
      [3, "stock_not_whole"],
      [4, "stock_not_number"],
      [5, "stock_too_large"],
      [5, "duplicate_product"],
    ]);
    expect(result.rows).toEqual([]);
  });

  it("refuses prices with three decimals, negative or non-numeric prices", () => {
    const result = plan("id,stock,price,gatherPrice,marketPrice\n1,5,12.345,,\n2,5,,-1,\n3,5,,,abc\n");
    expect(result.issues).toEqual([
      { line: 2, code: "price_decimals", params: { column: "price", value: "12.345" } },
      { line: 3, code: "price_negative", params: { column: "gatherPrice", value: "-1" } },
      { line: 4, code: "price_not_number", params: { column: "marketPrice", value: "abc" } },
    ]);
    expect(result.rows).toEqual([]);
  });

  it("reads dollars to cents by the digits, with $ signs and thousands commas", () => {
    expect(parseDollarCell("0.29")).toEqual({ ok: true, value: 29 });
    expect(parseDollarCell("1.1")).toEqual({ ok: true, value: 110 });
    expect(parseDollarCell("$1,234.50")).toEqual({ ok: true, value: 123_450 });
    expect(parseDollarCell("HK$ 88")).toEqual({ ok: true, value: 8_800 });
    expect(parseDollarCell(".5")).toEqual({ ok: true, value: 50 });
    expect(parseDollarCell("1.000")).toEqual({ ok: false, error: "price_decimals" });
    expect(parseDollarCell("1,23")).toEqual({ ok: false, error: "price_not_number" });
    expect(parseDollarCell("1e3")).toEqual({ ok: false, error: "price_not_number" });
    expect(parseDollarCell("2000000")).toEqual({ ok: false, error: "price_too_large" });
    expect(parseStockCell("1,200")).toEqual({ ok: true, value: 1_200 });
  });

  it("refuses the same product twice, even once by id and once by slug", () => {
    const result = plan("id,slug,stock\n3,,4\n,king-crab,6\n1,,7\n1,,8");
    expect(result.issues).toEqual([
      { line: 3, code: "duplicate_product", params: { otherLine: 2, value: "皇帝蟹" } },
      { line: 5, code: "duplicate_product", params: { otherLine: 4, value: "急凍雞翼" } },
    ]);
  });

  it("refuses unknown products, bad ids, rows naming nothing and an id and slug that disagree", () => {
    const result = plan("id,slug,stock\n99,,4\n,no-such-thing,4\nabc,,4\n,,4\n1,king-crab,4");
    expect(result.issues).toEqual([
      { line: 2, code: "unknown_product", params: { value: "99" } },
      { line: 3, code: "unknown_product", params: { value: "no-such-thing" } },
      { line: 4, code: "bad_id", params: { column: "id", value: "abc" } },
      { line: 5, code: "missing_reference" },
      { line: 6, code: "reference_mismatch", params: { id: 1, value: "king-crab" } },
    ]);
  });

  it("lets group buys be unlimited (empty stock) but not instock products", () => {
    const result = plan("id,stock\n1,\n3,\n2,");
    expect(result.rows.map((row) => [row.productId, row.after.stock])).toEqual([
      [1, null],
      [3, null],
    ]);
    expect(result.issues).toEqual([{ line: 4, code: "stock_required", params: { value: "=泰國香米" } }]);
  });

  it("refuses a group price above the original price after the change", () => {
    const result = plan("id,stock,price,gatherPrice\n1,5,70,\n3,5,,500.01\n2,5,40,40");
    expect(result.issues).toEqual([
      { line: 2, code: "gather_above_price", params: { gather: 8_000, price: 7_000 } },
      { line: 3, code: "gather_above_price", params: { gather: 50_001, price: 50_000 } },
    ]);
    expect(result.rows.map((row) => row.productId)).toEqual([2]);
  });

  it("keeps a price whose cell is empty and marks rows that change nothing", () => {
    const result = plan("id,stock,price\n3,5,\n2,21,");
    expect(result.rows.map((row) => row.changed)).toEqual([false, true]);
    expect(summarize(result.rows, result.issues)).toEqual({ lines: 2, changed: 1, unchanged: 1, errors: 0 });
    const broken = plan("id,stock,price\n3,-1,1.234\n2,5,\n9,1,");
    expect(summarize(broken.rows, broken.issues)).toEqual({ lines: 3, changed: 1, unchanged: 0, errors: 3 });
  });

  it("reports every problem of a row, not just the first", () => {
    const result = plan("id,stock,price\n99,-1,1.234");
    expect(result.issues.map((issue) => issue.code)).toEqual([
      "stock_negative",
      "price_decimals",
      "unknown_product",
    ]);
  });

  it("handles 10,000 rows quickly", () => {
    const many: StockProduct[] = Array.from({ length: 10_000 }, (_, index) => ({
      ...products[1]!,
      id: index + 1,
      slug: `product-${index + 1}`,
    }));
    const lines = many.map((product, index) => `${product.id},${index},45.5`);
    const started = performance.now();
    const result = planStockImport(read(`id,stock,price\r\n${lines.join("\r\n")}\r\n`), many);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.issues).toEqual([]);
    expect(result.rows).toHaveLength(10_000);
    expect(result.rows[9_999]).toMatchObject({ line: 10_001, after: { stock: 9_999, priceCents: 4_550 } });
  });
});

describe("the export reads back as it was", () => {
  it("round-trips every product through toCsv and readStockCsv, spreadsheet guards included", () => {
    const modeLabel = (mode: string) => `模式${mode}`;
    const csv = toCsv(
      stockCsvHeader,
      products.map((product) => stockCsvRecord(product, modeLabel)),
    );
    expect(csv).toContain("'-minus-rice");
    expect(csv).toContain("'=泰國香米");
    const result = planStockImport(read(csv), products);
    expect(result.issues).toEqual([]);
    expect(result.rows.map((row) => row.productId)).toEqual([1, 2, 3]);
    expect(result.rows.every((row) => !row.changed)).toBe(true);
  });

  it("writes cents as dollars with two decimals", () => {
    expect(centsToDollars(0)).toBe("0.00");
    expect(centsToDollars(5)).toBe("0.05");
    expect(centsToDollars(123_450)).toBe("1234.50");
  });
});

describe("committing later", () => {
  const { rows } = plan("id,stock\n2,15\n3,1");

  it("finds rows whose product changed or went away since the preview", () => {
    const current = new Map(products.map((product) => [product.id, product]));
    expect(staleLines(rows, current)).toEqual([]);
    current.set(2, { ...products[1]!, stock: 19 });
    current.delete(3);
    expect(staleLines(rows, current)).toEqual([2, 3]);
  });

  it("expires a preview after a day", () => {
    const createdAt = new Date("2030-01-01T00:00:00Z");
    expect(isExpired(createdAt, new Date(createdAt.getTime() + STOCK_IMPORT_TTL_MS))).toBe(false);
    expect(isExpired(createdAt, new Date(createdAt.getTime() + STOCK_IMPORT_TTL_MS + 1))).toBe(true);
  });
});
