/**
 * What the owner's dashboard was asked for, read from its URL (issue 46 item 1): the period
 * (`period` = cycle | week | month, `key` = a cycle id, any day of a week, a month "2026-12"), and
 * the breakdown table's `by`, `sort`, `dir` and `page`. Anything else falls back to the defaults.
 */
import { isPeriodKey, PERIOD_KINDS, type PeriodKind, periodKeyOf } from "./periods.ts";
import { BREAKDOWN_SORTS, BREAKDOWNS, type Breakdown, type BreakdownSort } from "./sales.ts";

export interface SalesQuery {
  kind: PeriodKind;
  key: string | null;
  breakdown: Breakdown;
  sort: BreakdownSort;
  direction: "asc" | "desc";
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((each) => each === value) ?? fallback;
}

/** A week is named by any of its days; a month by "2026-12". */
function periodKey(kind: PeriodKind, key: string | null): string | null {
  if (!key) return null;
  if (kind === "cycle") return /^\d{1,9}$/.test(key) ? key : null;
  if (kind === "month") return isPeriodKey("month", key) ? key : null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return null;
  const day = new Date(`${key}T12:00:00+08:00`);
  return Number.isNaN(day.getTime()) ? null : periodKeyOf("week", day);
}

export function parseSalesQuery(params: URLSearchParams): SalesQuery {
  const kind = oneOf(PERIOD_KINDS, params.get("period"), "cycle");
  const page = Number(params.get("page"));
  return {
    kind,
    key: periodKey(kind, params.get("key")),
    breakdown: oneOf(BREAKDOWNS, params.get("by"), "product"),
    sort: oneOf(BREAKDOWN_SORTS, params.get("sort"), "charged"),
    direction: params.get("dir") === "asc" ? "asc" : "desc",
    page: Number.isInteger(page) && page >= 0 && page < 100_000 ? page : 0,
  };
}

/** The dashboard's query string with some parameters changed (defaults left out). */
export function salesSearch(query: SalesQuery, change: Partial<SalesQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  params.set("period", next.kind);
  if (next.key) params.set("key", next.key);
  if (next.breakdown !== "product") params.set("by", next.breakdown);
  if (next.sort !== "charged") params.set("sort", next.sort);
  if (next.direction !== "desc") params.set("dir", next.direction);
  if (next.page > 0) params.set("page", String(next.page));
  return `?${params.toString()}`;
}
