/** One bar of a daily chart: a Hong Kong day and how many things happened on it. */
export interface DailyCount {
  day: string;
  count: number;
}

/** Every day of `days` with its count, 0 where the database had no row for it. */
export function fillDailySeries(days: readonly string[], counts: readonly DailyCount[]): DailyCount[] {
  const byDay = new Map(counts.map((entry) => [entry.day, entry.count]));
  return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

export function seriesTotal(series: readonly DailyCount[]): number {
  return series.reduce((sum, entry) => sum + entry.count, 0);
}

/** "17/10" for the day under a bar (Hong Kong writes day before month). */
export function shortDayLabel(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(date)}/${Number(month)}`;
}
