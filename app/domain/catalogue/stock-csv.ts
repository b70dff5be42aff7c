import Papa from "papaparse";
import type { Checked } from "../shared/checked.ts";
import type { CsvValue } from "../shared/csv.ts";
import { centsToDollars, parseDollars } from "../shared/dollar-amounts.ts";
import type { ProductMode } from "../shared/pricing.ts";
import { isRecordId } from "../shared/record-fields.ts";
import { STOCK_IMPORT_MAX_ROWS, STOCK_MAX } from "./stock.ts";

/**
 * The stock CSV of /admin/stock (issue 4, DESIGN §4.7) as a file: its columns, reading a file into
 * rows with every cell checked, and writing a product back as a row. `stock-import.ts` checks the
 * rows against the products.
 *
 * The file: UTF-8 (with or without BOM), comma-separated, a header row naming the columns, product
 * by `id` or `slug` (or both), `stock` (empty = unlimited, group buys only), and optionally
 * `price`, `gatherPrice`, `marketPrice` in dollars (an empty price cell keeps the price). `name` and
 * `mode` are for people and ignored, so the export reads back unchanged.
 */

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
type StockCsvColumn = (typeof stockCsvHeader)[number];

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

type StockFileErrorCode =
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

type StockRowErrorCode =
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

export type StockCsvRead = Checked<{ rows: StockCsvRow[]; issues: StockImportIssue[] }, StockFileError>;

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

/** Long cells are cut in messages: the report names the value, it does not repeat a paragraph. */
export function shown(text: string): string {
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

type Parsed<T> = Checked<{ value: T }, StockRowErrorCode>;

export function parseStockCell(text: string): Parsed<number> {
  const number = plainNumber(text);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(number)) return { ok: false, error: "stock_not_number" };
  if (number.startsWith("-") && Number(number) !== 0) return { ok: false, error: "stock_negative" };
  if (!/^[+-]?\d+(\.0*)?$/.test(number)) return { ok: false, error: "stock_not_whole" };
  const value = Math.abs(Number.parseInt(number, 10));
  if (value > STOCK_MAX) return { ok: false, error: "stock_too_large" };
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
  return parsed.ok ? { ok: true, value: parsed.cents } : { ok: false, error: priceCodes[parsed.error] };
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
  const idOk = /^\d+$/.test(idText) && isRecordId(idValue);
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
      refuse(stock.error, "stock", stockText);
      row.valid = false;
    }
  }
  for (const column of Object.keys(priceColumns) as PriceColumn[]) {
    const text = cell(column);
    if (text === "") continue;
    const price = parseDollarCell(text);
    if (price.ok) row[priceColumns[column]] = price.value;
    else {
      refuse(price.error, column, text);
      row.valid = false;
    }
  }
  // A bad id names no product: its other cells are checked, but it cannot be planned.
  return idText !== "" && !idOk ? null : row;
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
