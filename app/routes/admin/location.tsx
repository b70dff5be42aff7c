import { MapPinned, Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  PICKUP_AREAS,
  parsePickupPointListQuery,
  pickupStatusFilters,
} from "~/domain/pickup/admin-pickup.schema.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/location.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.points.title");

/** /admin/location?q=&district=&status=&page= : pickup points, 50 a page, in /location's order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parsePickupPointListQuery(new URL(request.url).searchParams);
  const service = context.services.pickupAdmin;
  const [list, districts] = await Promise.all([service.listPoints(query), service.allDistricts()]);
  return { ...list, q: query.q, districtId: query.districtId, status: query.status, districts };
}

type PointRow = Route.ComponentProps["loaderData"]["rows"][number];

/** What a member pays here: nothing at a free-delivery merchant's point (SPEC §1), else the charge. */
function chargeText(row: PointRow): string {
  if (row.merchantFree && row.merchantName)
    return t("admin.points.freeByMerchant", { merchant: row.merchantName });
  return row.deliveryChargeCents === 0 ? t("admin.points.free") : formatCents(row.deliveryChargeCents);
}

const columns: DataTableColumn<PointRow>[] = [
  {
    id: "name",
    header: t("admin.points.col.name"),
    cell: (row) => (
      <Link
        to={`/admin/location/${row.id}`}
        className="flex items-center gap-2 font-semibold text-brand-700 underline"
        aria-label={t("admin.points.edit", { name: row.name })}
      >
        {row.bannerMobile ? (
          <img
            src={row.bannerMobile}
            alt=""
            className="size-8 shrink-0 rounded object-cover"
            loading="lazy"
          />
        ) : null}
        {row.name}
      </Link>
    ),
  },
  {
    id: "district",
    header: t("admin.points.col.district"),
    cell: (row) => `${row.area} · ${row.districtName}`,
  },
  {
    id: "address",
    header: t("admin.points.col.address"),
    className: "max-w-64 truncate",
    cell: (row) => row.address,
  },
  { id: "charge", header: t("admin.points.col.charge"), className: "tabular-nums", cell: chargeText },
  {
    id: "runFee",
    header: t("admin.points.col.runFee"),
    className: "text-right tabular-nums",
    cell: (row) => (row.runFeeCents === null ? t("admin.none") : formatCents(row.runFeeCents)),
  },
  {
    id: "merchant",
    header: t("admin.points.col.merchant"),
    cell: (row) => row.merchantName ?? t("admin.none"),
  },
  {
    id: "status",
    header: t("admin.points.col.status"),
    cell: (row) =>
      row.active ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          {t("admin.points.status.active")}
        </span>
      ) : (
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
          {t("admin.points.status.inactive")}
        </span>
      ),
  },
  {
    id: "position",
    header: t("admin.points.col.position"),
    className: "text-right tabular-nums",
    cell: (row) => row.position,
  },
];

export default function Locations({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { districts } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.points.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/admin/location-district"
            className={buttonClass({
              tone: "secondary",
              size: "toolbar",
              className: "flex items-center gap-2",
            })}
          >
            <MapPinned className="size-4" aria-hidden="true" />
            {t("admin.points.districts")}
          </Link>
          <Link
            to="/admin/location/new"
            className={buttonClass({ size: "toolbar", className: "flex items-center gap-2" })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("admin.points.add")}
          </Link>
        </div>
      </div>
      <TableSearch
        label={t("admin.points.searchLabel")}
        value={loaderData.q}
        filters={
          <>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.points.filter.district")}
              <Select
                variant="filter"
                name="district"
                defaultValue={loaderData.districtId ?? ""}
                key={searchParams.get("district") ?? "all"}
              >
                <option value="">{t("admin.points.filter.allDistricts")}</option>
                {PICKUP_AREAS.map((area) => {
                  const inArea = districts.filter((district) => district.area === area);
                  return inArea.length > 0 ? (
                    <optgroup key={area} label={area}>
                      {inArea.map((district) => (
                        <option key={district.id} value={district.id}>
                          {district.name}
                        </option>
                      ))}
                    </optgroup>
                  ) : null;
                })}
              </Select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.points.filter.status")}
              <Select
                variant="filter"
                name="status"
                defaultValue={loaderData.status}
                key={searchParams.get("status") ?? "all"}
              >
                {pickupStatusFilters.map((value) => (
                  <option key={value} value={value}>
                    {t(`admin.points.status.${value}`)}
                  </option>
                ))}
              </Select>
            </label>
          </>
        }
      />
      <DataTable
        caption={t("admin.points.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.name}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.points.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
