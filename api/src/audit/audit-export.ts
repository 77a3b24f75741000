import type { AuditExportFormat, AuditLogDto } from '@realty/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable, pipeline, type Readable as ReadableStream } from 'node:stream';
import { AUDIT_EXPORT_COLUMNS, toAuditExportCells } from './audit-logs.mapper';

/**
 * The export file writers (spec 02 §2 "export by format"): each turns an async sequence of rows
 * into a byte stream as the rows arrive, so an export of any size holds one batch in memory.
 * A consumer that goes away (the stream is destroyed) stops the reading.
 */

/** Content-Type and file extension of each format. */
export const AUDIT_EXPORT_TYPES: Record<AuditExportFormat, { type: string; ext: string }> = {
  csv: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  json: { type: 'application/json; charset=utf-8', ext: 'json' },
};

/**
 * A CSV cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first: an attacker
 * controls the user agent) gets a leading apostrophe (OWASP "CSV injection").
 */
function csvSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** CSV (RFC 4180, UTF-8, header row of AUDIT_EXPORT_COLUMNS; before/after as JSON text) via csv-stringify. */
function csv(rows: AsyncIterable<AuditLogDto>): ReadableStream {
  const cells = Readable.from(
    (async function* () {
      for await (const row of rows) yield toAuditExportCells(row).map(csvSafe);
    })(),
  );
  const out = stringify({ header: true, columns: [...AUDIT_EXPORT_COLUMNS] });
  pipeline(cells, out, () => undefined);
  return out;
}

/** A JSON array of AuditLogDto, written element by element. */
function json(rows: AsyncIterable<AuditLogDto>): ReadableStream {
  return Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const row of rows) {
        yield (first ? '\n' : ',\n') + JSON.stringify(row);
        first = false;
      }
      yield first ? ']' : '\n]\n';
    })(),
  );
}

/**
 * XLSX via exceljs's streaming WorkbookWriter: one sheet "audit-logs", a header row, text
 * cells (never formulas); each row is committed (flushed) as it is added, and the writer waits
 * for the consumer when the buffer is full.
 */
function xlsx(rows: AsyncIterable<AuditLogDto>): ReadableStream {
  const out = new PassThrough();
  void (async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = book.addWorksheet('audit-logs');
    sheet.addRow([...AUDIT_EXPORT_COLUMNS]).commit();
    for await (const row of rows) {
      if (out.destroyed) return;
      sheet.addRow(toAuditExportCells(row)).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await book.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}

/** The byte stream of `rows` in `format`. */
export function exportStream(format: AuditExportFormat, rows: AsyncIterable<AuditLogDto>): ReadableStream {
  return format === 'csv' ? csv(rows) : format === 'xlsx' ? xlsx(rows) : json(rows);
}
