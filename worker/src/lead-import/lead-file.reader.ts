import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Reading an uploaded lead file row by row, never whole in memory (issue 22 lead import:
 * 100,000 rows): CSV through csv-parse's stream (UTF-8, BOM skipped, delimiter `,`, `;` or tab
 * guessed from the header line, as Excel writes `;` in Russian locales), XLSX through exceljs's
 * streaming WorkbookReader (the first worksheet). Each row is an array of cell texts; empty
 * rows are skipped. A cell that starts with an apostrophe before a formula character (how our
 * export and many tools defuse formulas) loses the apostrophe.
 */

/** The delimiter of a CSV file from its first line: the most frequent of `;`, tab and `,` (`,` on a tie). */
export function guessDelimiter(firstLine: string): string {
  let inQuotes = false;
  const count: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of firstLine) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch in count) count[ch] += 1;
  }
  if (count[';'] > count[','] && count[';'] >= count['\t']) return ';';
  if (count['\t'] > count[','] && count['\t'] > count[';']) return '\t';
  return ',';
}

/** A cell as text: numbers as written, dates as ISO, rich text and hyperlinks as their text, formulas as their result. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if ('result' in o) return cellText(o.result);
  }
  return '';
}

/** Takes off the apostrophe that defuses a formula-looking cell ("'+7 701..." -> "+7 701..."). */
export function undefuse(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const isEmptyRow = (cells: string[]) => cells.every((c) => c.trim() === '');

async function firstLine(file: string): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const text = buf
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    await fh.close();
  }
}

async function* csvRows(file: string): AsyncGenerator<string[]> {
  const delimiter = guessDelimiter(await firstLine(file));
  const parser = createReadStream(file).pipe(
    parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }),
  );
  for await (const record of parser as AsyncIterable<string[]>) {
    const cells = record.map((c) => undefuse(c));
    if (!isEmptyRow(cells)) yield cells;
  }
}

async function* xlsxRows(file: string): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // date cells are told apart by their number format
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(undefuse(cellText(values[i])));
      if (!isEmptyRow(cells)) yield cells;
    }
    return; // the first worksheet only
  }
}

/** The rows of `file` (the first is the header row), read as a stream. */
export function readLeadFile(file: string, format: 'csv' | 'xlsx'): AsyncGenerator<string[]> {
  return format === 'csv' ? csvRows(file) : xlsxRows(file);
}
