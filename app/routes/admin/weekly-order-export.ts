import { requireAdmin } from "~/auth/session.server.ts";
import { weeklyOrderExportViews } from "~/domain/cycles/weekly-order.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/weekly-order-export.ts";

/**
 * /admin/weekly-order/export.csv?cycle=&view= (one view) and /admin/weekly-order/export.xlsx?cycle=
 * (every view, a sheet each): the weekly order as files. Admins only, like every admin URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const cycleId = parseRecordId(url.searchParams.get("cycle") ?? undefined);
  const summary = cycleId === null ? null : await context.services.cycles.weeklyOrder.summary(cycleId);
  if (cycleId === null || !summary) return plain(404, t("admin.weekly.notFound"));
  const files = context.services.cycles.weeklyOrderExport;
  const headers = { "cache-control": "no-store" };
  if (url.pathname.endsWith(".xlsx")) {
    return new Response(await files.xlsx(cycleId), {
      headers: {
        ...headers,
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": `attachment; filename="weekly-order-${cycleId}.xlsx"`,
      },
    });
  }
  const view = weeklyOrderExportViews.find((value) => value === url.searchParams.get("view"));
  if (!view) return plain(400, t("error.generic"));
  return new Response(await files.csv(cycleId, view), {
    headers: {
      ...headers,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="weekly-order-${cycleId}-${view}.csv"`,
    },
  });
}

function plain(status: number, text: string) {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
