/**
 * CSV for spreadsheets (RFC 4180, CRLF rows). Every text cell that a spreadsheet would read as a
 * formula (= + - @, or a leading tab / carriage return that some programs strip first) gets a
 * leading apostrophe, so an exported name like `=HYPERLINK(…)` stays text (OWASP "CSV injection").
 */
export type CsvValue = string | number | boolean | null | undefined;

/** Excel opens a UTF-8 file as Big5/ANSI unless it starts with this byte-order mark. */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  // A real number cannot hold a formula; "-5" as a number stays a number for the spreadsheet.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",");
}

/** The whole file: BOM, header row, then one row per record, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}
