/**
 * The weekly order as files (issue 6 item 6): each view as a table of zh-HK headers and cells —
 * numbers stay numbers — written as CSV (one view, spreadsheet-safe by app/domain/shared/csv.ts) or as
 * one XLSX workbook with a sheet per view.
 */

import {
  WEIGHT_DECIMALS,
  type WeeklyOrderExportView,
  weeklyOrderExportViews,
} from "~/domain/cycles/weekly-order.ts";
import { type CsvValue, toCsv } from "~/domain/shared/csv.ts";
import { roundHalfUp } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { writeWorkbook } from "../shared/workbook.server.ts";
import type { WeeklyOrderService } from "./weekly-order.server.ts";

export interface ExportSheet {
  view: WeeklyOrderExportView;
  title: string;
  header: string[];
  rows: CsvValue[][];
}

/** A weight as a number with at most three decimals; blank when there is none. */
function weightCell(value: number | null): number | null {
  if (value === null) return null;
  return roundHalfUp(value * 10 ** WEIGHT_DECIMALS) / 10 ** WEIGHT_DECIMALS;
}

export function createWeeklyOrderExport(weeklyOrder: WeeklyOrderService) {
  async function sheet(cycleId: number, view: WeeklyOrderExportView): Promise<ExportSheet> {
    const title = t(`admin.weekly.view.${view}`);
    if (view === "products") {
      const rows = await weeklyOrder.productTotals(cycleId);
      return {
        view,
        title,
        header: [
          t("admin.weekly.col.product"),
          t("admin.weekly.col.mode"),
          t("admin.weekly.col.merchant"),
          t("admin.weekly.col.unit"),
          t("admin.weekly.col.quantity"),
          t("admin.weekly.col.buyers"),
          t("admin.weekly.col.target"),
          t("admin.weekly.col.group"),
          t("admin.weekly.col.estimated"),
          t("admin.weekly.col.weighed"),
          t("admin.weekly.col.weighedLines"),
        ],
        rows: rows.map((row) => [
          row.name,
          t(`mode.${row.mode}`),
          row.merchantName ?? t("admin.weekly.noMerchant"),
          row.unit,
          row.quantity,
          row.buyers,
          row.targetBuyers,
          t(`admin.group.${row.status}`),
          weightCell(row.estimatedWeight),
          weightCell(row.weighedWeight),
          row.weightLines > 0
            ? t("admin.weekly.weighedOf", { done: row.weighedLines, all: row.weightLines })
            : null,
        ]),
      };
    }
    if (view === "packing") {
      const { rows } = await weeklyOrder.packingLists(cycleId, { pointId: null, paging: "all" });
      return {
        view,
        title,
        header: [
          t("admin.weekly.col.point"),
          t("admin.weekly.col.district"),
          t("admin.weekly.col.pickupCode"),
          t("admin.weekly.col.order"),
          t("admin.weekly.col.member"),
          t("admin.weekly.col.phone"),
          t("admin.weekly.col.product"),
          t("admin.weekly.col.quantity"),
          t("admin.weekly.col.unit"),
          t("admin.weekly.col.estimated"),
          t("admin.weekly.col.actual"),
          t("admin.weekly.col.remark"),
        ],
        rows: rows.flatMap((order) =>
          order.lines.map((line) => [
            order.pointName,
            order.districtName,
            order.pickupCode,
            order.number,
            order.memberName,
            order.phone,
            line.name,
            line.quantity,
            line.unit,
            weightCell(line.estimatedWeight),
            weightCell(line.actualWeight),
            order.remark,
          ]),
        ),
      };
    }
    const merchants = await weeklyOrder.purchaseLists(cycleId);
    return {
      view,
      title,
      header: [
        t("admin.weekly.col.merchant"),
        t("admin.weekly.col.product"),
        t("admin.weekly.col.unit"),
        t("admin.weekly.col.quantity"),
        t("admin.weekly.col.estimated"),
        t("admin.weekly.col.weighed"),
      ],
      rows: merchants.flatMap((merchant) =>
        merchant.products.map((product) => [
          merchant.merchantName ?? t("admin.weekly.noMerchant"),
          product.name,
          product.unit,
          product.quantity,
          weightCell(product.estimatedWeight),
          weightCell(product.weighedWeight),
        ]),
      ),
    };
  }

  return {
    sheet,

    /** One view as CSV text (with the BOM Excel needs to read UTF-8). */
    async csv(cycleId: number, view: WeeklyOrderExportView): Promise<string> {
      const { header, rows } = await sheet(cycleId, view);
      return toCsv(header, rows);
    },

    /** Every view, one sheet each, as an .xlsx file. */
    async xlsx(cycleId: number): Promise<ArrayBuffer> {
      const sheets: ExportSheet[] = [];
      for (const view of weeklyOrderExportViews) sheets.push(await sheet(cycleId, view));
      return writeWorkbook(sheets);
    },
  };
}
