import { MapPin } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { type DataTableColumn, numberColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { FilterSelect, ListHeader, ListTable, ToolbarLink } from "~/components/admin/list-page.tsx";
import { PICKUP_AREAS, parseDistrictListQuery } from "~/domain/pickup/admin-pickup.schema.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/location-district.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.districts.title");

/** /admin/location-district?q=&area=&page= : pickup districts, 50 a page, in /location's order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseDistrictListQuery(new URL(request.url).searchParams);
  const list = await context.services.pickup.admin.listDistricts(query);
  return { ...list, q: query.q, area: query.area };
}

type DistrictRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: DataTableColumn<DistrictRow>[] = [
  {
    id: "name",
    header: t("admin.districts.col.name"),
    cell: (row) => (
      <Link
        to={`/admin/location-district/${row.id}`}
        className="font-semibold text-brand-700 underline"
        aria-label={t("admin.districts.edit", { name: row.name })}
      >
        {row.name}
      </Link>
    ),
  },
  { id: "area", header: t("admin.districts.col.area"), cell: (row) => row.area },
  {
    id: "points",
    header: t("admin.districts.col.points"),
    className: "tabular-nums",
    cell: (row) => (
      <Link to={`/admin/location?district=${row.id}`} className="text-brand-700 underline">
        {row.activePoints} / {row.points}
      </Link>
    ),
  },
  numberColumn("position", t("admin.districts.col.position"), (row) => row.position),
];

export default function LocationDistricts({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <ListHeader title={t("admin.districts.title")}>
        <div className="flex flex-wrap gap-2">
          <ToolbarLink to="/admin/location" label={t("admin.districts.points")} icon={MapPin} secondary />
          <ToolbarLink to="/admin/location-district/new" label={t("admin.districts.add")} />
        </div>
      </ListHeader>
      <TableSearch
        label={t("admin.districts.searchLabel")}
        value={loaderData.q}
        filters={
          <FilterSelect
            label={t("admin.districts.filter.area")}
            name="area"
            value={loaderData.area}
            resetKey={searchParams.get("area") ?? "all"}
          >
            <option value="all">{t("admin.districts.area.all")}</option>
            {PICKUP_AREAS.map((area) => (
              <option key={area} value={area}>
                {area}
              </option>
            ))}
          </FilterSelect>
        }
      />
      <ListTable
        title={t("admin.districts.title")}
        columns={columns}
        list={loaderData}
        emptyText={t("admin.districts.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
