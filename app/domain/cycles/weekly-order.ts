/**
 * /admin/weekly-order (issue 6 item 6): what a cycle's paid orders add up to — per product, per
 * pickup point (packing lists), per merchant (purchase lists) — and the weighing form for
 * weight-priced lines (DESIGN §4.9).
 */
import { z } from "zod";
import { clampPage, parseTableState, type TableState } from "../shared/admin-table.ts";
import { parseRecordId, recordId } from "../shared/record-fields.ts";
import { messageKeys } from "../shared/validation.ts";

export const weeklyOrderViews = ["products", "packing", "purchase", "weighing"] as const;
export type WeeklyOrderView = (typeof weeklyOrderViews)[number];

/** The views a file can hold: the CSV takes one, the XLSX one sheet each. */
export const weeklyOrderExportViews = ["products", "packing", "purchase"] as const;
export type WeeklyOrderExportView = (typeof weeklyOrderExportViews)[number];

export interface WeeklyOrderQuery extends TableState {
  /** The cycle asked for; null = the latest cycle with paid orders. */
  cycleId: number | null;
  view: WeeklyOrderView;
  /** Packing lists of one pickup point; weighing lines of one product. */
  pointId: number | null;
  productId: number | null;
  /** Weighing: only lines not weighed yet. */
  unweighed: boolean;
  /** Every row on one page, for the printer. */
  print: boolean;
}

export function parseWeeklyOrderQuery(params: URLSearchParams): WeeklyOrderQuery {
  const view = params.get("view");
  return {
    ...parseTableState(params),
    cycleId: parseRecordId(params.get("cycle") ?? undefined),
    view: weeklyOrderViews.find((value) => value === view) ?? "products",
    pointId: parseRecordId(params.get("point") ?? undefined),
    productId: parseRecordId(params.get("product") ?? undefined),
    unweighed: params.get("unweighed") === "1",
    print: params.get("print") === "1",
  };
}

/** A printed list never runs to more pages than this many rows (far above a week's orders). */
export const PRINT_MAX_ROWS = 5_000;

/** A list's paging: one page of it, or every row (up to the print cap). */
export type Paging = Pick<TableState, "page" | "pageSize"> | "all";

/** A page of `total` rows, or every row (up to the print cap) for the printer and the files. */
export function pageOf(paging: Paging, total: number) {
  if (paging === "all")
    return {
      page: 0,
      pageSize: Math.max(1, Math.min(total, PRINT_MAX_ROWS)),
      limit: PRINT_MAX_ROWS,
      offset: 0,
    };
  const page = clampPage(paging.page, total, paging.pageSize);
  return { page, pageSize: paging.pageSize, limit: paging.pageSize, offset: page * paging.pageSize };
}

// ——— Weights ———

export const WEIGHT_DECIMALS = 3;
/** The column holds numeric(10,3); no line weighs anything near this. */
const WEIGHT_MAX = 99_999;

/** A weight with at most three decimals, as the database keeps it: 2.35 → "2.35", 3 → "3". */
export function formatWeight(value: number): string {
  return String(Math.round(value * 10 ** WEIGHT_DECIMALS) / 10 ** WEIGHT_DECIMALS);
}

const hasWeightDecimals = (value: number) => {
  const scaled = value * 10 ** WEIGHT_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** A weighed total weight in the line's unit, as typed (e.g. "2.35"). */
const weight = z.coerce
  .number<number>({ error: messageKeys.number })
  .positive("admin.weigh.refusal.notPositive")
  .max(WEIGHT_MAX, "admin.weigh.validation.tooLarge")
  .refine(hasWeightDecimals, "admin.weigh.validation.decimals");

/** Most lines one form may weigh: one page of the weighing table. */
const WEIGH_MAX_LINES = 100;

/**
 * The weighing form of /admin/weekly-order: a weight box per line of the page. A row's own button
 * sends `only=<lineId>` and weighs that line; the bulk button weighs every line given a weight.
 */
export const weighingSchema = z
  .object({
    cycle: recordId,
    only: recordId.optional(),
    lines: z
      .array(z.object({ lineId: recordId, weight: weight.optional() }))
      .min(1, "admin.weigh.validation.none")
      .max(WEIGH_MAX_LINES, "admin.weigh.validation.tooMany"),
  })
  .superRefine((form, ctx) => {
    if (form.only !== undefined) {
      const index = form.lines.findIndex((line) => line.lineId === form.only);
      if (index < 0)
        ctx.addIssue({ code: "custom", path: ["only"], message: "admin.weigh.refusal.unknownLine" });
      else if (form.lines[index]!.weight === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "weight"],
          message: "admin.weigh.validation.weight",
        });
      }
    } else if (form.lines.every((line) => line.weight === undefined)) {
      ctx.addIssue({ code: "custom", path: [], message: "admin.weigh.validation.none" });
    }
  });
export type WeighingInput = z.output<typeof weighingSchema>;

/** The lines the form asks to weigh: the row whose button was pressed, or every row with a weight. */
export function weighingEntries(input: WeighingInput): Array<{ lineId: number; weight: number }> {
  return input.lines
    .filter((line) => (input.only === undefined || line.lineId === input.only) && line.weight !== undefined)
    .map((line) => ({ lineId: line.lineId, weight: line.weight! }));
}
