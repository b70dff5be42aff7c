import { Download } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import {
  DataTable,
  type DataTableColumn,
  numberColumn,
  TableSearch,
} from "~/components/admin/data-table.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Select } from "~/components/ui/select.tsx";
import { parseMemberListQuery, promotionFilters } from "~/domain/members/admin-member.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/member.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.members.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseMemberListQuery(new URL(request.url).searchParams);
  const list = await context.services.members.admin.listMembers(query);
  return { ...list, q: query.q, promotion: query.promotion };
}

type MemberRow = Route.ComponentProps["loaderData"]["rows"][number];

const fullName = (lastName: string | null, firstName: string | null) => `${lastName ?? ""}${firstName ?? ""}`;
const dateTime = (value: Date | null) => (value ? formatHkAdminTime(new Date(value)) : t("admin.none"));

const columns: DataTableColumn<MemberRow>[] = [
  {
    id: "phone",
    header: t("admin.members.col.phone"),
    cell: (row) => (
      <Link
        to={`/admin/member/${row.id}`}
        className="font-semibold text-brand-700 underline tabular-nums"
        aria-label={t("admin.members.edit", {
          name: `${fullName(row.lastName, row.firstName)} ${row.phone}`,
        })}
      >
        {row.phone}
      </Link>
    ),
  },
  { id: "name", header: t("admin.members.col.name"), cell: (row) => fullName(row.lastName, row.firstName) },
  { id: "email", header: t("admin.members.col.email"), cell: (row) => row.email },
  {
    id: "district",
    header: t("admin.members.col.district"),
    cell: (row) => [row.area, row.adminDistrict].filter(Boolean).join(" · ") || t("admin.none"),
  },
  {
    id: "type",
    header: t("admin.members.col.type"),
    cell: (row) =>
      row.type === "admin" ? (
        <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
          {t("admin.members.type.admin")}
        </span>
      ) : (
        t("admin.members.type.member")
      ),
  },
  {
    id: "agreePromotion",
    header: t("admin.members.col.agreePromotion"),
    cell: (row) => (row.agreePromotion ? t("admin.yes") : t("admin.no")),
  },
  numberColumn("dDollar", t("admin.members.col.dDollar"), (row) => formatCents(row.dDollarCents)),
  {
    id: "createdAt",
    header: t("admin.members.col.createdAt"),
    // The day is enough in the list; the edit page shows the time too.
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)).slice(0, 10),
  },
  { id: "lastLogin", header: t("admin.members.col.lastLogin"), cell: (row) => dateTime(row.lastLogin) },
  {
    id: "referrer",
    header: t("admin.members.col.referrer"),
    cell: (row) =>
      row.referrerPhone
        ? `${row.referrerPhone} ${fullName(row.referrerLastName, row.referrerFirstName)}`
        : t("admin.none"),
  },
];

const EXPORT_URL = "/admin/member/export.csv";

export default function Members({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.members.title")}</h1>
        {/* A plain link: the browser downloads the file instead of the router fetching it. */}
        <a
          href={`${EXPORT_URL}?scope=opted-in`}
          download
          className={buttonClass({
            tone: "secondary",
            size: "toolbar",
            className: "flex items-center gap-2",
          })}
        >
          <Download className="size-4" aria-hidden="true" />
          {t("admin.members.exportOptedIn")}
        </a>
      </div>
      <TableSearch
        label={t("admin.members.searchLabel")}
        value={loaderData.q}
        filters={
          <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
            {t("admin.members.promotion")}
            <Select
              variant="filter"
              name="promo"
              defaultValue={loaderData.promotion}
              key={searchParams.get("promo") ?? "all"}
            >
              {promotionFilters.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.members.promotion.${value}`)}
                </option>
              ))}
            </Select>
          </label>
        }
      />
      <DataTable
        caption={t("admin.members.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => row.id}
        rowLabel={(row) => `${fullName(row.lastName, row.firstName)} ${row.phone}`}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.members.empty")}
        selectionActions={(selectedIds) => (
          // A real form post: the response is a file download, not a page.
          <form method="post" action={EXPORT_URL}>
            <input type="hidden" name="scope" value="selected" />
            {selectedIds.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <Button
              type="submit"
              size="toolbar"
              disabled={selectedIds.length === 0}
              className="flex items-center gap-2 disabled:cursor-not-allowed"
            >
              <Download className="size-4" aria-hidden="true" />
              {t("admin.members.exportSelected")}
            </Button>
          </form>
        )}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
