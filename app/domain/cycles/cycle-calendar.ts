/**
 * The shop's week (issue 27 item 7): the weekly cut-off the next cycle follows, and the pickup
 * points' opening days a cycle's pickup dates are checked against. Hong Kong time, no clock: the
 * caller passes the instants. Hong Kong keeps UTC+8 all year, so the wall clock is arithmetic.
 */

import { HK_OFFSET_MS, hkDayKey } from "../shared/hk-time.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The shop's weekly cut-off: a weekday and a minute of that day, in Hong Kong time. */
export interface WeeklyCutoff {
  weekday: number;
  minute: number;
}

/** Sunday 23:59: members order through the weekend, goods are bought and packed from Monday. */
export const DEFAULT_WEEKLY_CUTOFF: WeeklyCutoff = { weekday: 7, minute: 23 * 60 + 59 };

/** SPEC §9 / DESIGN §4.13: a pickup point opens Monday to Friday unless told otherwise. */
export const DEFAULT_OPEN_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5];

/**
 * A cycle closed early (or off the pattern) still leaves members days to order: the next cut-off
 * is the first weekly one at least this long after the last.
 */
const MIN_CYCLE_MS = 3 * DAY_MS;

/** "23:59" for a minute of the day. */
export function minuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** A minute of the day from "HH:MM" (an `<input type="time">`), or null. */
export function parseMinute(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** The ISO weekday of a calendar day "2030-01-06" (7: a Sunday). */
export function weekdayOf(day: string): Weekday {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (sundayFirst === 0 ? 7 : sundayFirst) as Weekday;
}

/** "2030-01-06" plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another. */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The first weekly cut-off at or after `earliest`: the pattern's weekday and minute in Hong Kong,
 * seconds zero. A cut-off exactly on `earliest` counts.
 */
export function weeklyCutoffOnOrAfter(earliest: Date, pattern: WeeklyCutoff): Date {
  const day = hkDayKey(earliest);
  const ahead = (pattern.weekday - weekdayOf(day) + 7) % 7;
  for (const extra of [0, 7]) {
    const candidateDay = addDays(day, ahead + extra);
    const instant = new Date(
      Date.parse(`${candidateDay}T00:00:00Z`) - HK_OFFSET_MS + pattern.minute * MINUTE_MS,
    );
    if (instant.getTime() >= earliest.getTime()) return instant;
  }
  throw new Error("unreachable: a week always holds the pattern's day");
}

/** Goods wait days, not weeks (admin-cycle.schema's 14-day pickup limit): an odd gap is capped. */
function clampDays(days: number): number {
  return Math.min(13, Math.max(0, days));
}

/** A cycle's pickup days, "2030-01-06" to "2030-01-08". */
export interface PickupWindow {
  pickupFrom: string;
  pickupTo: string;
}

/** Issue 47 item 8: a later cycle never picks up before an earlier one (first or last day). */
export function keepsPickupOrder(earlier: PickupWindow, later: PickupWindow): boolean {
  return later.pickupFrom >= earlier.pickupFrom && later.pickupTo >= earlier.pickupTo;
}

/**
 * Why the pickup days of a cycle closed early and of the one after it cannot stand, or null: each
 * window runs forwards from its own cut-off day, and the later never picks up before the earlier.
 */
export function closePickupRefusal(
  closed: PickupWindow & { cutoffAt: Date },
  next: PickupWindow & { cutoffAt: Date },
): "pickupRange" | "pickupBeforeCutoff" | "pickupOrder" | null {
  for (const window of [closed, next]) {
    if (window.pickupTo < window.pickupFrom) return "pickupRange";
    if (window.pickupFrom < hkDayKey(window.cutoffAt)) return "pickupBeforeCutoff";
  }
  return keepsPickupOrder(closed, next) ? null : "pickupOrder";
}

/**
 * DESIGN §4.3: when a cycle closes at `closedAt`, the next one ends at the shop's first weekly
 * cut-off at least `MIN_CYCLE_MS` later — not at the closed cycle's own time a week on, which
 * kept whatever odd time the first cycle had. Its pickup days keep the closed cycle's distance from
 * the cut-off day (the goods need as long to buy and pack), never before the cut-off day, and never
 * before the closed cycle's own pickup days.
 */
export function nextCycleDates(
  closed: { cutoffAt: Date; pickupFrom: string; pickupTo: string },
  closedAt: Date,
  pattern: WeeklyCutoff,
): { cutoffAt: Date; pickupFrom: string; pickupTo: string } {
  const cutoffAt = weeklyCutoffOnOrAfter(new Date(closedAt.getTime() + MIN_CYCLE_MS), pattern);
  const lead = clampDays(daysFrom(hkDayKey(closed.cutoffAt), closed.pickupFrom));
  const span = clampDays(daysFrom(closed.pickupFrom, closed.pickupTo));
  const pickupFrom = addDays(hkDayKey(cutoffAt), lead);
  const next = { pickupFrom, pickupTo: addDays(pickupFrom, span) };
  // Closed early, the next cut-off may come before the closed cycle's pickup days: its own pickup
  // days then move on until it picks up no earlier than the closed one (issue 47 item 8).
  const behind = Math.max(
    0,
    daysFrom(next.pickupFrom, closed.pickupFrom),
    daysFrom(next.pickupTo, closed.pickupTo),
  );
  return { cutoffAt, pickupFrom: addDays(next.pickupFrom, behind), pickupTo: addDays(next.pickupTo, behind) };
}

/** Every calendar day from `from` to `to`, both included (none when `to` comes first). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 366; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface ClosedPoint {
  id: number;
  name: string;
  /** The pickup days it is closed on, in order. */
  days: string[];
  /** Closed on every pickup day: its members cannot collect at all. */
  allDays: boolean;
}

/**
 * The pickup points closed on some of a cycle's pickup days, by their opening days: a warning for
 * the admin, not a refusal (a point may open specially, or its members may come another day).
 */
export function closedPickupPoints(
  points: readonly { id: number; name: string; openDays: readonly number[] }[],
  pickupFrom: string,
  pickupTo: string,
): ClosedPoint[] {
  const days = daysOf(pickupFrom, pickupTo);
  return points.flatMap((point) => {
    const closed = days.filter((day) => !point.openDays.includes(weekdayOf(day)));
    if (closed.length === 0) return [];
    return [{ id: point.id, name: point.name, days: closed, allDays: closed.length === days.length }];
  });
}
