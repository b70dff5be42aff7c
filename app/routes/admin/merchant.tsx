import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { type DataTableColumn, numberColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { ListHeader, ListTable, NameCell, ToolbarLink } from "~/components/admin/list-page.tsx";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/merchant.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.merchants.title");

/** /admin/merchant?q=&page= : 50 a page, newest first (SPEC §9 admin tables). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseTableState(new URL(request.url).searchParams);
  const list = await context.services.catalogue.admin.listMerchants(query);
  return { ...list, q: query.q };
}

type MerchantRow = Route.ComponentProps["loaderData"]["rows"][number];

const yesNo = (value: boolean) => (value ? t("admin.yes") : t("admin.no"));

const columns: DataTableColumn<MerchantRow>[] = [
  {
    id: "name",
    header: t("admin.field.name"),
    cell: (row) => (
      <NameCell
        to={`/admin/merchant/${row.id}`}
        name={row.name}
        label={t("admin.merchants.edit", { name: row.name })}
        image={row.logo}
      />
    ),
  },
  {
    id: "address",
    header: t("admin.field.address"),
    className: "max-w-64 truncate",
    cell: (row) => row.address || t("admin.none"),
  },
  { id: "freeDelivery", header: t("admin.field.freeDelivery"), cell: (row) => yesNo(row.freeDelivery) },
  { id: "featured", header: t("admin.field.featured"), cell: (row) => yesNo(row.featured) },
  numberColumn("products", t("admin.field.products"), (row) => row.products),
  numberColumn("pickupPoints", t("admin.field.pickupPoints"), (row) => row.pickupPoints),
  {
    id: "createdAt",
    header: t("admin.field.createdAt"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)),
  },
  {
    id: "updatedAt",
    header: t("admin.field.updatedAt"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.updatedAt)),
  },
];

export default function Merchants({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4">
      <ListHeader title={t("admin.merchants.title")}>
        <ToolbarLink to="/admin/merchant/new" label={t("admin.merchants.add")} />
      </ListHeader>
      <TableSearch label={t("admin.merchants.searchLabel")} value={loaderData.q} />
      <ListTable
        title={t("admin.merchants.title")}
        columns={columns}
        list={loaderData}
        emptyText={t("admin.merchants.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
