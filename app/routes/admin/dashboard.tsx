import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { DailyBarChart } from "~/components/admin/bar-chart.tsx";
import { SalesFigures } from "~/components/admin/sales-figures.tsx";
import { SalesPeriodPicker } from "~/components/admin/sales-period.tsx";
import { parseSalesQuery, salesSearch } from "~/domain/reports/sales-query.ts";
import { hourLabel } from "~/domain/shared/hk-time.ts";
import { type DailyCount, seriesTotal, shortDayLabel } from "~/domain/site/admin-dashboard.ts";
import { t } from "~/i18n/admin.ts";
import { notFound } from "~/web/record-route.ts";
import type { Route } from "./+types/dashboard.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.dashboard.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseSalesQuery(new URL(request.url).searchParams);
  const [dashboard, recent, settings, sales, lackingEnglish] = await Promise.all([
    context.services.members.admin.dashboard(new Date()),
    context.services.members.admin.auditEntries({ limit: 8 }),
    context.services.site.getSettings(),
    context.services.reports.sales.page(query, new Date()),
    context.services.catalogue.products.publishedLackingEnglish(),
  ]);
  if (!sales) notFound();
  return { ...dashboard, recent, maintenance: settings.maintenance, query, sales, lackingEnglish };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { signUps, pageViews, operations, query, sales } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand-800">{t("admin.dashboard.title")}</h1>
      {loaderData.maintenance ? (
        <p className="rounded-lg border border-accent-500 bg-white px-4 py-3 text-accent-600" role="status">
          {t("admin.dashboard.maintenanceOn")}{" "}
          <Link to="/admin/settings" className="font-semibold underline">
            {t("admin.dashboard.maintenanceLink")}
          </Link>
        </p>
      ) : null}
      {loaderData.lackingEnglish > 0 ? (
        <p className="rounded-lg bg-white px-4 py-3 text-stone-800 shadow-sm" data-testid="lacking-english">
          {t("admin.dashboard.lackingEnglish", { count: loaderData.lackingEnglish })}{" "}
          <Link
            to="/admin/product?english=any&published=yes"
            className="font-semibold text-brand-800 underline"
          >
            {t("admin.dashboard.lackingEnglishLink")}
          </Link>
        </p>
      ) : null}
      <section className="flex flex-col gap-3" aria-labelledby="sales-heading" data-testid="dashboard-sales">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="sales-heading" className="text-lg font-semibold text-stone-900">
            {t("admin.sales.summary")}
          </h2>
          <Link to={`/admin/sales${salesSearch(query, {})}`} className="text-sm text-brand-800 underline">
            {t("admin.sales.more")}
          </Link>
        </div>
        {sales.period ? (
          <>
            <SalesPeriodPicker
              query={query}
              periodKey={sales.period.key}
              label={sales.period.label}
              previousKey={sales.previousPeriod?.key ?? null}
              nextKey={sales.nextKey}
              cycles={sales.cycles}
              action="/admin"
            />
            <SalesFigures
              current={sales.current}
              previous={sales.previous}
              previousLabel={sales.previousPeriod?.label ?? t("admin.sales.col.noPrevious")}
              trend={sales.trend}
              full={false}
            />
          </>
        ) : (
          <p className="rounded-xl bg-white p-4 text-stone-700 shadow-sm">{t("admin.sales.noPeriod")}</p>
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="operations-heading">
        <h2 id="operations-heading" className="font-semibold text-stone-900">
          {t("admin.dashboard.operations")}
        </h2>
        <dl className="grid grid-cols-3 gap-3" data-testid="dashboard-operations">
          <Stat
            label={t("admin.dashboard.orders24h")}
            value={seriesTotal(operations.ordersPerHour)}
            testId="orders-24h"
          />
          <Stat
            label={t("admin.dashboard.pendingPayments")}
            value={operations.pendingPayments}
            testId="pending-payments"
          />
          <Stat label={t("admin.dashboard.smsToday")} value={operations.smsToday} testId="sms-today" />
        </dl>
        <ul className="flex flex-col gap-2" data-testid="code-budgets">
          {operations.codeBudgets.map((budget) => (
            <li
              key={budget.purpose}
              data-near-limit={budget.nearLimit || undefined}
              className={
                budget.nearLimit
                  ? "rounded-lg border border-accent-500 bg-white px-4 py-2 font-semibold text-accent-600"
                  : "rounded-lg bg-white px-4 py-2 text-stone-700 shadow-sm"
              }
            >
              {t(`admin.dashboard.codeBudget.${budget.purpose}`, {
                used: budget.used.toLocaleString("zh-HK"),
                limit: budget.limit.toLocaleString("zh-HK"),
              })}
              {budget.nearLimit ? ` ${t("admin.dashboard.codeBudgetNear")}` : null}
            </li>
          ))}
        </ul>
        <div className="rounded-xl bg-white p-4 shadow-sm lg:max-w-xl">
          <h3 className="font-semibold text-stone-900">{t("admin.dashboard.ordersPerHour")}</h3>
          <div className="mt-3">
            <DailyBarChart
              series={operations.ordersPerHour}
              tone="brand"
              label={hourLabel}
              labelEvery={6}
              textScale={2}
            />
          </div>
          <table className="sr-only">
            <caption>{t("admin.dashboard.ordersPerHour")}</caption>
            <tbody>
              {operations.ordersPerHour.map((entry) => (
                <tr key={entry.day}>
                  <th scope="row">{hourLabel(entry.day)}</th>
                  <td>{entry.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-totals">
        <Stat label={t("admin.dashboard.members")} value={loaderData.members} testId="members-total" />
        <Stat label={t("admin.dashboard.optedIn")} value={loaderData.optedIn} />
        <Stat label={t("admin.dashboard.signUps14")} value={seriesTotal(signUps)} />
        <Stat label={t("admin.dashboard.pageViews14")} value={seriesTotal(pageViews)} />
      </dl>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard title={t("admin.dashboard.signUpsChart")} series={signUps} tone="brand" />
        <ChartCard title={t("admin.dashboard.pageViewsChart")} series={pageViews} tone="accent" />
      </div>
      <DailyTable signUps={signUps} pageViews={pageViews} />
      <section className="rounded-xl bg-white p-4 shadow-sm">
        <h2 className="font-semibold text-stone-900">{t("admin.dashboard.recent")}</h2>
        <AuditList entries={loaderData.recent} emptyText={t("admin.dashboard.noRecent")} />
      </section>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums" data-testid={testId}>
        {value.toLocaleString("zh-HK")}
      </dd>
    </div>
  );
}

function ChartCard({
  title,
  series,
  tone,
}: {
  title: string;
  series: DailyCount[];
  tone: "brand" | "accent";
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-stone-900">{title}</h2>
      <p className="text-xs text-stone-600">{t("admin.dashboard.chartNote")}</p>
      <div className="mt-3">
        <DailyBarChart series={series} tone={tone} />
      </div>
    </section>
  );
}

/** The chart's numbers for screen readers (the bars themselves are hidden from them). */
function DailyTable({ signUps, pageViews }: { signUps: DailyCount[]; pageViews: DailyCount[] }) {
  return (
    <table className="sr-only">
      <caption>{t("admin.dashboard.tableCaption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("admin.dashboard.day")}</th>
          <th scope="col">{t("admin.dashboard.signUps")}</th>
          <th scope="col">{t("admin.dashboard.pageViews")}</th>
        </tr>
      </thead>
      <tbody>
        {signUps.map((entry, index) => (
          <tr key={entry.day}>
            <th scope="row">{shortDayLabel(entry.day)}</th>
            <td>{entry.count}</td>
            <td>{pageViews[index]?.count ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
