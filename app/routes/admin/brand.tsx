import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/brand.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.brands.title");

/** /admin/brand?q=&page= : 50 a page, in menu order (SPEC §9 admin tables). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseTableState(new URL(request.url).searchParams);
  const list = await context.services.catalogueAdmin.listBrands(query);
  return { ...list, q: query.q };
}

type BrandRow = Route.ComponentProps["loaderData"]["rows"][number];

const yesNo = (value: boolean) => (value ? t("admin.yes") : t("admin.no"));

const columns: DataTableColumn<BrandRow>[] = [
  {
    id: "name",
    header: t("admin.field.name"),
    cell: (row) => (
      <Link
        to={`/admin/brand/${row.id}`}
        className="flex items-center gap-2 font-semibold text-brand-700 underline"
        aria-label={t("admin.brands.edit", { name: row.name })}
      >
        {row.logo ? (
          <img src={row.logo} alt="" className="size-8 shrink-0 rounded object-contain" loading="lazy" />
        ) : null}
        {row.name}
      </Link>
    ),
  },
  { id: "isMeat", header: t("admin.field.isMeat"), cell: (row) => yesNo(row.isMeat) },
  {
    id: "position",
    header: t("admin.field.position"),
    className: "text-right tabular-nums",
    cell: (row) => row.position,
  },
  {
    id: "products",
    header: t("admin.field.products"),
    className: "text-right tabular-nums",
    cell: (row) => row.products,
  },
  { id: "slug", header: t("admin.field.slug"), cell: (row) => <code className="text-xs">{row.slug}</code> },
];

export default function Brands({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.brands.title")}</h1>
        <Link
          to="/admin/brand/new"
          className={buttonClass({ size: "toolbar", className: "flex items-center gap-2" })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("admin.brands.add")}
        </Link>
      </div>
      <TableSearch label={t("admin.brands.searchLabel")} value={loaderData.q} />
      <DataTable
        caption={t("admin.brands.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.name}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.brands.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
