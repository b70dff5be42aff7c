/**
 * The one Hong Kong time module: every time is shown, typed and grouped in Hong Kong time
 * (DESIGN §3). Hong Kong has kept UTC+8 without daylight saving since 1979, so a fixed offset is
 * exact and needs no time-zone database — and the text is made by arithmetic, so Node and the
 * browser print the same (Intl output differs between their ICU builds, e.g. a thin space before
 * the time, which breaks hydration).
 *
 * - Storefront words: `formatHkDateTime`, `formatHkDate` ("2022年10月17日 05:00"), `formatHkDay` and
 *   `formatHkCutoff` ("12月25日（星期四）20:00"), `hkWeekdayName` ("一" for an ISO weekday).
 * - Back office tables, CSV files and logs: `formatHkAdminTime` ("2022-10-17 05:00", sortable).
 * - `<input type="datetime-local">` values: `toHkLocalInput`, `fromHkLocalInput`.
 * - Calendar days and hours for reports: `hkDayKey`, `hkDayStart`, `lastHkDays`, `lastHkHours`,
 *   `hkHourStart`, `hourLabel`.
 */
export const HK_OFFSET_MS = 8 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEKDAYS = ["日", "一", "二", "三", "四", "五", "六"] as const;

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function hkParts(value: Date) {
  const hk = new Date(value.getTime() + HK_OFFSET_MS);
  return {
    year: hk.getUTCFullYear(),
    month: hk.getUTCMonth() + 1,
    day: hk.getUTCDate(),
    weekday: WEEKDAYS[hk.getUTCDay()]!,
    hour: String(hk.getUTCHours()).padStart(2, "0"),
    minute: String(hk.getUTCMinutes()).padStart(2, "0"),
  };
}

// ——— Storefront words ———

/** "2022年10月17日 05:00" */
export function formatHkDateTime(value: Date): string {
  const { year, month, day, hour, minute } = hkParts(value);
  return `${year}年${month}月${day}日 ${hour}:${minute}`;
}

/** "2022年10月17日（星期一）" */
export function formatHkDate(value: Date): string {
  const { year, month, day, weekday } = hkParts(value);
  return `${year}年${month}月${day}日（星期${weekday}）`;
}

/** "12月25日（星期四）" for a Hong Kong calendar day ("2025-12-25"): a pickup day, a cut-off's day. */
export function formatHkDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()];
  return `${month}月${date}日（星期${weekday}）`;
}

/** "12月25日（星期四）20:00" for an instant, in Hong Kong time. */
export function formatHkCutoff(instant: Date): string {
  const local = toHkLocalInput(instant);
  return `${formatHkDay(local.slice(0, 10))}${local.slice(11, 16)}`;
}

/** The weekday's name after 星期 for an ISO weekday (1 Monday … 7 Sunday): "一" … "日". */
export function hkWeekdayName(isoWeekday: number): string {
  return WEEKDAYS[isoWeekday % 7] ?? "";
}

/**
 * The figures of a Hong Kong calendar day ("2025-12-25"), or of an instant's day and time, for a
 * language's own date words (issue 48: "Thu 25 Dec, 20:00"); weekday 0 is Sunday.
 */
export function hkDayFigures(day: string): { year: number; month: number; day: number; weekday: number } {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { year, month, day: date, weekday: new Date(Date.UTC(year, month - 1, date)).getUTCDay() };
}

export function hkInstantFigures(instant: Date): ReturnType<typeof hkDayFigures> & { time: string } {
  const local = toHkLocalInput(instant);
  return { ...hkDayFigures(local.slice(0, 10)), time: local.slice(11, 16) };
}

// ——— Back office: datetime-local values and sortable text ———

/** "2022-10-17T05:00" for a datetime-local input showing this instant in Hong Kong. */
export function toHkLocalInput(instant: Date): string {
  return new Date(instant.getTime() + HK_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant a datetime-local value means in Hong Kong; null for anything that is not a real time. */
export function fromHkLocalInput(value: string): Date | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(utc);
  // Date.UTC rolls 2023-02-30 over into March; a real date survives the round trip.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return new Date(utc - HK_OFFSET_MS);
}

/** "2022-10-17 05:00" in Hong Kong time for back office tables, CSV files and logs: sortable. */
export function formatHkAdminTime(instant: Date): string {
  return toHkLocalInput(instant).replace("T", " ");
}

// ——— Days and hours for reports ———

/** The Hong Kong calendar day of an instant, as "2022-10-17". */
export function hkDayKey(instant: Date): string {
  return toHkLocalInput(instant).slice(0, 10);
}

/** The last `count` Hong Kong days up to and including today, oldest first. */
export function lastHkDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    hkDayKey(new Date(now.getTime() - (count - 1 - index) * DAY_MS)),
  );
}

/** Midnight in Hong Kong at the start of a day key. */
export function hkDayStart(dayKey: string): Date {
  const start = fromHkLocalInput(`${dayKey}T00:00`);
  if (!start) throw new Error(`not a day: ${dayKey}`);
  return start;
}

/** The last `count` Hong Kong clock hours up to and including this one, oldest first: "2022-10-17T05". */
export function lastHkHours(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    toHkLocalInput(new Date(now.getTime() - (count - 1 - index) * HOUR_MS)).slice(0, 13),
  );
}

/** The instant a Hong Kong hour key ("2022-10-17T05") starts. */
export function hkHourStart(hour: string): Date {
  return fromHkLocalInput(`${hour}:00`) ?? new Date(Number.NaN);
}

/** "05:00" under an hour's bar. */
export function hourLabel(hour: string): string {
  return `${hour.slice(11, 13)}:00`;
}
