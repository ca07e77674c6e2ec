/**
 * A chart's data as a CSV file (DESIGN §11), written with Papa Parse: quoting by RFC 4180, and
 * cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`… at the start: a category or
 * agent name is anyone's text) escaped with a leading `'`.
 */
import { unparse } from 'papaparse';
import { downloadFile } from '@/lib/download-file';

/** One table of a report: its column headings and rows of plain values. */
export interface ReportTable {
  columns: string[];
  rows: (string | number)[][];
}

/** The table as CSV text (CRLF line ends, a header row). */
export function csvOf(table: ReportTable): string {
  return unparse({ fields: table.columns, data: table.rows }, { escapeFormulae: true, newline: '\r\n' });
}

/**
 * Offers the table to the browser as a download named `{fileName}.csv`, UTF-8 with a byte order
 * mark so that spreadsheet programs read accents and Arabic right.
 */
export function downloadCsv(table: ReportTable, fileName: string): void {
  downloadFile(new Blob(['\ufeff', csvOf(table)], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
}
