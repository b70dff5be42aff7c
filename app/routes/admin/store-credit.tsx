import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, type DataTableColumn, numberColumn } from "~/components/admin/data-table.tsx";
import { CHART_COLORS, SalesBarChart } from "~/components/admin/sales-chart.tsx";
import { ChartCard } from "~/components/admin/sales-figures.tsx";
import { type CreditPeriod, ISSUED_REASONS, parseCreditQuery } from "~/domain/reports/store-credit.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/store-credit.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.credit.title");

/**
 * /admin/store-credit?period=week|month&key=&page= : the dDollar the shop owes its members (issue 46
 * item 2): the total, the last eight weeks or months (issued by reason, spent, adjusted, the running
 * figure) and the members who hold it, 50 a page, each linked to their records at /admin/dollar.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseCreditQuery(new URL(request.url).searchParams, new Date());
  const credit = context.services.reports.storeCredit;
  const [owed, periods, holders] = await Promise.all([
    credit.outstanding(),
    credit.periods(query.kind, query.key),
    credit.holders(query.page),
  ]);
  return { query, owed, periods, holders };
}

type Holder = Route.ComponentProps["loaderData"]["holders"]["rows"][number];

const holderColumns: DataTableColumn<Holder>[] = [
  {
    id: "member",
    header: t("admin.credit.col.member"),
    cell: (row) => (
      <Link to={`/admin/dollar?q=${row.phone}`} className="text-brand-800 underline">
        {row.name} {row.phone}
      </Link>
    ),
  },
  numberColumn("balance", t("admin.credit.col.balance"), (row) => formatCents(row.cents)),
];

const reasonLabel = (reason: (typeof ISSUED_REASONS)[number]) => t(`admin.credit.reason.${reason}`);

function PeriodsTable({ periods }: { periods: CreditPeriod[] }) {
  const line = (label: string, value: (period: CreditPeriod) => number, strong = false) => (
    <tr className="border-b border-stone-100 last:border-0">
      <th
        scope="row"
        className={`whitespace-nowrap py-1.5 pr-2 text-left ${strong ? "font-semibold" : "font-normal"}`}
      >
        {label}
      </th>
      {periods.map((period) => (
        <td
          key={period.key}
          className={`py-1.5 pl-3 text-right tabular-nums ${strong ? "font-semibold" : ""}`}
        >
          {formatCents(value(period))}
        </td>
      ))}
    </tr>
  );
  return (
    <table className="w-full min-w-[40rem] text-sm" data-testid="credit-periods">
      <caption className="sr-only">{t("admin.credit.periods")}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-stone-600">
          <th scope="col" className="py-1 text-left font-normal">
            {t("admin.sales.col.figure")}
          </th>
          {periods.map((period) => (
            <th key={period.key} scope="col" className="whitespace-nowrap py-1 pl-3 text-right font-normal">
              {period.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {line(t("admin.credit.opening"), (period) => period.openingCents)}
        {ISSUED_REASONS.map((reason) => (
          <tr key={reason} className="border-b border-stone-100">
            <th scope="row" className="whitespace-nowrap py-1.5 pr-2 text-left font-normal text-stone-700">
              {reasonLabel(reason)}
            </th>
            {periods.map((period) => (
              <td key={period.key} className="py-1.5 pl-3 text-right tabular-nums text-stone-700">
                {formatCents(period.issued.find((row) => row.reason === reason)?.cents ?? 0)}
              </td>
            ))}
          </tr>
        ))}
        {line(t("admin.credit.issued"), (period) => period.issuedCents, true)}
        {line(t("admin.credit.spent"), (period) => period.spentCents, true)}
        {line(t("admin.credit.adjusted"), (period) => period.adjustedCents, true)}
        {line(t("admin.credit.closing"), (period) => period.closingCents, true)}
      </tbody>
    </table>
  );
}

export default function StoreCredit({ loaderData }: Route.ComponentProps) {
  const { query, owed, periods, holders } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand-800">{t("admin.credit.title")}</h1>
      <p className="text-sm text-stone-700">{t("admin.credit.intro")}</p>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-600">{t("admin.credit.outstanding")}</dt>
          <dd
            className="mt-1 text-2xl font-bold text-brand-800 tabular-nums"
            data-testid="credit-outstanding"
          >
            {formatCents(owed.balancesCents)}
          </dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-600">{t("admin.credit.ledger")}</dt>
          <dd className="mt-1 text-2xl font-bold text-stone-800 tabular-nums">
            {formatCents(owed.ledgerCents)}
          </dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-600">{t("admin.credit.holders")}</dt>
          <dd className="mt-1 text-2xl font-bold text-stone-800 tabular-nums">
            {owed.holders.toLocaleString("zh-HK")}
          </dd>
        </div>
      </dl>
      {owed.balancesCents !== owed.ledgerCents ? (
        <p role="alert" className="rounded-lg border border-accent-500 bg-white px-4 py-2 text-accent-600">
          {t("admin.credit.mismatch")}
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-2 rounded-xl bg-white p-3 shadow-sm">
        <label className="flex flex-col text-xs text-stone-600">
          {t("admin.sales.period")}
          <select
            name="period"
            defaultValue={query.kind}
            className="rounded-lg border border-stone-300 px-2 py-1.5 text-sm"
          >
            <option value="month">{t("admin.sales.kind.month")}</option>
            <option value="week">{t("admin.sales.kind.week")}</option>
          </select>
        </label>
        <label className="flex flex-col text-xs text-stone-600">
          {t("admin.credit.until")}
          <input
            name="key"
            type={query.kind === "month" ? "month" : "date"}
            defaultValue={query.key}
            className="rounded-lg border border-stone-300 px-2 py-1.5 text-sm"
          />
        </label>
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white"
        >
          {t("admin.sales.show")}
        </button>
      </Form>
      <ChartCard
        title={t("admin.credit.periods")}
        note={t("admin.credit.periodsNote")}
        chart={
          <SalesBarChart
            rows={periods.map((period) => ({
              label: period.label,
              issued: period.issuedCents / 100,
              spent: -period.spentCents / 100,
              closing: period.closingCents / 100,
            }))}
            series={[
              { key: "issued", label: t("admin.credit.issued"), color: CHART_COLORS[1] },
              { key: "spent", label: t("admin.credit.spentChart"), color: CHART_COLORS[2] },
              { key: "closing", label: t("admin.credit.closing"), color: CHART_COLORS[0] },
            ]}
          />
        }
        table={<PeriodsTable periods={periods} />}
        stacked
      />
      <section className="flex flex-col gap-2" aria-labelledby="holders-heading">
        <h2 id="holders-heading" className="font-semibold text-stone-900">
          {t("admin.credit.holdersTitle")}
        </h2>
        <DataTable
          caption={t("admin.credit.holdersTitle")}
          columns={holderColumns}
          rows={holders.rows}
          rowId={(row) => row.id}
          rowLabel={(row) => row.name}
          total={holders.total}
          page={holders.page}
          pageSize={holders.pageSize}
          emptyText={t("admin.credit.none")}
        />
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
