import { Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import {
  DataTable,
  type DataTableColumn,
  numberColumn,
  TableSearch,
} from "~/components/admin/data-table.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Select } from "~/components/ui/select.tsx";
import { discountStatusFilters, parseDiscountListQuery } from "~/domain/cart/admin-discount.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { discountLabel } from "~/i18n/index.ts";
import type { Route } from "./+types/discount.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.discounts.title");

/** /admin/discount?q=&status=&page= : discount codes, 50 a page, with how often each was used. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseDiscountListQuery(new URL(request.url).searchParams);
  const list = await context.services.cart.discounts.list(query);
  return { ...list, q: query.q, status: query.status };
}

type CodeRow = Route.ComponentProps["loaderData"]["rows"][number];

const when = (value: Date | null, none: string) => (value ? formatHkAdminTime(new Date(value)) : none);

const columns: DataTableColumn<CodeRow>[] = [
  {
    id: "code",
    header: t("admin.discounts.col.code"),
    cell: (row) => (
      <Link
        to={`/admin/discount/${row.id}`}
        className="font-mono font-semibold text-brand-700 underline"
        aria-label={t("admin.discounts.edit", { code: row.code })}
      >
        {row.code}
      </Link>
    ),
  },
  {
    id: "percentage",
    header: t("admin.discounts.col.percentage"),
    className: "tabular-nums",
    cell: (row) => `${row.percentageDiscount}%（${discountLabel(row.percentageDiscount)}）`,
  },
  numberColumn("minItems", t("admin.discounts.col.minItems"), (row) =>
    row.minItemsCents === 0 ? t("admin.none") : formatCents(row.minItemsCents),
  ),
  numberColumn(
    "totalLimit",
    t("admin.discounts.col.totalLimit"),
    (row) => row.totalLimit ?? t("admin.discounts.unlimited"),
  ),
  numberColumn("used", t("admin.discounts.col.used"), (row) => row.usedCount),
  {
    id: "startsAt",
    header: t("admin.discounts.col.startsAt"),
    className: "tabular-nums",
    cell: (row) => when(row.startsAt, t("admin.discounts.anytime")),
  },
  {
    id: "endsAt",
    header: t("admin.discounts.col.endsAt"),
    className: "tabular-nums",
    cell: (row) => when(row.endsAt, t("admin.discounts.noEnd")),
  },
  {
    id: "active",
    header: t("admin.discounts.col.active"),
    cell: (row) =>
      row.active ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          {t("admin.discounts.status.active")}
        </span>
      ) : (
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
          {t("admin.discounts.status.inactive")}
        </span>
      ),
  },
];

export default function Discounts({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.discounts.title")}</h1>
        <Link
          to="/admin/discount/new"
          className={buttonClass({ size: "toolbar", className: "flex items-center gap-2" })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("admin.discounts.add")}
        </Link>
      </div>
      <TableSearch
        label={t("admin.discounts.searchLabel")}
        value={loaderData.q}
        filters={
          <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
            {t("admin.discounts.filter.status")}
            <Select
              variant="filter"
              name="status"
              defaultValue={loaderData.status}
              key={searchParams.get("status") ?? "all"}
            >
              {discountStatusFilters.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.discounts.status.${value}`)}
                </option>
              ))}
            </Select>
          </label>
        }
      />
      <DataTable
        caption={t("admin.discounts.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.code}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.discounts.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
