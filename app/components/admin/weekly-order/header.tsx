import { Download, FileSpreadsheet, Printer } from "lucide-react";
import { Link } from "react-router";
import { CycleStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { PrintButton } from "~/components/admin/print-button.tsx";
import { Select } from "~/components/ui/select.tsx";
import type { CycleStatus } from "~/domain/cycles/admin-cycle.schema.ts";
import {
  type WeeklyOrderView,
  weeklyOrderExportViews,
  weeklyOrderViews,
} from "~/domain/cycles/weekly-order.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import { secondaryButton, ViewForm, weeklyOrderHref } from "./shared.tsx";

/** A cycle the page can show, in the picker. */
export interface WeeklyCycleOption {
  id: number;
  cutoffAt: string;
  status: CycleStatus;
  paidOrders: number;
}

/** The cycle shown and what its orders come to. */
export interface WeeklyCycleSummary {
  cycle: { id: number; status: CycleStatus; cutoffAt: string; pickupFrom: string; pickupTo: string };
  paidOrders: number;
  pendingOrders: number;
  members: number;
}

/** The cycle picker: a GET form to the view shown, applied as soon as the choice changes. */
export function CyclePicker({
  view,
  options,
  selected,
}: {
  view: WeeklyOrderView;
  options: WeeklyCycleOption[];
  selected: number | undefined;
}) {
  return (
    <ViewForm view={view} className="flex flex-wrap items-end gap-2 print:hidden">
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t("admin.weekly.cycle")}
        <Select variant="filter" name="cycle" defaultValue={selected ?? ""} key={selected ?? "none"}>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {t("admin.weekly.cycleOption", {
                cutoff: formatHkAdminTime(new Date(option.cutoffAt)),
                status: t(`admin.cycles.status.${option.status}`),
                orders: option.paidOrders,
              })}
            </option>
          ))}
        </Select>
      </label>
    </ViewForm>
  );
}

export function CycleSummaryLine({ cycle }: { cycle: WeeklyCycleSummary }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2 text-stone-800" data-testid="weekly-summary">
        <CycleStatusBadge status={cycle.cycle.status} />
        {t("admin.weekly.summary", {
          cutoff: formatHkAdminTime(new Date(cycle.cycle.cutoffAt)),
          from: cycle.cycle.pickupFrom,
          to: cycle.cycle.pickupTo,
          orders: cycle.paidOrders,
          members: cycle.members,
        })}
      </p>
      {cycle.pendingOrders > 0 ? (
        <p className="text-sm text-stone-600">
          {t("admin.weekly.pendingNote", { count: cycle.pendingOrders })}
        </p>
      ) : null}
    </div>
  );
}

/** The views' tabs, the files to download and the printable page. */
export function Toolbar({
  cycleId,
  view,
  print,
}: {
  cycleId: number;
  view: WeeklyOrderView;
  print: boolean;
}) {
  const exportable = (weeklyOrderExportViews as readonly string[]).includes(view);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
      <nav
        aria-label={t("admin.weekly.views")}
        className="flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm"
      >
        {weeklyOrderViews.map((value) => (
          <Link
            key={value}
            to={weeklyOrderHref(value, cycleId)}
            aria-current={value === view ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${
              value === view ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"
            }`}
          >
            {t(`admin.weekly.view.${value}`)}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap gap-2">
        {exportable ? (
          <a
            href={`/admin/weekly-order/export.csv?cycle=${cycleId}&view=${view}`}
            className={secondaryButton}
            download
          >
            <Download className="size-4" aria-hidden="true" />
            {t("admin.weekly.exportCsv")}
          </a>
        ) : null}
        <a href={`/admin/weekly-order/export.xlsx?cycle=${cycleId}`} className={secondaryButton} download>
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          {t("admin.weekly.exportXlsx")}
        </a>
        {print ? (
          <>
            <Link to={weeklyOrderHref(view, cycleId)} className={secondaryButton}>
              {t("admin.weekly.pagedView")}
            </Link>
            <PrintButton label={t("admin.weekly.print")} />
          </>
        ) : (
          <Link to={weeklyOrderHref(view, cycleId, true)} className={secondaryButton}>
            <Printer className="size-4" aria-hidden="true" />
            {t("admin.weekly.printView")}
          </Link>
        )}
      </div>
    </div>
  );
}
