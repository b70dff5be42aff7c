import { requireAdmin } from "~/auth/session.server.ts";
import { ACCOUNTING_SHEETS } from "~/domain/reports/sales.ts";
import { parseSalesQuery } from "~/domain/reports/sales-query.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/sales-export.ts";

/**
 * /admin/sales/export.csv?period=cycle|month&key=&sheet= (one table) and /admin/sales/export.xlsx?
 * period=&key= (every table, a sheet each): the accounting exports of a cycle or a month (issue 46
 * item 3). Admins only; weeks are refused (accounts close by cycle and by month).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = parseSalesQuery(url.searchParams);
  if (query.kind === "week") return plain(400, t("admin.export.onlyCycleOrMonth"));
  const found = await context.services.reports.sales.periods(query.kind, query.key, new Date());
  const period = found?.current;
  if (!period) return plain(404, t("admin.sales.notFound"));
  const files = context.services.reports.accounting;
  const name = `gather-${period.kind}-${period.key}`;
  const headers = { "cache-control": "no-store" };
  if (url.pathname.endsWith(".xlsx")) {
    return new Response(await files.xlsx(period), {
      headers: {
        ...headers,
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": `attachment; filename="${name}.xlsx"`,
      },
    });
  }
  const sheet = ACCOUNTING_SHEETS.find((value) => value === url.searchParams.get("sheet"));
  if (!sheet) return plain(400, t("error.generic"));
  return new Response(await files.csv(period, sheet), {
    headers: {
      ...headers,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}-${sheet}.csv"`,
    },
  });
}

function plain(status: number, text: string) {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
