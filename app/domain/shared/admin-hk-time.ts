/**
 * Hong Kong wall-clock time for the back office: `<input type="datetime-local">` values and
 * calendar days. Hong Kong has kept UTC+8 without daylight saving since 1979, so a fixed offset
 * is exact and needs no time-zone database.
 */
const HK_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

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

/**
 * "2022-10-17 05:00" in Hong Kong time for back office tables, CSV files and logs: sortable, and
 * made by arithmetic, so server and browser print the same text (Intl output differs between
 * Node's and Chromium's ICU, e.g. a thin space before the time, which breaks hydration).
 */
export function formatHkAdminTime(instant: Date): string {
  return toHkLocalInput(instant).replace("T", " ");
}

const HOUR_MS = 60 * 60 * 1000;

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
