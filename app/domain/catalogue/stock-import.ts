import type { ProductMode } from "../shared/pricing.ts";
import { mayBeUnlimited } from "./stock.ts";
import {
  type StockCsvRow,
  type StockFields,
  type StockImportIssue,
  type StockProduct,
  shown,
} from "./stock-csv.ts";

/**
 * The stock CSV import of /admin/stock (issue 4, DESIGN §4.7): check every row read from the file
 * (`stock-csv.ts`) against the products as they are, and say for each row what would change or what
 * is wrong with it. Nothing here touches the database: the service loads the products, stores the
 * plan as a pending import and applies it in one transaction once the admin confirms.
 */

/** A preview older than this is refused: the admin uploads the file again and sees today's numbers. */
export const STOCK_IMPORT_TTL_MS = 24 * 60 * 60 * 1000;

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
