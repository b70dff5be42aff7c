import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { SalesBreakdown } from "~/components/admin/sales-breakdown.tsx";
import { SalesFigures } from "~/components/admin/sales-figures.tsx";
import { SalesPeriodPicker } from "~/components/admin/sales-period.tsx";
import { ACCOUNTING_SHEETS } from "~/domain/reports/sales.ts";
import { parseSalesQuery } from "~/domain/reports/sales-query.ts";
import { t } from "~/i18n/admin.ts";
import { notFound } from "~/web/record-route.ts";
import type { Route } from "./+types/sales.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.sales.title");

/**
 * /admin/sales?period=cycle|week|month&key=&by=&sort=&dir=&page= : the owner's dashboard on a page
 * of its own (issue 46 item 1), with the groups and the table per product, category, merchant and
 * pickup point. An unknown cycle is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseSalesQuery(new URL(request.url).searchParams);
  const page = await context.services.reports.sales.page(query, new Date());
  if (!page) notFound();
  return { query, ...page };
}

export default function Sales({ loaderData }: Route.ComponentProps) {
  const { query, period } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand-800">{t("admin.sales.title")}</h1>
      <p className="text-sm text-stone-700">{t("admin.sales.intro")}</p>
      {period ? (
        <>
          <SalesPeriodPicker
            query={query}
            periodKey={period.key}
            label={period.label}
            previousKey={loaderData.previousPeriod?.key ?? null}
            nextKey={loaderData.nextKey}
            cycles={loaderData.cycles}
            action="/admin/sales"
          />
          <SalesFigures
            current={loaderData.current}
            previous={loaderData.previous}
            previousLabel={loaderData.previousPeriod?.label ?? t("admin.sales.col.noPrevious")}
            trend={loaderData.trend}
            full
          />
          <SalesBreakdown query={query} breakdown={loaderData.breakdown} />
          <AccountingExports kind={query.kind} periodKey={period.key} />
          <p className="flex flex-wrap gap-4 text-sm">
            {query.kind === "cycle" ? (
              // Decision 0052: from a cycle's money to its orders, where a line is refunded.
              <Link
                to={`/admin/order?cycle=${encodeURIComponent(period.key)}`}
                className="text-brand-800 underline"
              >
                {t("admin.sales.cycleOrders")}
              </Link>
            ) : null}
            <Link to="/admin/store-credit" className="text-brand-800 underline">
              {t("admin.credit.title")}
            </Link>
          </p>
        </>
      ) : (
        <p className="rounded-xl bg-white p-4 text-stone-700 shadow-sm">{t("admin.sales.noPeriod")}</p>
      )}
    </div>
  );
}

/** The accounting files of the period shown: a cycle or a month (issue 46 item 3). */
function AccountingExports({ kind, periodKey }: { kind: string; periodKey: string }) {
  const search = `period=${kind}&key=${encodeURIComponent(periodKey)}`;
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" aria-labelledby="exports-heading">
      <h2 id="exports-heading" className="font-semibold text-stone-900">
        {t("admin.export.title")}
      </h2>
      <p className="mt-1 text-xs text-stone-600">
        {kind === "week" ? t("admin.export.onlyCycleOrMonth") : t("admin.export.hint")}
      </p>
      {kind === "week" ? null : (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm">
          <li>
            <a
              href={`/admin/sales/export.xlsx?${search}`}
              className="rounded-lg bg-brand-700 px-3 py-1.5 text-white"
              download
            >
              {t("admin.export.xlsx")}
            </a>
          </li>
          {ACCOUNTING_SHEETS.map((sheet) => (
            <li key={sheet}>
              <a
                href={`/admin/sales/export.csv?${search}&sheet=${sheet}`}
                className="rounded-lg border border-stone-300 px-3 py-1.5 text-brand-800"
                download
              >
                {t("admin.export.csv", { sheet: t(`admin.export.sheet.${sheet}`) })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
