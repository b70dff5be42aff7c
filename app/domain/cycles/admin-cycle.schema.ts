import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import { hkDayKey } from "../shared/hk-time.ts";
import { messageKeys } from "../shared/validation.ts";
import { hkDateTime } from "../site/index.ts";
import { parseMinute } from "./cycle-calendar.ts";

/**
 * /admin/deadline (DESIGN §4.3): an order cycle's cut-off, typed in Hong Kong time, and the days
 * its goods can be collected. One schema for Conform in the browser and the action on the server.
 */

const cycleStatuses = ["open", "settling", "settled"] as const;
export type CycleStatus = (typeof cycleStatuses)[number];

/** Goods wait at a pickup point for a few days, not weeks. */
const CYCLE_PICKUP_MAX_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2030-01-03" as an `<input type="date">` sends it, and a day that exists. */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole days from one calendar day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const dayWithYear = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .refine(isCalendarDay, "admin.cycle.validation.day");

export const cycleSchema = z
  .object({
    /** Hong Kong wall-clock time from a datetime-local input, read as an instant. */
    cutoffAt: hkDateTime,
    pickupFrom: dayWithYear,
    pickupTo: dayWithYear,
  })
  .superRefine((cycle, ctx) => {
    if (cycle.pickupFrom < hkDayKey(cycle.cutoffAt)) {
      ctx.addIssue({
        code: "custom",
        path: ["pickupFrom"],
        message: "admin.cycle.validation.pickupBeforeCutoff",
      });
    }
    const days = daysBetween(cycle.pickupFrom, cycle.pickupTo);
    if (days < 0) {
      ctx.addIssue({ code: "custom", path: ["pickupTo"], message: "admin.cycle.validation.pickupOrder" });
    } else if (days >= CYCLE_PICKUP_MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["pickupTo"], message: "admin.cycle.validation.pickupLong" });
    }
  });
export type CycleInput = z.output<typeof cycleSchema>;

/** The form shows minutes: a cut-off stored with seconds is unchanged when its minute is. */
export function sameMinute(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);
}

/** Why a cycle's form is refused on the server, by what the database and the clock say. */
export type CycleRefusal =
  | "openExists"
  | "cutoffPast"
  | "cutoffLocked"
  | "settled"
  /** Issue 47 item 8: picks up before the cycle that cuts off before it, or after the one after it. */
  | "pickupBeforeEarlier"
  | "pickupAfterLater";

/**
 * The rules the server adds to the form's: a cycle taking orders must end in the future, the
 * cut-off of a closed cycle stays where it was (its orders were placed against it), and a settled
 * cycle is history.
 */
export function cycleRefusal(
  current: { status: CycleStatus; cutoffAt: Date } | null,
  input: CycleInput,
  now: Date,
): CycleRefusal | null {
  if (current?.status === "settled") return "settled";
  const unchanged = current !== null && sameMinute(input.cutoffAt, current.cutoffAt);
  if (current?.status === "settling") return unchanged ? null : "cutoffLocked";
  return !unchanged && input.cutoffAt <= now ? "cutoffPast" : null;
}

/** Settle now is offered once the cut-off has passed and until the cycle is settled. */
export function maySettle(cycle: { status: CycleStatus; cutoffAt: Date }, now: Date): boolean {
  return cycle.status !== "settled" && cycle.cutoffAt <= now;
}

export const cycleStatusFilters = ["all", ...cycleStatuses] as const;
type CycleStatusFilter = (typeof cycleStatusFilters)[number];

export interface CycleListQuery extends TableState {
  status: CycleStatusFilter;
}

/** The list's state from its URL (`?status=&page=`); nonsense falls back to every cycle. */
export function parseCycleListQuery(params: URLSearchParams): CycleListQuery {
  const status = params.get("status");
  return {
    ...parseTableState(params),
    status: cycleStatusFilters.find((value) => value === status) ?? "all",
  };
}

/**
 * The shop's weekly cut-off (issue 27 item 7), on /admin/deadline: a weekday (1 Monday … 7 Sunday)
 * and a Hong Kong time; each next cycle ends then.
 */
export const weeklyCutoffSchema = z.object({
  weekday: z.coerce
    .number<number>({ error: messageKeys.required })
    .int()
    .min(1, messageKeys.required)
    .max(7, messageKeys.required),
  time: z
    .string({ error: messageKeys.required })
    .trim()
    .min(1, messageKeys.required)
    .transform((text, ctx) => {
      const minute = parseMinute(text);
      if (minute !== null) return minute;
      ctx.addIssue({ code: "custom", message: "admin.cycles.weekly.invalidTime" });
      return z.NEVER;
    }),
});
