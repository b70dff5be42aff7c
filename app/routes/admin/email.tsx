import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { CampaignStatusBadge } from "~/components/admin/campaign-badges.tsx";
import { DataTable, type DataTableColumn, numberColumn } from "~/components/admin/data-table.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { type MessageKey, t } from "~/i18n/admin.ts";
import type { Route } from "./+types/email.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.email.title");

/** The campaign history, newest first, 50 a page (?page=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseTableState(new URL(request.url).searchParams);
  const [list, optedIn] = await Promise.all([
    context.services.messages.campaigns.list(query),
    context.services.messages.campaigns.optedInCount(),
  ]);
  return { ...list, optedIn };
}

type CampaignRow = Route.ComponentProps["loaderData"]["rows"][number];

/** A draft opens in the editor; a campaign that has started shows its progress. */
const campaignUrl = (row: CampaignRow) =>
  row.status === "draft" ? `/admin/email/${row.id}/edit` : `/admin/email/${row.id}`;

/** One of the campaign's counts; a draft has none yet. */
const countColumn = (id: string, header: MessageKey, value: (row: CampaignRow) => number) =>
  numberColumn<CampaignRow>(id, t(header), (row) =>
    row.status === "draft" ? t("admin.none") : value(row).toLocaleString("en"),
  );

const columns: DataTableColumn<CampaignRow>[] = [
  {
    id: "subject",
    header: t("admin.email.col.subject"),
    className: "max-w-[24rem]",
    cell: (row) => (
      <Link
        to={campaignUrl(row)}
        className="block truncate font-semibold text-brand-700 underline"
        aria-label={t("admin.email.open", { subject: row.subject })}
      >
        {row.subject}
      </Link>
    ),
  },
  {
    id: "status",
    header: t("admin.email.col.status"),
    cell: (row) => <CampaignStatusBadge status={row.status} />,
  },
  countColumn("recipients", "admin.email.col.recipients", (row) => row.recipientCount),
  countColumn("sent", "admin.email.col.sent", (row) => row.sent),
  countColumn("failed", "admin.email.col.failed", (row) => row.failed),
  countColumn("pending", "admin.email.col.pending", (row) => row.pending),
  {
    id: "createdAt",
    header: t("admin.email.col.createdAt"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)),
  },
  {
    id: "finishedAt",
    header: t("admin.email.col.finishedAt"),
    className: "tabular-nums",
    cell: (row) => (row.finishedAt ? formatHkAdminTime(new Date(row.finishedAt)) : t("admin.none")),
  },
];

export default function EmailCampaigns({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-800">{t("admin.email.title")}</h1>
          <p className="mt-1 text-sm text-stone-600" data-testid="opted-in-count">
            {t("admin.email.optedIn", { count: loaderData.optedIn.toLocaleString("en") })}
          </p>
        </div>
        <Link
          to="/admin/email/new"
          className={buttonClass({ size: "toolbar", className: "flex items-center gap-2" })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("admin.email.new")}
        </Link>
      </div>
      <h2 className="sr-only">{t("admin.email.history")}</h2>
      <DataTable
        caption={t("admin.email.history")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.subject}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.email.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
