import { MapPin, Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Select } from "~/components/ui/select.tsx";
import { PICKUP_AREAS, parseDistrictListQuery } from "~/domain/pickup/admin-pickup.schema.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/location-district.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.districts.title");

/** /admin/location-district?q=&area=&page= : pickup districts, 50 a page, in /location's order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseDistrictListQuery(new URL(request.url).searchParams);
  const list = await context.services.pickupAdmin.listDistricts(query);
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
  {
    id: "position",
    header: t("admin.districts.col.position"),
    className: "text-right tabular-nums",
    cell: (row) => row.position,
  },
];

export default function LocationDistricts({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.districts.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/admin/location"
            className={buttonClass({
              tone: "secondary",
              size: "toolbar",
              className: "flex items-center gap-2",
            })}
          >
            <MapPin className="size-4" aria-hidden="true" />
            {t("admin.districts.points")}
          </Link>
          <Link
            to="/admin/location-district/new"
            className={buttonClass({ size: "toolbar", className: "flex items-center gap-2" })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("admin.districts.add")}
          </Link>
        </div>
      </div>
      <TableSearch
        label={t("admin.districts.searchLabel")}
        value={loaderData.q}
        filters={
          <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
            {t("admin.districts.filter.area")}
            <Select
              variant="filter"
              name="area"
              defaultValue={loaderData.area}
              key={searchParams.get("area") ?? "all"}
            >
              <option value="all">{t("admin.districts.area.all")}</option>
              {PICKUP_AREAS.map((area) => (
                <option key={area} value={area}>
                  {area}
                </option>
              ))}
            </Select>
          </label>
        }
      />
      <DataTable
        caption={t("admin.districts.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.name}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.districts.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
