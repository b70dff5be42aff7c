import { useEffect, useRef } from "react";
import { Link, redirect, useRevalidator, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { CampaignStatusBadge, RecipientStatusBadge } from "~/components/admin/campaign-badges.tsx";
import {
  DataTable,
  type DataTableColumn,
  numberColumn,
  TableSearch,
} from "~/components/admin/data-table.tsx";
import { EmailPreview } from "~/components/admin/email-preview.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { BackLink } from "~/components/admin/record-page.tsx";
import { Panel } from "~/components/admin/record-panel.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  parseCampaignId,
  parseRecipientListQuery,
  recipientFailure,
  recipientFilters,
} from "~/domain/messages/admin-email.schema.ts";
import { campaignEmail } from "~/domain/messages/email-campaign.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import { notFound } from "~/web/record-route.ts";
import type { Route } from "./+types/email-campaign.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.email.detail.title");

const back = { to: "/admin/email", label: "admin.email.back" } as const;

/** How often the page reloads its numbers while the campaign is sending. */
const REFRESH_MS = 3_000;

/** Recipients in the URL: ?status= (all|pending|sent|failed), ?q= (email, phone, name), ?page=. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = parseCampaignId(params.id) ?? notFound();
  const query = parseRecipientListQuery(new URL(request.url).searchParams);
  const campaigns = context.services.messages.campaigns;
  const [found, recipients, compose] = await Promise.all([
    campaigns.get(id),
    campaigns.recipients(id, query),
    campaigns.composeContext(admin.id),
  ]);
  if (!found) notFound();
  if (found.campaign.status === "draft") throw redirect(`/admin/email/${id}/edit`);
  const { campaign } = found;
  // The copy as members got it (their own unsubscribe link aside).
  const preview = campaignEmail({
    subject: campaign.subject,
    markdown: campaign.bodyMarkdown,
    lang: "zh-HK",
    ...compose.frames["zh-HK"],
    baseUrl: compose.publicUrl,
    unsubscribeUrl: `${compose.publicUrl}/unsubscribe?token=preview`,
  }).html;
  return {
    campaign: {
      id: campaign.id,
      subject: campaign.subject,
      status: campaign.status,
      recipientCount: campaign.recipientCount,
      createdAt: campaign.createdAt,
      startedAt: campaign.startedAt,
      finishedAt: campaign.finishedAt,
    },
    progress: found.progress,
    author: found.author,
    history: found.history,
    recipients,
    q: query.q,
    status: query.status,
    preview,
  };
}

type RecipientRow = Route.ComponentProps["loaderData"]["recipients"]["rows"][number];

const dateTime = (value: Date | string | null) =>
  value ? formatHkAdminTime(new Date(value)) : t("admin.none");

function result(row: RecipientRow): string {
  if (row.status === "sent") return t("admin.none");
  const failure = recipientFailure(row.lastError);
  if (row.status === "failed") return failure ? t(`admin.email.failure.${failure}`) : (row.lastError ?? "");
  // Waiting for a retry after the server put it off.
  if (row.attempts > 0 && row.status === "pending") {
    return t("admin.email.retryAt", { time: formatHkAdminTime(new Date(row.nextAttemptAt)) });
  }
  return t("admin.none");
}

const columns: DataTableColumn<RecipientRow>[] = [
  { id: "email", header: t("admin.email.recipients.col.email"), cell: (row) => row.email },
  {
    id: "member",
    header: t("admin.email.recipients.col.member"),
    cell: (row) => (
      <Link to={`/admin/member/${row.memberId}`} className="text-brand-700 underline">
        {`${row.lastName}${row.firstName}`} <span className="tabular-nums">{row.phone}</span>
      </Link>
    ),
  },
  {
    id: "status",
    header: t("admin.email.recipients.col.status"),
    cell: (row) => <RecipientStatusBadge status={row.status} />,
  },
  numberColumn("attempts", t("admin.email.recipients.col.attempts"), (row) => row.attempts),
  {
    id: "sentAt",
    header: t("admin.email.recipients.col.sentAt"),
    className: "tabular-nums",
    cell: (row) => dateTime(row.sentAt),
  },
  {
    id: "result",
    header: t("admin.email.recipients.col.result"),
    className: "max-w-[22rem]",
    cell: (row) => (
      <span className="block truncate whitespace-normal" title={row.lastError ?? undefined}>
        {result(row)}
      </span>
    ),
  },
];

export default function EmailCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign, progress, author, history, recipients, preview } = loaderData;
  const [searchParams] = useSearchParams();
  useRefreshWhile(campaign.status === "sending");
  const done = progress.sent + progress.failed;

  return (
    <div className="flex flex-col gap-5">
      <div>
        <BackLink to={back.to} label={back.label} />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold break-words text-brand-800">{campaign.subject}</h1>
          <CampaignStatusBadge status={campaign.status} />
        </div>
      </div>

      <Panel title={t("admin.email.detail.progress")}>
        <div className="flex flex-col gap-3" data-testid="campaign-progress">
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-label={t("admin.email.detail.progress")}
            className="h-3 overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className={`h-full rounded-full ${campaign.status === "sent" ? "bg-emerald-600" : "bg-amber-500"}`}
              style={{ width: `${progress.percent}%` }}
            />
          </div>
          <p className="text-sm text-stone-800 tabular-nums" data-testid="progress-label">
            {t("admin.email.detail.progressLabel", {
              done: done.toLocaleString("en"),
              total: progress.total.toLocaleString("en"),
              percent: progress.percent,
            })}
          </p>
          <dl className="grid grid-cols-3 gap-2 text-center">
            <Count label={t("admin.email.col.sent")} value={progress.sent} tone="text-emerald-700" />
            <Count label={t("admin.email.col.failed")} value={progress.failed} tone="text-accent-600" />
            <Count label={t("admin.email.col.pending")} value={progress.pending} tone="text-stone-800" />
          </dl>
          <p className="text-sm text-stone-600" aria-live="polite">
            {campaign.status === "sending"
              ? t("admin.email.detail.autoRefresh")
              : t("admin.email.detail.done")}
          </p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">{t("admin.email.detail.createdBy")}</dt>
            <dd className="text-stone-900">
              {author ? `${author.lastName}${author.firstName}（${author.phone}）` : t("admin.none")}
            </dd>
            <dt className="text-stone-600">{t("admin.email.detail.startedAt")}</dt>
            <dd className="text-stone-900 tabular-nums">{dateTime(campaign.startedAt)}</dd>
            <dt className="text-stone-600">{t("admin.email.detail.finishedAt")}</dt>
            <dd className="text-stone-900 tabular-nums">{dateTime(campaign.finishedAt)}</dd>
          </dl>
        </div>
      </Panel>

      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-stone-900">{t("admin.email.detail.recipients")}</h2>
        <TableSearch
          label={t("admin.email.detail.searchLabel")}
          value={loaderData.q}
          filters={
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.email.detail.statusFilter")}
              <Select
                variant="filter"
                name="status"
                defaultValue={loaderData.status}
                key={`status-${searchParams.get("status") ?? "all"}`}
              >
                {recipientFilters.map((value) => (
                  <option key={value} value={value}>
                    {t(`admin.email.recipientFilter.${value}`)}
                  </option>
                ))}
              </Select>
            </label>
          }
        />
        <DataTable
          caption={t("admin.email.detail.recipients")}
          columns={columns}
          rows={recipients.rows}
          rowId={(row) => row.memberId}
          rowLabel={(row) => row.email}
          total={recipients.total}
          page={recipients.page}
          pageSize={recipients.pageSize}
          emptyText={t("admin.email.recipients.empty")}
        />
      </section>

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel title={t("admin.email.detail.content")}>
          <EmailPreview html={preview} subject={campaign.subject} />
        </Panel>
        <Panel title={t("admin.email.detail.history")}>
          <AuditList entries={history} emptyText={t("admin.none")} />
        </Panel>
      </div>
    </div>
  );
}

/** Reloads the loader every few seconds while `active`, skipping a tick if one is still loading. */
function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (latest.current.state === "idle" && document.visibilityState === "visible") {
        void latest.current.revalidate();
      }
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active]);
}

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg bg-stone-50 px-2 py-2">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className={`text-xl font-bold tabular-nums ${tone}`}>{value.toLocaleString("en")}</dd>
    </div>
  );
}

/** A missing campaign shows inside the back office frame, with the way back to the history. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.email.detail.notFound" back={back} />;
}
