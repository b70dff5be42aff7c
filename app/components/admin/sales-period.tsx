/**
 * The dashboard's period: cycle, week or month, which one, and the one before and after. A GET form
 * and links, so it works before the page's script has loaded and every period can be bookmarked.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { PERIOD_KINDS, type PeriodKind } from "~/domain/reports/periods.ts";
import { type SalesQuery, salesSearch } from "~/domain/reports/sales-query.ts";
import { t } from "~/i18n/admin.ts";

export interface CycleChoice {
  id: number;
  label: string;
}

const field = "rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm";

export function SalesPeriodPicker({
  query,
  periodKey,
  label,
  previousKey,
  nextKey,
  cycles,
  action,
}: {
  query: SalesQuery;
  periodKey: string;
  label: string;
  previousKey: string | null;
  nextKey: string | null;
  cycles: CycleChoice[];
  action: string;
}) {
  const go = (key: string) => `${action}${salesSearch({ ...query, key, page: 0 }, {})}`;
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-white p-3 shadow-sm" data-testid="sales-period">
      <Form method="get" action={action} className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs text-stone-600">
          {t("admin.sales.period")}
          <select name="period" defaultValue={query.kind} className={field}>
            {PERIOD_KINDS.map((kind: PeriodKind) => (
              <option key={kind} value={kind}>
                {t(`admin.sales.kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col text-xs text-stone-600">
          <label htmlFor="sales-period-key">{t(`admin.sales.which.${query.kind}`)}</label>
          {query.kind === "cycle" ? (
            <select id="sales-period-key" name="key" defaultValue={periodKey} className={field}>
              {cycles.map((cycle) => (
                <option key={cycle.id} value={cycle.id}>
                  {cycle.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id="sales-period-key"
              name="key"
              type={query.kind === "month" ? "month" : "date"}
              defaultValue={periodKey}
              className={field}
            />
          )}
        </div>
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white"
        >
          {t("admin.sales.show")}
        </button>
      </Form>
      <div className="flex items-center justify-between gap-2 text-sm">
        {previousKey ? (
          <Link to={go(previousKey)} className="flex items-center gap-1 text-brand-800 hover:underline">
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t("admin.sales.previous")}
          </Link>
        ) : (
          <span />
        )}
        <p className="font-semibold text-stone-900" data-testid="sales-period-label">
          {label}
        </p>
        {nextKey ? (
          <Link to={go(nextKey)} className="flex items-center gap-1 text-brand-800 hover:underline">
            {t("admin.sales.next")}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        ) : (
          <span />
        )}
      </div>
    </div>
  );
}
