import { requireAdmin } from "~/auth/session.server.ts";
import { parseStockListQuery } from "~/domain/catalogue/stock.ts";
import { stockCsvHeader, stockCsvRecord } from "~/domain/catalogue/stock-csv.ts";
import { toCsv } from "~/domain/shared/csv.ts";
import { toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/stock-export.ts";

/**
 * /admin/stock/export.csv: the products of the stock list's filters (q, mode, level), every page,
 * in the columns the import reads back; made safe for spreadsheets by app/domain/csv.ts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseStockListQuery(new URL(request.url).searchParams);
  const rows = await context.services.catalogue.stock.exportStock(query);
  const stamp = toHkLocalInput(new Date()).replace(/[-:]/g, "").replace("T", "-");
  const csv = toCsv(
    stockCsvHeader,
    rows.map((row) => stockCsvRecord(row, (mode) => t(`mode.${mode}`))),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="stock-${stamp}.csv"`,
      "cache-control": "no-store",
    },
  });
}
