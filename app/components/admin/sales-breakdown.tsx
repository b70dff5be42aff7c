/**
 * Per product, category, merchant and pickup point (issue 46 item 1): the top and bottom 10 by
 * amount charged (a chart and its table), and every row in a table sorted by the URL, 50 a page.
 */
import { Link } from "react-router";
import { DataTable, type DataTableColumn, numberColumn } from "~/components/admin/data-table.tsx";
import { BREAKDOWN_SORTS, BREAKDOWNS, type BreakdownRow } from "~/domain/reports/sales.ts";
import { type SalesQuery, salesSearch } from "~/domain/reports/sales-query.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { CHART_COLORS, SalesBarChart } from "./sales-chart.tsx";
import { ChartCard } from "./sales-figures.tsx";

const nameOf = (row: BreakdownRow) => row.name ?? t("admin.sales.noName");

const columns: DataTableColumn<BreakdownRow>[] = [
  { id: "name", header: t("admin.sales.sort.name"), cell: nameOf },
  numberColumn("quantity", t("admin.sales.sort.quantity"), (row) => row.quantity.toLocaleString("zh-HK")),
  numberColumn("buyers", t("admin.sales.sort.buyers"), (row) => row.buyers.toLocaleString("zh-HK")),
  numberColumn("charged", t("admin.sales.sort.charged"), (row) => formatCents(row.chargedCents)),
  numberColumn("credited", t("admin.sales.sort.credited"), (row) => formatCents(row.creditedCents)),
  numberColumn("net", t("admin.sales.sort.net"), (row) => formatCents(row.netCents)),
];

function SmallTable({ caption, rows }: { caption: string; rows: BreakdownRow[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="py-1 text-left font-semibold text-stone-800">{caption}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-left text-stone-600">
          <th scope="col" className="py-1 font-normal">
            {t("admin.sales.sort.name")}
          </th>
          <th scope="col" className="py-1 text-right font-normal">
            {t("admin.sales.sort.charged")}
          </th>
          <th scope="col" className="py-1 text-right font-normal">
            {t("admin.sales.sort.net")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="py-2 text-stone-600">
              {t("admin.sales.empty")}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key ?? "none"} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {nameOf(row)}
              </th>
              <td className="py-1 text-right tabular-nums">{formatCents(row.chargedCents)}</td>
              <td className="py-1 text-right tabular-nums">{formatCents(row.netCents)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function SalesBreakdown({
  query,
  breakdown,
}: {
  query: SalesQuery;
  breakdown: {
    top: BreakdownRow[];
    bottom: BreakdownRow[];
    rows: BreakdownRow[];
    total: number;
    page: number;
    pageSize: number;
  };
}) {
  const by = t(`admin.sales.by.${query.breakdown}`);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="breakdown-heading">
      <h2 id="breakdown-heading" className="text-lg font-semibold text-stone-900">
        {t("admin.sales.breakdown")}
      </h2>
      <nav aria-label={t("admin.sales.breakdown")} className="flex flex-wrap gap-2">
        {BREAKDOWNS.map((each) => (
          <Link
            key={each}
            to={salesSearch(query, { breakdown: each, page: 0 })}
            aria-current={each === query.breakdown ? "page" : undefined}
            className={
              each === query.breakdown
                ? "rounded-full bg-brand-700 px-3 py-1 text-sm text-white"
                : "rounded-full bg-white px-3 py-1 text-sm text-brand-800 shadow-sm"
            }
          >
            {t(`admin.sales.by.${each}`)}
          </Link>
        ))}
      </nav>
      <ChartCard
        title={t("admin.sales.topTitle", { by })}
        chart={
          <SalesBarChart
            horizontal
            height={Math.max(160, breakdown.top.length * 28 + 40)}
            rows={breakdown.top.map((row) => ({
              label: nameOf(row).slice(0, 10),
              charged: row.chargedCents / 100,
            }))}
            series={[{ key: "charged", label: t("admin.sales.sort.charged"), color: CHART_COLORS[0] }]}
          />
        }
        table={
          <div className="grid gap-4">
            <SmallTable caption={t("admin.sales.top")} rows={breakdown.top} />
            <SmallTable caption={t("admin.sales.bottom")} rows={breakdown.bottom} />
          </div>
        }
      />
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <span>{t("admin.sales.sortBy")}</span>
        {BREAKDOWN_SORTS.map((sort) => {
          const active = sort === query.sort;
          const direction = active
            ? query.direction === "desc"
              ? "asc"
              : "desc"
            : sort === "name"
              ? "asc"
              : "desc";
          return (
            <Link
              key={sort}
              to={salesSearch(query, { sort, direction, page: 0 })}
              aria-current={active ? "true" : undefined}
              className={active ? "font-semibold text-brand-800 underline" : "text-brand-700 hover:underline"}
            >
              {t(`admin.sales.sort.${sort}`)}
              {active ? (query.direction === "desc" ? " ↓" : " ↑") : null}
            </Link>
          );
        })}
      </p>
      <DataTable
        caption={t("admin.sales.tableCaption", { by })}
        columns={columns}
        rows={breakdown.rows}
        rowId={(row) => String(row.key ?? "none")}
        rowLabel={nameOf}
        total={breakdown.total}
        page={breakdown.page}
        pageSize={breakdown.pageSize}
        emptyText={t("admin.sales.empty")}
      />
    </section>
  );
}
