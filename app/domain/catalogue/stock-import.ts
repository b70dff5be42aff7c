import Papa from "papaparse";
import type { CsvValue } from "../shared/csv.ts";
import { centsToDollars, parseDollars } from "../shared/dollar-amounts.ts";
import type { ProductMode } from "../shared/pricing.ts";
import { mayBeUnlimited, STOCK_IMPORT_MAX_ROWS, STOCK_MAX } from "./stock.ts";

/**
 * The stock CSV of /admin/stock (issue 4, DESIGN §4.7): read a file, check every row against the
 * products as they are, and say for each row what would change or what is wrong with it. Nothing
 * here touches the database: the service loads the products, stores the plan as a pending import
 * and applies it in one transaction once the admin confirms.
 *
 * The file: UTF-8 (with or without BOM), comma-separated, a header row naming the columns, product
 * by `id` or `slug` (or both), `stock` (empty = unlimited, group buys only), and optionally
 * `price`, `gatherPrice`, `marketPrice` in dollars (an empty price cell keeps the price). `name` and
 * `mode` are for people and ignored, so the export reads back unchanged.
 */

/** A preview older than this is refused: the admin uploads the file again and sees today's numbers. */
export const STOCK_IMPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** $1,000,000 in cents: no grocery costs more, and the sum stays far inside a Postgres integer. */
/** The export's columns, in order; the import reads the same names back. */
export const stockCsvHeader = [
  "id",
  "slug",
  "name",
  "mode",
  "stock",
  "price",
  "gatherPrice",
  "marketPrice",
] as const;
export type StockCsvColumn = (typeof stockCsvHeader)[number];

const priceColumns = {
  price: "priceCents",
  gatherPrice: "gatherPriceCents",
  marketPrice: "marketPriceCents",
} as const;
type PriceColumn = keyof typeof priceColumns;

/** Header names are matched without case, spaces, `_` or `-`; the shop's own Chinese words work too. */
const columnNames: Record<string, StockCsvColumn> = {
  id: "id",
  編號: "id",
  貨品編號: "id",
  slug: "slug",
  name: "name",
  名稱: "name",
  貨品名稱: "name",
  mode: "mode",
  模式: "mode",
  stock: "stock",
  庫存: "stock",
  price: "price",
  原價: "price",
  gatherprice: "gatherPrice",
  成團價: "gatherPrice",
  marketprice: "marketPrice",
  市價: "marketPrice",
};

function columnOf(header: string): StockCsvColumn | undefined {
  return columnNames[
    header
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, "")
  ];
}

export type StockFileErrorCode =
  | "not_utf8"
  | "empty_file"
  | "no_rows"
  | "too_many_rows"
  | "missing_reference_column"
  | "missing_stock_column"
  | "unknown_column"
  | "duplicate_column";

/** A file refused as a whole (nothing to preview); `column` names the header cell at fault. */
export interface StockFileError {
  code: StockFileErrorCode;
  column?: string;
}

export type StockRowErrorCode =
  | "malformed"
  | "column_count"
  | "missing_reference"
  | "bad_id"
  | "unknown_product"
  | "reference_mismatch"
  | "duplicate_product"
  | "stock_required"
  | "stock_not_number"
  | "stock_negative"
  | "stock_not_whole"
  | "stock_too_large"
  | "price_not_number"
  | "price_negative"
  | "price_decimals"
  | "price_too_large"
  | "gather_above_price";

/**
 * One problem in one row. `line` is the row as a spreadsheet numbers it (the header is 1); params
 * fill the zh-HK message (`column`, `value`, `otherLine`, `expected`, `actual`; `gather` and `price`
 * in cents).
 */
export interface StockImportIssue {
  line: number;
  code: StockRowErrorCode;
  params?: Record<string, string | number>;
}

/** One data row as read: which product, and the values it asks for (undefined price = keep). */
export interface StockCsvRow {
  line: number;
  id: number | null;
  slug: string | null;
  /** null: the cell was empty, i.e. unlimited. */
  stock: number | null;
  priceCents?: number;
  gatherPriceCents?: number;
  marketPriceCents?: number;
  /** False when a value cell was refused; the row still names its product (for duplicates). */
  valid: boolean;
}

export type StockCsvRead =
  | { ok: false; error: StockFileError }
  | { ok: true; rows: StockCsvRow[]; issues: StockImportIssue[] };

/** The stock and prices an import sets; also what it found before. */
export interface StockFields {
  stock: number | null;
  priceCents: number;
  gatherPriceCents: number;
  marketPriceCents: number;
}

export interface StockProduct extends StockFields {
  id: number;
  slug: string;
  name: string;
  mode: ProductMode;
}

/** A checked row: the product as found and as it will be. Stored in `stock_imports.rows`. */
export interface StockImportRow {
  line: number;
  productId: number;
  slug: string;
  name: string;
  mode: ProductMode;
  before: StockFields;
  after: StockFields;
  changed: boolean;
}

const stockFieldKeys = ["stock", "priceCents", "gatherPriceCents", "marketPriceCents"] as const;

/** Long cells are cut in messages: the report names the value, it does not repeat a paragraph. */
function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Undo the export's spreadsheet guard (app/domain/shared/csv.ts): `'-abc` was written for `-abc`. */
function cellText(cell: string | undefined): string {
  const text = (cell ?? "").trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** Spreadsheets write 1,234 or $1,234.50; grouping commas and a dollar sign are accepted. */
function plainNumber(text: string): string {
  const bare = text.replace(/^(HK)?\$\s*/i, "").replace(/\s/g, "");
  return /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(bare) ? bare.replaceAll(",", "") : bare;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; code: StockRowErrorCode };

export function parseStockCell(text: string): Parsed<number> {
  const number = plainNumber(text);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(number)) return { ok: false, code: "stock_not_number" };
  if (number.startsWith("-") && Number(number) !== 0) return { ok: false, code: "stock_negative" };
  if (!/^[+-]?\d+(\.0*)?$/.test(number)) return { ok: false, code: "stock_not_whole" };
  const value = Math.abs(Number.parseInt(number, 10));
  if (value > STOCK_MAX) return { ok: false, code: "stock_too_large" };
  return { ok: true, value };
}

const priceCodes = {
  number: "price_not_number",
  negative: "price_negative",
  decimals: "price_decimals",
  tooLarge: "price_too_large",
} as const;

/** A price cell: dollars with at most two decimals to integer cents (DESIGN §4.1). */
export function parseDollarCell(text: string): Parsed<number> {
  const parsed = parseDollars(text);
  return parsed.ok ? { ok: true, value: parsed.cents } : { ok: false, code: priceCodes[parsed.error] };
}

function decode(input: Uint8Array | string): string | null {
  if (typeof input === "string") return input;
  try {
    // Excel's default "CSV" in Hong Kong is Big5: refuse it rather than show mojibake.
    return new TextDecoder("utf-8", { fatal: true }).decode(input);
  } catch {
    return null;
  }
}

/** Reads the header and every row; file-level problems stop here, row problems are listed. */
export function readStockCsv(input: Uint8Array | string): StockCsvRead {
  const text = decode(input);
  if (text === null) return { ok: false, error: { code: "not_utf8" } };
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, error: { code: "empty_file" } };

  const parsed = Papa.parse<string[]>(body, { delimiter: ",", header: false, skipEmptyLines: false });
  const [headerCells = [], ...records] = parsed.data;
  const columns = new Map<StockCsvColumn, number>();
  for (const [index, cell] of headerCells.entries()) {
    const name = cell.trim();
    if (name === "") continue;
    const column = columnOf(name);
    if (!column) return { ok: false, error: { code: "unknown_column", column: shown(name) } };
    if (columns.has(column)) return { ok: false, error: { code: "duplicate_column", column: shown(name) } };
    columns.set(column, index);
  }
  if (!columns.has("id") && !columns.has("slug")) {
    return { ok: false, error: { code: "missing_reference_column" } };
  }
  if (!columns.has("stock")) return { ok: false, error: { code: "missing_stock_column" } };

  // Papaparse numbers data rows from 0 at the header; a spreadsheet numbers them from 1.
  const malformed = new Set(
    parsed.errors.filter((error) => error.type === "Quotes").map((error) => (error.row ?? 0) + 1),
  );
  const present = records
    .map((cells, index) => ({ cells, line: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  if (present.length === 0) return { ok: false, error: { code: "no_rows" } };
  if (present.length > STOCK_IMPORT_MAX_ROWS) return { ok: false, error: { code: "too_many_rows" } };

  const rows: StockCsvRow[] = [];
  const issues: StockImportIssue[] = [];
  for (const { cells, line } of present) {
    if (malformed.has(line)) {
      issues.push({ line, code: "malformed" });
      continue;
    }
    if (cells.length !== headerCells.length) {
      issues.push({
        line,
        code: "column_count",
        params: { expected: headerCells.length, actual: cells.length },
      });
      continue;
    }
    const row = readRow(cells, line, columns, issues);
    if (row) rows.push(row);
  }
  return { ok: true, rows, issues };
}

function readRow(
  cells: string[],
  line: number,
  columns: Map<StockCsvColumn, number>,
  issues: StockImportIssue[],
): StockCsvRow | null {
  const cell = (column: StockCsvColumn) => {
    const index = columns.get(column);
    return index === undefined ? "" : cellText(cells[index]);
  };
  const refuse = (code: StockRowErrorCode, column: string, value: string) =>
    issues.push({ line, code, params: { column, value: shown(value) } });

  const idText = cell("id");
  const slugText = cell("slug");
  if (idText === "" && slugText === "") {
    issues.push({ line, code: "missing_reference" });
    return null;
  }
  const idValue = Number(idText);
  const idOk = /^\d+$/.test(idText) && idValue >= 1 && idValue <= 2_147_483_647;
  if (idText !== "" && !idOk) refuse("bad_id", "id", idText);

  const row: StockCsvRow = {
    line,
    id: idOk ? idValue : null,
    slug: slugText || null,
    stock: null,
    valid: true,
  };
  const stockText = cell("stock");
  if (stockText !== "") {
    const stock = parseStockCell(stockText);
    if (stock.ok) row.stock = stock.value;
    else {
      refuse(stock.code, "stock", stockText);
      row.valid = false;
    }
  }
  for (const column of Object.keys(priceColumns) as PriceColumn[]) {
    const text = cell(column);
    if (text === "") continue;
    const price = parseDollarCell(text);
    if (price.ok) row[priceColumns[column]] = price.value;
    else {
      refuse(price.code, column, text);
      row.valid = false;
    }
  }
  // A bad id names no product: its other cells are checked, but it cannot be planned.
  return idText !== "" && !idOk ? null : row;
}

function byLine(a: StockImportIssue, b: StockImportIssue): number {
  return a.line - b.line;
}

/**
 * Checks the rows against the products as they are now: unknown products, one product named twice,
 * instock without a count, a group price above the original price after the change. Returns every
 * row that can apply (changed or not) and every problem, in file order.
 */
export function planStockImport(
  read: { rows: StockCsvRow[]; issues: StockImportIssue[] },
  products: readonly StockProduct[],
): { rows: StockImportRow[]; issues: StockImportIssue[] } {
  const byId = new Map(products.map((product) => [product.id, product]));
  const bySlug = new Map(products.map((product) => [product.slug, product]));
  const firstLine = new Map<number, number>();
  const rows: StockImportRow[] = [];
  const issues = [...read.issues];

  for (const row of read.rows) {
    const { line } = row;
    const fromId = row.id === null ? undefined : byId.get(row.id);
    const fromSlug = row.slug === null ? undefined : bySlug.get(row.slug);
    if ((row.id !== null && !fromId) || (row.slug !== null && !fromSlug)) {
      const value = row.id !== null && !fromId ? String(row.id) : (row.slug ?? "");
      issues.push({ line, code: "unknown_product", params: { value: shown(value) } });
      continue;
    }
    if (fromId && fromSlug && fromId.id !== fromSlug.id) {
      issues.push({
        line,
        code: "reference_mismatch",
        params: { id: fromId.id, value: shown(fromSlug.slug) },
      });
      continue;
    }
    const product = (fromId ?? fromSlug)!;
    const earlier = firstLine.get(product.id);
    if (earlier !== undefined) {
      issues.push({
        line,
        code: "duplicate_product",
        params: { otherLine: earlier, value: shown(product.name) },
      });
      continue;
    }
    firstLine.set(product.id, line);
    if (!row.valid) continue;

    if (row.stock === null && !mayBeUnlimited(product.mode)) {
      issues.push({ line, code: "stock_required", params: { value: shown(product.name) } });
      continue;
    }
    const before: StockFields = {
      stock: product.stock,
      priceCents: product.priceCents,
      gatherPriceCents: product.gatherPriceCents,
      marketPriceCents: product.marketPriceCents,
    };
    const after: StockFields = {
      stock: row.stock,
      priceCents: row.priceCents ?? product.priceCents,
      gatherPriceCents: row.gatherPriceCents ?? product.gatherPriceCents,
      marketPriceCents: row.marketPriceCents ?? product.marketPriceCents,
    };
    if (after.gatherPriceCents > after.priceCents) {
      issues.push({
        line,
        code: "gather_above_price",
        params: { gather: after.gatherPriceCents, price: after.priceCents },
      });
      continue;
    }
    rows.push({
      line,
      productId: product.id,
      slug: product.slug,
      name: product.name,
      mode: product.mode,
      before,
      after,
      changed: stockFieldKeys.some((key) => before[key] !== after[key]),
    });
  }
  return { rows, issues: issues.sort(byLine) };
}

/**
 * The lines whose product has gone or changed since the preview (an order took stock, another
 * admin edited it): committing them would overwrite what the admin never saw.
 */
export function staleLines(
  rows: readonly StockImportRow[],
  current: ReadonlyMap<number, StockFields & { mode: ProductMode }>,
): number[] {
  return rows
    .filter((row) => {
      const now = current.get(row.productId);
      return !now || now.mode !== row.mode || stockFieldKeys.some((key) => now[key] !== row.before[key]);
    })
    .map((row) => row.line);
}

export function isExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > STOCK_IMPORT_TTL_MS;
}

export interface StockImportSummary {
  /** Data lines read: those that can apply and those with a problem. */
  lines: number;
  changed: number;
  unchanged: number;
  errors: number;
}

export function summarize(
  rows: readonly StockImportRow[],
  issues: readonly StockImportIssue[],
): StockImportSummary {
  const changed = rows.filter((row) => row.changed).length;
  const badLines = new Set(issues.map((issue) => issue.line)).size;
  return { lines: rows.length + badLines, changed, unchanged: rows.length - changed, errors: issues.length };
}

/** One product as an export row, in `stockCsvHeader` order; `modeLabel` puts the mode in words. */
export function stockCsvRecord(product: StockProduct, modeLabel: (mode: ProductMode) => string): CsvValue[] {
  return [
    product.id,
    product.slug,
    product.name,
    modeLabel(product.mode),
    product.stock,
    centsToDollars(product.priceCents),
    centsToDollars(product.gatherPriceCents),
    centsToDollars(product.marketPriceCents),
  ];
}
