import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { type DataTableColumn, numberColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { ListHeader, ListTable, NameCell, ToolbarLink } from "~/components/admin/list-page.tsx";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/brand.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.brands.title");

/** /admin/brand?q=&page= : 50 a page, in menu order (SPEC §9 admin tables). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseTableState(new URL(request.url).searchParams);
  const list = await context.services.catalogue.admin.listBrands(query);
  return { ...list, q: query.q };
}

type BrandRow = Route.ComponentProps["loaderData"]["rows"][number];

const yesNo = (value: boolean) => (value ? t("admin.yes") : t("admin.no"));

const columns: DataTableColumn<BrandRow>[] = [
  {
    id: "name",
    header: t("admin.field.name"),
    cell: (row) => (
      <NameCell
        to={`/admin/brand/${row.id}`}
        name={row.name}
        label={t("admin.brands.edit", { name: row.name })}
        image={row.logo}
      />
    ),
  },
  { id: "isMeat", header: t("admin.field.isMeat"), cell: (row) => yesNo(row.isMeat) },
  numberColumn("position", t("admin.field.position"), (row) => row.position),
  numberColumn("products", t("admin.field.products"), (row) => row.products),
  { id: "slug", header: t("admin.field.slug"), cell: (row) => <code className="text-xs">{row.slug}</code> },
];

export default function Brands({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4">
      <ListHeader title={t("admin.brands.title")}>
        <ToolbarLink to="/admin/brand/new" label={t("admin.brands.add")} />
      </ListHeader>
      <TableSearch label={t("admin.brands.searchLabel")} value={loaderData.q} />
      <ListTable
        title={t("admin.brands.title")}
        columns={columns}
        list={loaderData}
        emptyText={t("admin.brands.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
