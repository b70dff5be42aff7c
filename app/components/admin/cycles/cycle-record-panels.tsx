import { CalendarRange, FileText, Gavel, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { AuditListEntry } from "~/components/admin/audit-list.tsx";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { CycleStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { CloseEarlyPanel, type ClosePreview } from "~/components/admin/cycles/close-early-panel.tsx";
import { HistoryPanel } from "~/components/admin/record-page.tsx";
import { DeleteRecordButton, Facts, Panel } from "~/components/admin/record-panel.tsx";
import type { CycleStatus } from "~/domain/cycles/admin-cycle.schema.ts";
import type { ClosedPoint } from "~/domain/cycles/cycle-calendar.ts";
import { formatHkAdminTime, formatHkDay } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";

/** What /admin/deadline/:id's loader gives of a saved cycle (its times as ISO text). */
export interface CycleRecord {
  cycle: { id: number; status: CycleStatus; settledAt: string | null };
  orders: { paid: number; pending: number; claimed: number; total: number };
  settledByName: string | null;
  maySettle: boolean;
  closedPoints: ClosedPoint[];
  history: AuditListEntry[];
  /** The open cycle's: both cycles' dates if it closed now (issue 47 item 8). */
  closePreview: ClosePreview | null;
}

/**
 * The panels beside a cycle's form (/admin/deadline/:id): the pickup points closed on its days, its
 * orders and settlement with the settle, close and delete buttons, and its history.
 */
export function CycleRecordPanels({ found, cutoff }: { found: CycleRecord; cutoff: string }) {
  const { cycle, orders } = found;
  const unpaidNote =
    orders.pending > 0
      ? orders.claimed > 0
        ? t("admin.cycle.settleUnpaidClaimed", { count: orders.pending, claimed: orders.claimed })
        : t("admin.cycle.settleUnpaid", { count: orders.pending })
      : null;
  return (
    <>
      {found.closedPoints.length > 0 ? <ClosedPointsWarning points={found.closedPoints} /> : null}
      <Panel title={t("admin.cycle.record")} testId="cycle-record">
        <Facts
          rows={[
            [t("admin.cycle.status"), <CycleStatusBadge key="status" status={cycle.status} />],
            [t("admin.cycle.ordersPaid"), orders.paid],
            [t("admin.cycle.ordersPending"), orders.pending],
            [t("admin.cycle.ordersAll"), orders.total],
            [
              t("admin.cycle.settledAt"),
              cycle.settledAt ? formatHkAdminTime(new Date(cycle.settledAt)) : t("admin.none"),
            ],
            ...(cycle.settledAt
              ? ([[t("admin.cycle.settledBy"), found.settledByName ?? t("admin.cycle.settledByJob")]] as [
                  string,
                  string,
                ][])
              : []),
          ]}
        />
        <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link
            to={`/admin/deadline/${cycle.id}/report`}
            className="inline-flex items-center gap-1 text-brand-700 underline"
          >
            <FileText className="size-4" aria-hidden="true" />
            {t("admin.cycle.report")}
          </Link>
          <Link
            to={`/admin/weekly-order?cycle=${cycle.id}`}
            className="inline-flex items-center gap-1 text-brand-700 underline"
          >
            <CalendarRange className="size-4" aria-hidden="true" />
            {t("admin.cycle.weeklyOrder")}
          </Link>
        </div>
        {cycle.status === "settled" ? null : (
          <div className="mt-4 border-t border-stone-100 pt-4">
            <p className="mb-3 text-sm text-stone-700">
              {found.maySettle ? t("admin.cycle.settleHint") : t("admin.cycle.settleLater")}
            </p>
            {found.maySettle ? (
              <ConfirmIntentButton
                intent="settle"
                icon={Gavel}
                label={t("admin.cycle.settle")}
                pendingLabel={t("admin.cycle.settlingNow")}
                confirmTitle={t("admin.cycle.settleTitle", { cutoff })}
                confirmBody={
                  unpaidNote ? `${unpaidNote} ${t("admin.cycle.settleBody")}` : t("admin.cycle.settleBody")
                }
                confirmLabel={
                  unpaidNote
                    ? t("admin.cycle.settleCancelConfirm", { count: orders.pending })
                    : t("admin.cycle.settleConfirm")
                }
                fields={unpaidNote ? { cancelUnpaid: "1" } : {}}
              />
            ) : null}
            {cycle.status === "open" ? (
              <div className={found.maySettle ? "mt-3" : undefined}>
                {found.closePreview ? <CloseEarlyPanel preview={found.closePreview} /> : null}
              </div>
            ) : null}
          </div>
        )}
        {orders.total === 0 ? (
          <div className="mt-4 flex justify-end border-t border-stone-100 pt-4">
            <DeleteRecordButton
              label={t("admin.cycle.delete")}
              confirmTitle={t("admin.cycle.confirmDeleteTitle", { cutoff })}
              confirmBody={
                cycle.status === "open"
                  ? t("admin.cycle.confirmDeleteOpen")
                  : t("admin.cycle.confirmDeleteBody")
              }
              confirmLabel={t("admin.cycle.confirmDelete")}
            />
          </div>
        ) : null}
      </Panel>
      <HistoryPanel
        entries={found.history}
        title={t("admin.cycle.history")}
        emptyText={t("admin.cycle.noHistory")}
      />
    </>
  );
}

/** Issue 27 item 7: the pickup points closed on some pickup days — a warning, not a refusal. */
function ClosedPointsWarning({ points }: { points: ClosedPoint[] }) {
  return (
    <section
      aria-labelledby="closed-points-title"
      className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
      data-testid="closed-points"
    >
      <h2 id="closed-points-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4" aria-hidden="true" />
        {t("admin.cycle.closedPointsTitle")}
      </h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {points.map((point) => (
          <li key={point.id}>
            {t(point.allDays ? "admin.cycle.closedPointAll" : "admin.cycle.closedPoint", {
              name: point.name,
              days: point.days.map(formatHkDay).join("、"),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{t("admin.cycle.closedPointsHint")}</p>
    </section>
  );
}
