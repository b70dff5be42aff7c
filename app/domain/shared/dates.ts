/**
 * The one date formatter: every time is shown in Hong Kong time (DESIGN §3). Hong Kong has kept
 * UTC+8 without daylight saving since 1979, so the wall clock is plain arithmetic — and the text is
 * the same in Node and in the browser (Intl output differs between their ICU builds, which breaks
 * hydration).
 */
const HK_OFFSET_MS = 8 * 60 * 60 * 1000;
const WEEKDAYS = ["日", "一", "二", "三", "四", "五", "六"] as const;

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
