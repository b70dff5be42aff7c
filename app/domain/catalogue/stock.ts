import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import type { Checked } from "../shared/checked.ts";
import { type ProductMode, productModes } from "../shared/pricing.ts";
import { messageKeys } from "../shared/validation.ts";
import { LOW_STOCK } from "./catalogue.ts";

/**
 * /admin/stock (issue 4, DESIGN §4.7): how an admin's stock change applies. Stock is a whole number
 * of units, never below 0; null means unlimited, which only group buys may be (instock sells what
 * is on the shelf). The same rule serves the form, the service under its row lock and the CSV import.
 */

/** Large enough for any shelf, small enough for a Postgres integer after any delta. */
export const STOCK_MAX = 1_000_000;

/**
 * The CSV import's limits, here rather than in stock-import.ts so the page can state them without
 * shipping the CSV reader. A 10,000-product file with every column is about 1 MB.
 */
export const STOCK_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const STOCK_IMPORT_MAX_ROWS = 20_000;

/** The rows an import's preview shows: all of them, or those that change something or nothing. */
export const previewViews = ["all", "changed", "unchanged"] as const;
export type PreviewView = (typeof previewViews)[number];

export const stockModeFilters = ["all", ...productModes] as const;
type StockModeFilter = (typeof stockModeFilters)[number];

/** `low`: LOW_STOCK or fewer left (sold out included); `soldOut`: 0; `unlimited`: no count kept. */
export const stockLevelFilters = ["all", "low", "soldOut", "unlimited"] as const;
type StockLevelFilter = (typeof stockLevelFilters)[number];

export interface StockListQuery extends TableState {
  mode: StockModeFilter;
  level: StockLevelFilter;
}

export function parseStockListQuery(params: URLSearchParams): StockListQuery {
  const mode = stockModeFilters.find((value) => value === params.get("mode")) ?? "all";
  const level = stockLevelFilters.find((value) => value === params.get("level")) ?? "all";
  return { ...parseTableState(params), mode, level };
}

/** Group buys may leave stock uncounted; instock products always count theirs. */
export function mayBeUnlimited(mode: ProductMode): boolean {
  return mode !== "instock";
}

export function isLowStock(stock: number | null): boolean {
  return stock !== null && stock <= LOW_STOCK;
}

export const stockAdjustKinds = ["set", "delta", "unlimited"] as const;
export type StockAdjustKind = (typeof stockAdjustKinds)[number];

export type StockAdjustment =
  | { kind: "set"; amount: number }
  | { kind: "delta"; amount: number }
  | { kind: "unlimited" };

export type StockAdjustError = "below_zero" | "too_large" | "unlimited_not_allowed" | "delta_on_unlimited";

export type StockAdjustOutcome = Checked<{ stock: number | null }, StockAdjustError>;

/** The stock after an adjustment, or why it cannot apply to the product as it is now. */
export function applyStockAdjustment(
  current: { mode: ProductMode; stock: number | null },
  adjustment: StockAdjustment,
): StockAdjustOutcome {
  if (adjustment.kind === "unlimited") {
    return mayBeUnlimited(current.mode)
      ? { ok: true, stock: null }
      : { ok: false, error: "unlimited_not_allowed" };
  }
  if (adjustment.kind === "delta" && current.stock === null)
    return { ok: false, error: "delta_on_unlimited" };
  const next = adjustment.kind === "set" ? adjustment.amount : (current.stock ?? 0) + adjustment.amount;
  if (next < 0) return { ok: false, error: "below_zero" };
  if (next > STOCK_MAX) return { ok: false, error: "too_large" };
  return { ok: true, stock: next };
}

/** "5", "+5" or "-5" (a delta may carry a sign); spaces and thousands commas are forgiven. */
const wholeNumberText = (signed: boolean) =>
  z
    .string({ error: messageKeys.required })
    .trim()
    .min(1, messageKeys.required)
    .transform((text) => text.replace(/[\s,]/g, ""))
    .refine((text) => /^[+-]?\d*\.?\d+$/.test(text), messageKeys.number)
    .refine((text) => /^[+-]?\d+$/.test(text), "admin.stock.validation.whole")
    .refine((text) => signed || !text.startsWith("-"), "admin.stock.validation.notNegative")
    .transform(Number)
    .refine((value) => Math.abs(value) <= STOCK_MAX, "admin.stock.validation.tooLarge");

const productId = z.coerce.number({ error: messageKeys.required }).int().positive();

/** The adjust dialog of /admin/stock: set a count, add or take away some, or make it unlimited. */
export const stockAdjustSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ productId, kind: z.literal("set"), amount: wholeNumberText(false) }),
    z.object({
      productId,
      kind: z.literal("delta"),
      amount: wholeNumberText(true).refine((value) => value !== 0, "admin.stock.validation.deltaZero"),
    }),
    z.object({ productId, kind: z.literal("unlimited") }),
  ],
  { error: messageKeys.required },
);
export type StockAdjustInput = z.output<typeof stockAdjustSchema>;
