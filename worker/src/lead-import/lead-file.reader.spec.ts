import ExcelJS from 'exceljs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cellText, guessDelimiter, readLeadFile, undefuse } from './lead-file.reader';

describe('lead file reader', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lead-reader-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const rows = async (file: string, format: 'csv' | 'xlsx') => {
    const out: string[][] = [];
    for await (const r of readLeadFile(file, format)) out.push(r);
    return out;
  };

  it('guesses the delimiter from the header line, quotes respected', () => {
    expect(guessDelimiter('a,b,c')).toBe(',');
    expect(guessDelimiter('Имя;Телефон;"a,b,c"')).toBe(';');
    expect(guessDelimiter('a\tb\tc')).toBe('\t');
    expect(guessDelimiter('single')).toBe(',');
  });

  it('reads CSV with a BOM, `;`, quotes and newlines in cells; skips empty lines; takes off defusing apostrophes', async () => {
    const file = path.join(dir, 'a.csv');
    await fs.writeFile(
      file,
      '\uFEFFИмя;Телефон;Заметка\r\n"Анна";\'+7 701 000 00 01;"строка 1\nстрока 2; ещё"\r\n\r\n;;\r\nБорис;8 701;\'=x\r\n',
    );
    expect(await rows(file, 'csv')).toEqual([
      ['Имя', 'Телефон', 'Заметка'],
      ['Анна', '+7 701 000 00 01', 'строка 1\nстрока 2; ещё'],
      ['Борис', '8 701', '=x'],
    ]);
  });

  it('reads the first sheet of an XLSX file: numbers, dates, rich text, hyperlinks, formulas as text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('one');
    sheet.addRow(['name', 'n', 'when', 'link', 'f']);
    sheet.addRow([
      { richText: [{ text: 'Ан' }, { text: 'на' }] },
      2500000,
      new Date('2026-01-02T03:04:05Z'),
      { text: 'a@b.kz', hyperlink: 'mailto:a@b.kz' },
      { formula: '1+1', result: 2 },
    ]);
    sheet.addRow([]);
    book.addWorksheet('two').addRow(['ignored']);
    const file = path.join(dir, 'a.xlsx');
    await book.xlsx.writeFile(file);
    expect(await rows(file, 'xlsx')).toEqual([
      ['name', 'n', 'when', 'link', 'f'],
      ['Анна', '2500000', '2026-01-02T03:04:05.000Z', 'a@b.kz', '2'],
    ]);
  });

  it('turns cells into text and defused cells back', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('true');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(undefuse("'+7 701")).toBe('+7 701');
    expect(undefuse("'abc")).toBe("'abc");
  });
});
