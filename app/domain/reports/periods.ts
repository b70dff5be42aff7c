/**
 * The periods the owner's dashboard reports on (issue 46 item 1; decision 0050): one cycle, or the
 * cycles whose cut-off falls in a Hong Kong calendar week (Monday first) or month. Keys: a week is
 * its Monday's day ("2026-12-07"), a month "2026-12". Pure: the caller passes `now`.
 */
import { hkDayKey, hkDayStart } from "../shared/hk-time.ts";

export const PERIOD_KINDS = ["cycle", "week", "month"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export type CalendarKind = Exclude<PeriodKind, "cycle">;

const DAY_MS = 86_400_000;

function dayParts(dayKey: string): [number, number, number] {
  const [year, month, day] = dayKey.split("-").map(Number);
  return [year ?? 0, month ?? 1, day ?? 1];
}

function dayKeyOf(utc: Date): string {
  return utc.toISOString().slice(0, 10);
}

/** The day `days` after a day key (calendar arithmetic, no time zone involved). */
export function addDays(dayKey: string, days: number): string {
  const [year, month, day] = dayParts(dayKey);
  return dayKeyOf(new Date(Date.UTC(year, month - 1, day) + days * DAY_MS));
}

export function isPeriodKey(kind: CalendarKind, key: string): boolean {
  if (kind === "month") return /^\d{4}-(0[1-9]|1[0-2])$/.test(key);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return false;
  const [year, month, day] = dayParts(key);
  const date = new Date(Date.UTC(year, month - 1, day));
  return dayKeyOf(date) === key && date.getUTCDay() === 1;
}

/** The key of the week or month an instant falls in, in Hong Kong. */
export function periodKeyOf(kind: CalendarKind, now: Date): string {
  const today = hkDayKey(now);
  if (kind === "month") return today.slice(0, 7);
  const [year, month, day] = dayParts(today);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7; // Monday 0
  return addDays(today, -weekday);
}

/** The key `by` periods later (negative: earlier). */
export function shiftPeriod(kind: CalendarKind, key: string, by: number): string {
  if (kind === "week") return addDays(key, 7 * by);
  const [year, month] = dayParts(`${key}-01`);
  const shifted = new Date(Date.UTC(year, month - 1 + by, 1));
  return dayKeyOf(shifted).slice(0, 7);
}

/** [from, to): Hong Kong midnight at the start of the period and of the next one. */
export function calendarBounds(kind: CalendarKind, key: string): { from: Date; to: Date } {
  const first = kind === "week" ? key : `${key}-01`;
  const next = kind === "week" ? addDays(key, 7) : `${shiftPeriod("month", key, 1)}-01`;
  return { from: hkDayStart(first), to: hkDayStart(next) };
}

/** The `count` periods up to and including `key`, oldest first. */
export function periodsUpTo(kind: CalendarKind, key: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftPeriod(kind, key, index - count + 1));
}

/** "2026年12月" or "12月7日至13日" (a week across months names both). */
export function periodLabel(kind: CalendarKind, key: string): string {
  const [year, month, day] = dayParts(kind === "month" ? `${key}-01` : key);
  if (kind === "month") return `${year}年${month}月`;
  const [, lastMonth, lastDay] = dayParts(addDays(key, 6));
  return lastMonth === month
    ? `${month}月${day}日至${lastDay}日`
    : `${month}月${day}日至${lastMonth}月${lastDay}日`;
}

/** The change from the previous period, in whole per cent; null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

/** A cycle named by its cut-off day in Hong Kong: "2026年12月7日截單". */
export function cycleLabel(cutoffAt: Date): string {
  const [year, month, day] = dayParts(hkDayKey(cutoffAt));
  return `${year}年${month}月${day}日截單`;
}
