import { LEAD_EXPORT_COLUMNS, type LeadExportFormat } from '@realty/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable, pipeline, type Readable as ReadableStream } from 'node:stream';
import type { LeadExportRow } from './lead-export.repository';

/**
 * The lead export's file writers (issue 22 "export (CSV and XLSX, streamed)"): each turns an
 * async sequence of rows into a byte stream as the rows arrive, so an export of any size holds
 * one batch in memory; a consumer that goes away stops the reading. Same approach as the audit
 * export (api/src/audit/audit-export.ts).
 */

/** Content-Type and file extension of each format. */
export const LEAD_EXPORT_TYPES: Record<LeadExportFormat, { type: string; ext: string }> = {
  csv: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
};

/** The cells of one lead in LEAD_EXPORT_COLUMNS order: stored values, budget in ₸ (number or null), created at as ISO. */
export function leadExportCells(r: LeadExportRow): Array<string | number | null> {
  return [
    r.id,
    r.first_name,
    r.last_name,
    r.phone,
    r.email,
    r.telegram,
    r.source,
    r.topic,
    r.message ?? '',
    r.status,
    r.quality,
    r.budget === null ? null : Number(r.budget),
    r.owner_email ?? '',
    new Date(r.created_at).toISOString(),
  ];
}

/**
 * A CSV cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe (OWASP "CSV injection"); the import takes it off again, so a round trip keeps
 * '+7 701 ...' as it was.
 */
export function csvSafe(cell: string | number | null): string {
  if (cell === null) return '';
  const s = String(cell);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** CSV: UTF-8 with a BOM (so Excel reads Cyrillic), a header row, RFC 4180 quoting (csv-stringify). */
function csv(rows: AsyncIterable<LeadExportRow>): ReadableStream {
  const cells = Readable.from(
    (async function* () {
      for await (const row of rows) yield leadExportCells(row).map((c) => (typeof c === 'number' ? String(c) : csvSafe(c)));
    })(),
  );
  const out = stringify({ header: true, bom: true, columns: [...LEAD_EXPORT_COLUMNS] });
  pipeline(cells, out, () => undefined);
  return out;
}

/**
 * XLSX via exceljs's streaming WorkbookWriter: one sheet "leads", a header row, text and number
 * cells (never formulas); each row is committed as it is added, and the writer waits for the
 * consumer when the buffer is full.
 */
function xlsx(rows: AsyncIterable<LeadExportRow>): ReadableStream {
  const out = new PassThrough();
  void (async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = book.addWorksheet('leads');
    sheet.addRow([...LEAD_EXPORT_COLUMNS]).commit();
    for await (const row of rows) {
      if (out.destroyed) return;
      sheet.addRow(leadExportCells(row)).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await book.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}

/** The byte stream of `rows` in `format`. */
export function leadExportStream(format: LeadExportFormat, rows: AsyncIterable<LeadExportRow>): ReadableStream {
  return format === 'csv' ? csv(rows) : xlsx(rows);
}
