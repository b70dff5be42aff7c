import { Printer } from "lucide-react";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { CycleStatusBadge, GroupStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { DataTable, type DataTableColumn, numberColumn } from "~/components/admin/data-table.tsx";
import { PrintButton } from "~/components/admin/print-button.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { BackLink } from "~/components/admin/record-page.tsx";
import { Panel } from "~/components/admin/record-panel.tsx";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import { t } from "~/i18n/admin.ts";
import { notFound } from "~/web/record-route.ts";
import type { Route } from "./+types/deadline-report.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.report.title");

/**
 * /admin/deadline/:id/report?page=&print= : the cycle's settlement report (issue 6 item 2). The
 * products table pages by 50; `print=1` puts every product on one page for the printer.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = parseRecordId(params.id) ?? notFound();
  const search = new URL(request.url).searchParams;
  const print = search.get("print") === "1";
  const report = await context.services.cycles.report.cycleReport(
    id,
    print ? "all" : parseTableState(search),
  );
  if (!report) notFound();
  const { cycle } = report;
  return {
    ...report,
    print,
    cycle: {
      id: cycle.id,
      status: cycle.status,
      cutoffAt: cycle.cutoffAt.toISOString(),
      pickupFrom: cycle.pickupFrom,
      pickupTo: cycle.pickupTo,
      settledAt: cycle.settledAt?.toISOString() ?? null,
    },
  };
}

type LoaderData = Route.ComponentProps["loaderData"];
type ProductRow = LoaderData["products"]["rows"][number];

const columns: DataTableColumn<ProductRow>[] = [
  { id: "product", header: t("admin.report.col.product"), cell: (row) => row.name },
  { id: "mode", header: t("admin.report.col.mode"), cell: (row) => t(`mode.${row.mode}`) },
  numberColumn("quantity", t("admin.report.col.quantity"), (row) => `${row.quantity} ${row.unit}`),
  numberColumn("buyers", t("admin.report.col.buyers"), (row) => row.buyers),
  numberColumn("target", t("admin.report.col.target"), (row) => row.targetBuyers ?? t("admin.none")),
  {
    id: "result",
    header: t("admin.report.col.result"),
    cell: (row) => (
      <span className="inline-flex items-center gap-1">
        <GroupStatusBadge status={row.status} />
        {row.cancelledLines > 0 ? (
          <span className="text-xs text-stone-600">
            {t("admin.report.cancelledLines", { count: row.cancelledLines })}
          </span>
        ) : null}
      </span>
    ),
  },
  numberColumn("charged", t("admin.report.col.charged"), (row) => formatCents(row.chargedCents)),
  numberColumn("credited", t("admin.report.col.credited"), (row) => formatCents(row.creditedCents)),
];

export default function DeadlineReport({ loaderData }: Route.ComponentProps) {
  const { cycle, totals, products, print } = loaderData;
  const cutoff = formatHkAdminTime(new Date(cycle.cutoffAt));
  const byReason = (reason: string) => totals.credits.find((credit) => credit.reason === reason)?.cents ?? 0;
  return (
    <div className="flex flex-col gap-5" data-testid="settlement-report">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <BackLink to={`/admin/deadline/${cycle.id}`} label="admin.report.back" className="print:hidden" />
          <h1 className="mt-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-brand-800">
            {t("admin.report.heading", { cutoff })}
            <CycleStatusBadge status={cycle.status} />
          </h1>
          <p className="mt-1 text-stone-700">
            {t("admin.cycles.pickupRange", { from: cycle.pickupFrom, to: cycle.pickupTo })}
            {cycle.settledAt
              ? ` · ${t("admin.report.settledLine", {
                  time: formatHkAdminTime(new Date(cycle.settledAt)),
                  who: loaderData.settledByName ?? t("admin.cycle.settledByJob"),
                })}`
              : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {print ? (
            <>
              <Link to={`/admin/deadline/${cycle.id}/report`} className={secondaryButton}>
                {t("admin.report.pagedView")}
              </Link>
              <PrintButton label={t("admin.report.print")} />
            </>
          ) : (
            <>
              <Link to={`/admin/sales?period=cycle&key=${cycle.id}`} className={secondaryButton}>
                {t("admin.report.salesView")}
              </Link>
              <Link to="?print=1" className={secondaryButton}>
                <Printer className="size-4" aria-hidden="true" />
                {t("admin.report.printView")}
              </Link>
            </>
          )}
        </div>
      </div>
      {cycle.status === "settled" ? null : (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          {t("admin.report.notSettled")}
        </p>
      )}
      {loaderData.pendingOrders > 0 ? (
        <p className="text-sm text-stone-700">
          {t("admin.report.pendingNote", { count: loaderData.pendingOrders })}
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-2 print:grid-cols-2">
        <Panel title={t("admin.report.totals")} testId="report-totals">
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm tabular-nums">
            <Total label={t("admin.report.orders")} value={String(loaderData.orders)} />
            <Total label={t("admin.report.members")} value={String(loaderData.members)} />
            <Total label={t("admin.report.items")} value={formatCents(totals.itemsCents)} />
            <Total label={t("admin.report.discount")} value={formatCents(-totals.discountCents)} />
            <Total label={t("admin.report.delivery")} value={formatCents(totals.deliveryCents)} />
            <Total label={t("admin.report.cardFee")} value={formatCents(totals.cardFeeCents)} />
            <Total label={t("admin.report.paid")} value={formatCents(totals.paidCents)} strong />
            <Total label={t("admin.report.credited")} value={formatCents(-totals.creditedCents)} />
            <Total label={t("admin.report.net")} value={formatCents(totals.netCents)} strong />
          </dl>
        </Panel>
        <Panel title={t("admin.report.byReason")} testId="report-reasons">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-stone-600">
              <tr>
                <th scope="col" className="py-1.5 font-semibold">
                  {t("admin.report.col.reason")}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {t("admin.report.col.records")}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {t("admin.report.col.amount")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 tabular-nums">
              {totals.credits.map((credit) => (
                <tr key={credit.reason} data-reason={credit.reason}>
                  <td className="py-1.5">{t(`admin.dollar.reason.${credit.reason}`)}</td>
                  <td className="py-1.5 text-right">{credit.records}</td>
                  <td className="py-1.5 text-right">{formatCents(credit.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-stone-200 font-semibold tabular-nums">
              <tr>
                <th scope="row" className="py-1.5 text-left">
                  {t("admin.report.creditedTotal")}
                </th>
                <td className="py-1.5 text-right">{totals.creditedRecords}</td>
                <td className="py-1.5 text-right" data-testid="credited-total">
                  {formatCents(totals.creditedCents)}
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="mt-3 text-xs text-stone-600">
            {t("admin.report.check", {
              lines: formatCents(loaderData.lines.creditedCents),
              delivery: formatCents(byReason("delivery_refund")),
              referral: formatCents(byReason("referral_reward")),
              total: formatCents(totals.creditedCents),
            })}
          </p>
        </Panel>
      </div>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-stone-900">{t("admin.report.products")}</h2>
        <DataTable
          caption={t("admin.report.products")}
          columns={columns}
          rows={products.rows}
          rowId={(row) => String(row.productId)}
          rowLabel={(row) => row.name}
          total={products.total}
          page={products.page}
          pageSize={products.pageSize}
          emptyText={t("admin.report.emptyProducts")}
        />
      </section>
    </div>
  );
}

const secondaryButton =
  "flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50";

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? "font-semibold text-stone-900" : "text-stone-700";
  return (
    <div className={`contents ${weight}`}>
      <dt className={strong ? "border-t border-stone-200 pt-1.5" : undefined}>{label}</dt>
      <dd className={`text-right ${strong ? "border-t border-stone-200 pt-1.5" : ""}`}>{value}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.cycle.notFound"
      back={{ to: "/admin/deadline", label: "admin.cycle.back" }}
    />
  );
}
