/**
 * Tables as an .xlsx workbook, a sheet each (the weekly order, the accounting exports). Cells are
 * values, never formulas: text starting with "=" stays text in a workbook. Numbers stay numbers.
 */
import type { CsvValue } from "~/domain/shared/csv.ts";

export interface WorkbookSheet {
  title: string;
  header: string[];
  rows: CsvValue[][];
}

export async function writeWorkbook(sheets: readonly WorkbookSheet[]): Promise<ArrayBuffer> {
  // Loaded on first use: it is the heaviest library the server has, and rarely needed.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const { title, header, rows } of sheets) {
    const worksheet = workbook.addWorksheet(title, { views: [{ state: "frozen", ySplit: 1 }] });
    worksheet.addRow(header).font = { bold: true };
    for (const row of rows) worksheet.addRow(row.map((cell) => cell ?? null));
    worksheet.columns.forEach((column, index) => {
      const widest = Math.max(
        header[index]!.length * 2,
        ...rows.map((row) => String(row[index] ?? "").length * 2),
      );
      column.width = Math.min(40, Math.max(8, widest));
    });
  }
  const written = new Uint8Array(await workbook.xlsx.writeBuffer());
  return written.buffer.slice(written.byteOffset, written.byteOffset + written.byteLength) as ArrayBuffer;
}
