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
  cycleLabel,
  isPeriodKey,
  type PeriodKind,
  periodKeyOf,
  periodLabel,
  periodsUpTo,
  shiftPeriod,
} from "~/domain/reports/periods.ts";
import {
  type Breakdown,
  type BreakdownSort,
  type PeriodFigures,
  sortBreakdown,
  type TrendPoint,
  topAndBottom,
} from "~/domain/reports/sales.ts";
import type { SalesQuery } from "~/domain/reports/sales-query.ts";
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

const TREND_PERIODS = 8;
const BREAKDOWN_PAGE_SIZE = 50;

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
      label: cycleLabel(cycle.cutoffAt),
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
          label: cycleLabel(row.cutoffAt),
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

  async function figures(period: Period): Promise<PeriodFigures> {
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
        trend: trend.map((period): TrendPoint => {
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

    /** The cycles to choose from, newest first, named by their cut-off. */
    async cycleChoices(limit = 52) {
      const rows = await db
        .select({ id: orderCycles.id, cutoffAt: orderCycles.cutoffAt })
        .from(orderCycles)
        .orderBy(desc(orderCycles.cutoffAt), sql`${orderCycles.id} desc`)
        .limit(limit);
      return rows.map((row) => ({ id: row.id, label: cycleLabel(row.cutoffAt) }));
    },

    /** The period after `period` (null past the current one, or after the last cycle). */
    async nextKey(period: Period, now: Date): Promise<string | null> {
      if (period.kind === "cycle") {
        const [later] = await db
          .select({ id: orderCycles.id })
          .from(orderCycles)
          .where(and(gte(orderCycles.cutoffAt, period.to), sql`${orderCycles.id} <> ${Number(period.key)}`))
          .orderBy(orderCycles.cutoffAt, orderCycles.id)
          .limit(1);
        return later ? String(later.id) : null;
      }
      const next = shiftPeriod(period.kind, period.key, 1);
      return next <= periodKeyOf(period.kind, now) ? next : null;
    },

    /** What /admin and /admin/sales show: the dashboard, the cycles to choose from, the next period. */
    async page(query: SalesQuery, now: Date) {
      const [dashboard, cycles] = await Promise.all([this.dashboard(query, now), this.cycleChoices()]);
      if (!dashboard) return null;
      const nextKey = dashboard.period ? await this.nextKey(dashboard.period, now) : null;
      return { ...dashboard, cycles, nextKey };
    },
  };
}
