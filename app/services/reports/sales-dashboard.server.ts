/**
 * The owner's dashboard (issue 46 item 1; decision 0050): a period — one cycle, or the cycles whose
 * cut-off falls in a Hong Kong week or month — with the one before it, each period's figures, the
 * trend of the periods before, and per product, category, merchant and pickup point.
 */
import { and, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { orderCycles } from "~/db/schema/index.ts";
import {
  type CalendarKind,
  calendarBounds,
  isPeriodKey,
  type PeriodKind,
  periodKeyOf,
  periodLabel,
  periodsUpTo,
  shiftPeriod,
} from "~/domain/reports/periods.ts";
import { type Breakdown, type BreakdownSort, sortBreakdown, topAndBottom } from "~/domain/reports/sales.ts";
import { clampPage } from "~/domain/shared/admin-table.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import {
  breakdownIn,
  cycleSeries,
  funnelIn,
  groupsIn,
  membersIn,
  type Scope,
  salesIn,
} from "./sales-figures.server.ts";

export const TREND_PERIODS = 8;
export const BREAKDOWN_PAGE_SIZE = 50;

export interface Period extends Scope {
  kind: PeriodKind;
  key: string;
  label: string;
}

type CycleRow = Pick<typeof orderCycles.$inferSelect, "id" | "cutoffAt" | "createdAt" | "status">;

export function createSalesDashboard({ db }: ServiceDeps) {
  const cycleColumns = {
    id: orderCycles.id,
    cutoffAt: orderCycles.cutoffAt,
    createdAt: orderCycles.createdAt,
    status: orderCycles.status,
  };

  /** A cycle's period: its orders, and the time since the cut-off before it (or since it opened). */
  async function cyclePeriod(cycle: CycleRow): Promise<Period> {
    const [before] = await db
      .select({ cutoffAt: orderCycles.cutoffAt })
      .from(orderCycles)
      .where(lt(orderCycles.cutoffAt, cycle.cutoffAt))
      .orderBy(desc(orderCycles.cutoffAt))
      .limit(1);
    return {
      kind: "cycle",
      key: String(cycle.id),
      label: cycle.cutoffAt.toISOString(),
      cycleIds: [cycle.id],
      from: before?.cutoffAt ?? cycle.createdAt,
      to: cycle.cutoffAt,
    };
  }

  async function calendarPeriod(kind: CalendarKind, key: string): Promise<Period> {
    const { from, to } = calendarBounds(kind, key);
    const cycles = await db
      .select({ id: orderCycles.id })
      .from(orderCycles)
      .where(and(gte(orderCycles.cutoffAt, from), lt(orderCycles.cutoffAt, to)))
      .orderBy(orderCycles.cutoffAt);
    return { kind, key, label: periodLabel(kind, key), cycleIds: cycles.map((row) => row.id), from, to };
  }

  /** The latest cycle whose cut-off has passed (the open one when none has). */
  async function defaultCycle(now: Date): Promise<CycleRow | undefined> {
    const [passed] = await db
      .select(cycleColumns)
      .from(orderCycles)
      .where(lte(orderCycles.cutoffAt, now))
      .orderBy(desc(orderCycles.cutoffAt))
      .limit(1);
    if (passed) return passed;
    const [any] = await db
      .select(cycleColumns)
      .from(orderCycles)
      .orderBy(desc(orderCycles.cutoffAt))
      .limit(1);
    return any;
  }

  /** The cycles before `cycle`, newest first. */
  async function cyclesBefore(cycle: CycleRow, count: number): Promise<CycleRow[]> {
    return db
      .select(cycleColumns)
      .from(orderCycles)
      .where(lt(orderCycles.cutoffAt, cycle.cutoffAt))
      .orderBy(desc(orderCycles.cutoffAt))
      .limit(count);
  }

  /**
   * The period asked for (a cycle id, a week's Monday or a month), or the current one when the key
   * is missing or not one; null for an unknown cycle. With it: the period before, and the trend.
   */
  async function periods(kind: PeriodKind, key: string | null, now: Date) {
    if (kind === "cycle") {
      const id = key && /^\d{1,9}$/.test(key) ? Number(key) : null;
      const [asked] =
        id === null ? [] : await db.select(cycleColumns).from(orderCycles).where(eq(orderCycles.id, id));
      if (id !== null && !asked) return null;
      const cycle = asked ?? (await defaultCycle(now));
      if (!cycle) return { current: null, previous: null, trend: [] as Period[] };
      const before = await cyclesBefore(cycle, TREND_PERIODS - 1);
      const current = await cyclePeriod(cycle);
      const previous = before[0] ? await cyclePeriod(before[0]) : null;
      const trend = [...before].reverse().map(
        (row): Period => ({
          kind: "cycle",
          key: String(row.id),
          label: row.cutoffAt.toISOString(),
          cycleIds: [row.id],
          from: row.createdAt,
          to: row.cutoffAt,
        }),
      );
      return { current, previous, trend: [...trend, current] };
    }
    const chosen = key && isPeriodKey(kind, key) ? key : periodKeyOf(kind, now);
    const trend = await Promise.all(
      periodsUpTo(kind, chosen, TREND_PERIODS).map((each) => calendarPeriod(kind, each)),
    );
    const current = trend[trend.length - 1] ?? (await calendarPeriod(kind, chosen));
    const previous = trend[trend.length - 2] ?? (await calendarPeriod(kind, shiftPeriod(kind, chosen, -1)));
    return { current, previous, trend };
  }

  async function figures(period: Period) {
    const [sales, people, groups, funnel] = await Promise.all([
      salesIn(db, period),
      membersIn(db, period),
      groupsIn(db, period),
      funnelIn(db, period),
    ]);
    return { sales, ...people, groups, funnel };
  }

  return {
    periods,
    figures,

    /** The whole dashboard of one period; null for an unknown cycle. */
    async dashboard(
      input: {
        kind: PeriodKind;
        key: string | null;
        breakdown: Breakdown;
        sort: BreakdownSort;
        direction: "asc" | "desc";
        page: number;
      },
      now: Date,
    ) {
      const found = await periods(input.kind, input.key, now);
      if (!found) return null;
      const { current, previous, trend } = found;
      if (!current) return { period: null };
      const trendCycles = trend.flatMap((period) => period.cycleIds);
      const [now_, before, series, rows] = await Promise.all([
        figures(current),
        previous ? figures(previous) : null,
        cycleSeries(db, trendCycles),
        breakdownIn(db, current, input.breakdown),
      ]);
      const sorted = sortBreakdown(rows, input.sort, input.direction);
      const page = clampPage(input.page, sorted.length, BREAKDOWN_PAGE_SIZE);
      return {
        period: current,
        previousPeriod: previous,
        current: now_,
        previous: before,
        trend: trend.map((period) => {
          const mine = series.filter((row) => period.cycleIds.includes(row.cycleId));
          const sum = (field: "itemsCents" | "paidCents" | "creditedCents" | "orders") =>
            mine.reduce((total, row) => total + row[field], 0);
          return {
            key: period.key,
            label: period.label,
            itemsCents: sum("itemsCents"),
            paidCents: sum("paidCents"),
            creditedCents: sum("creditedCents"),
            orders: sum("orders"),
          };
        }),
        breakdown: {
          by: input.breakdown,
          ...topAndBottom(rows),
          rows: sorted.slice(page * BREAKDOWN_PAGE_SIZE, (page + 1) * BREAKDOWN_PAGE_SIZE),
          total: sorted.length,
          page,
          pageSize: BREAKDOWN_PAGE_SIZE,
        },
      };
    },

    /** The cycles to choose from, newest first. */
    async cycleChoices(limit = 52) {
      return db
        .select({ id: orderCycles.id, cutoffAt: orderCycles.cutoffAt, status: orderCycles.status })
        .from(orderCycles)
        .orderBy(desc(orderCycles.cutoffAt), sql`${orderCycles.id} desc`)
        .limit(limit);
    },
  };
}

export type SalesDashboard = ReturnType<typeof createSalesDashboard>;
