import { Link, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { KindBadge, StatusBadge } from "~/components/admin/enquiry-badges.tsx";
import { Select } from "~/components/ui/select.tsx";
import { kindFilters, parseEnquiryListQuery, statusFilters } from "~/domain/messages/enquiry-inbox.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/feedback.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.feedback.title");

/** Filters in the URL: ?q= (search), ?type= (feedback|supplier|survey), ?status= (new|replied|closed), ?page=. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseEnquiryListQuery(new URL(request.url).searchParams);
  const list = await context.services.messages.inbox.list(query);
  return { ...list, q: query.q, kind: query.kind, status: query.status };
}

type InboxRow = Route.ComponentProps["loaderData"]["rows"][number];

const senderName = (row: InboxRow) => row.name || t("admin.feedback.anonymous");

const columns: DataTableColumn<InboxRow>[] = [
  { id: "type", header: t("admin.feedback.col.type"), cell: (row) => <KindBadge kind={row.kind} /> },
  {
    id: "status",
    header: t("admin.feedback.col.status"),
    cell: (row) => <StatusBadge status={row.status} />,
  },
  {
    id: "name",
    header: t("admin.feedback.col.name"),
    cell: (row) => (
      <span className="flex items-center gap-2">
        {row.readAt ? null : (
          <span className="size-2 shrink-0 rounded-full bg-accent-600" title={t("admin.feedback.unread")}>
            <span className="sr-only">{t("admin.feedback.unread")}</span>
          </span>
        )}
        <span className="flex flex-col">
          <Link
            to={`/admin/feedback/${row.id}`}
            className={`text-brand-700 underline ${row.readAt ? "" : "font-bold"}`}
            aria-label={t("admin.feedback.open", { name: senderName(row) })}
          >
            {senderName(row)}
          </Link>
          {row.company ? <span className="text-xs text-stone-600">{row.company}</span> : null}
        </span>
      </span>
    ),
  },
  {
    id: "contact",
    header: t("admin.feedback.col.contact"),
    cell: (row) => (
      <span className="flex flex-col tabular-nums">
        {row.phone ? <span>{row.phone}</span> : null}
        {row.email ? <span>{row.email}</span> : null}
        {row.phone || row.email ? null : t("admin.none")}
      </span>
    ),
  },
  {
    id: "excerpt",
    header: t("admin.feedback.col.excerpt"),
    className: "max-w-[22rem]",
    cell: (row) => (
      <span className={`block truncate ${row.readAt ? "text-stone-700" : "font-semibold text-stone-900"}`}>
        {row.excerpt || t("admin.feedback.noMessage")}
      </span>
    ),
  },
  {
    id: "receivedAt",
    header: t("admin.feedback.col.receivedAt"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)),
  },
];

export default function Feedback({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.feedback.title")}</h1>
        <p className="mt-1 text-sm text-stone-600">{t("admin.feedback.intro")}</p>
      </div>
      <TableSearch
        label={t("admin.feedback.searchLabel")}
        value={loaderData.q}
        filters={
          <>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.feedback.type")}
              <Select
                variant="filter"
                name="type"
                defaultValue={loaderData.kind}
                key={`type-${searchParams.get("type") ?? "all"}`}
              >
                {kindFilters.map((value) => (
                  <option key={value} value={value}>
                    {value === "all" ? t("admin.feedback.filter.all") : t(`admin.feedback.kind.${value}`)}
                  </option>
                ))}
              </Select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.feedback.status")}
              <Select
                variant="filter"
                name="status"
                defaultValue={loaderData.status}
                key={`status-${searchParams.get("status") ?? "all"}`}
              >
                {statusFilters.map((value) => (
                  <option key={value} value={value}>
                    {value === "all" ? t("admin.feedback.filter.all") : t(`admin.feedback.status.${value}`)}
                  </option>
                ))}
              </Select>
            </label>
          </>
        }
      />
      <DataTable
        caption={t("admin.feedback.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={senderName}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.feedback.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
