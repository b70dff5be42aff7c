import { requireAdmin } from "~/auth/session.server.ts";
import { parseAdminOrderQuery } from "~/domain/orders/admin-order.schema.ts";
import { toCsv } from "~/domain/shared/csv.ts";
import { centsToDollars } from "~/domain/shared/dollar-amounts.ts";
import { formatHkAdminTime, toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/order-export.ts";

/**
 * /admin/order/export.csv: every order of the list's filters (q, cycle, status, point, method), not
 * just one page, one row each with its lines in one cell; made safe for spreadsheets and opened as
 * UTF-8 by Excel (BOM) by app/domain/csv.ts. Admins only, like every admin URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseAdminOrderQuery(new URL(request.url).searchParams);
  const rows = await context.services.orders.admin.exportRows(query);
  const header = [
    t("admin.orders.col.number"),
    t("admin.orders.col.created"),
    t("admin.orders.csv.cutoff"),
    t("admin.orders.col.status"),
    t("admin.orders.csv.memberName"),
    t("admin.orders.csv.phone"),
    t("admin.orders.col.point"),
    t("admin.orders.csv.pickupCode"),
    t("admin.orders.csv.lines"),
    t("admin.orders.csv.items"),
    t("admin.orders.csv.discount"),
    t("admin.orders.csv.delivery"),
    t("admin.orders.csv.dDollar"),
    t("admin.orders.col.payable"),
    t("admin.orders.csv.cardFee"),
    t("admin.orders.col.method"),
    t("admin.orders.csv.remark"),
  ];
  const csv = toCsv(
    header,
    rows.map((row) => [
      row.number,
      formatHkAdminTime(row.createdAt),
      formatHkAdminTime(row.cutoffAt),
      t(`admin.orders.status.${row.awaitingConfirmation ? "awaiting_confirmation" : row.status}`),
      row.memberName,
      row.phone,
      row.pointName,
      row.pickupCode,
      row.lines,
      centsToDollars(row.itemsCents),
      centsToDollars(row.discountCents),
      centsToDollars(row.deliveryFeeCents),
      centsToDollars(row.dDollarUsedCents),
      centsToDollars(row.payableCents),
      centsToDollars(row.cardFeeCents),
      t(`admin.orders.method.${row.paymentMethod ?? "none"}`),
      row.remark,
    ]),
  );
  const stamp = toHkLocalInput(new Date()).replace(/[-:]/g, "").replace("T", "-");
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${stamp}.csv"`,
      // Members' names and phones: never kept by a shared cache.
      "cache-control": "no-store",
    },
  });
}
