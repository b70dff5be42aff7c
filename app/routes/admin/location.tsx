import { MapPinned } from "lucide-react";
import { useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { type DataTableColumn, numberColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { DistrictOptions } from "~/components/admin/district-options.tsx";
import { FilterSelect, ListHeader, ListTable, NameCell, ToolbarLink } from "~/components/admin/list-page.tsx";
import { parsePickupPointListQuery, pickupStatusFilters } from "~/domain/pickup/admin-pickup.schema.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/location.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.points.title");

/** /admin/location?q=&district=&status=&page= : pickup points, 50 a page, in /location's order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parsePickupPointListQuery(new URL(request.url).searchParams);
  const service = context.services.pickup.admin;
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
      <NameCell
        to={`/admin/location/${row.id}`}
        name={row.name}
        label={t("admin.points.edit", { name: row.name })}
        image={row.bannerMobile}
        cover
      />
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
  numberColumn("runFee", t("admin.points.col.runFee"), (row) =>
    row.runFeeCents === null ? t("admin.none") : formatCents(row.runFeeCents),
  ),
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
  numberColumn("position", t("admin.points.col.position"), (row) => row.position),
];

export default function Locations({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { districts } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <ListHeader title={t("admin.points.title")}>
        <div className="flex flex-wrap gap-2">
          <ToolbarLink
            to="/admin/location-district"
            label={t("admin.points.districts")}
            icon={MapPinned}
            secondary
          />
          <ToolbarLink to="/admin/location/new" label={t("admin.points.add")} />
        </div>
      </ListHeader>
      <TableSearch
        label={t("admin.points.searchLabel")}
        value={loaderData.q}
        filters={
          <>
            <FilterSelect
              label={t("admin.points.filter.district")}
              name="district"
              value={String(loaderData.districtId ?? "")}
              resetKey={searchParams.get("district") ?? "all"}
            >
              <option value="">{t("admin.points.filter.allDistricts")}</option>
              <DistrictOptions districts={districts} />
            </FilterSelect>
            <FilterSelect
              label={t("admin.points.filter.status")}
              name="status"
              value={loaderData.status}
              resetKey={searchParams.get("status") ?? "all"}
            >
              {pickupStatusFilters.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.points.status.${value}`)}
                </option>
              ))}
            </FilterSelect>
          </>
        }
      />
      <ListTable
        title={t("admin.points.title")}
        columns={columns}
        list={loaderData}
        emptyText={t("admin.points.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
