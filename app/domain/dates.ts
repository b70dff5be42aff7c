/** The one date formatter: every time is shown in Hong Kong time (DESIGN §3). */
const dateTime = new Intl.DateTimeFormat("zh-HK", {
  timeZone: "Asia/Hong_Kong",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

const date = new Intl.DateTimeFormat("zh-HK", {
  timeZone: "Asia/Hong_Kong",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  weekday: "short",
});

export function formatHkDateTime(value: Date): string {
  return dateTime.format(value);
}

export function formatHkDate(value: Date): string {
  return date.format(value);
}
