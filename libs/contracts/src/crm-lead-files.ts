import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsOptional, ValidateBy, isEmail, type ValidationArguments } from 'class-validator';
import { LeadsQuery } from './crm-leads.query';
import { LEAD_QUALITIES, LEAD_SOURCES, LEAD_STATUSES } from './leads.rules';
import type { MessageKey } from './messages';

/**
 * Lead export and import (issue 22 "Leads": `GET /api/crm/leads/export` (CSV and XLSX, streamed,
 * with the current filters) and `POST /api/crm/leads/import` (CSV or XLSX, processed in the
 * worker: column mapping, dry run, per-row errors, duplicates by phone or e-mail flagged or
 * merged, progress); spec 02 §2 "export, import from a file", §3 Lead). Shared by the API, the
 * worker (row validation) and the web (mapping form, labels).
 */

// ---------------------------------------------------------------------------------------
// Export

export const LEAD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type LeadExportFormat = (typeof LEAD_EXPORT_FORMATS)[number];

/**
 * The export's columns, in order (header row of both formats; stored values, never translated).
 * The import recognises these headers, so an exported file imports back as it is.
 */
export const LEAD_EXPORT_COLUMNS = [
  'id',
  'first name',
  'last name',
  'phone',
  'email',
  'telegram',
  'source',
  'topic',
  'message',
  'status',
  'quality',
  'budget (₸)',
  'owner e-mail',
  'created at',
] as const;

/** GET /api/crm/leads/export?format=csv|xlsx&<LeadsQuery filters>: the list's filters (cursor and limit are ignored). */
export class LeadsExportQuery extends LeadsQuery {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsIn(LEAD_EXPORT_FORMATS as unknown as string[], { message: 'field.enum' satisfies MessageKey })
  format!: LeadExportFormat;
}

// ---------------------------------------------------------------------------------------
// Import: fields, header names, mapping

/** The lead fields a column of an imported file can fill. */
export const LEAD_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'telegram',
  'source',
  'topic',
  'message',
  'status',
  'quality',
  'budget',
  'ownerEmail',
] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];

/** Largest file accepted by POST /api/crm/leads/import (20 MB). */
export const LEAD_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows shown (mapped and checked) in the preview. */
export const LEAD_IMPORT_PREVIEW_ROWS = 20;
/** Rows written per transaction (and per progress update) by the worker. */
export const LEAD_IMPORT_BATCH = 1000;

/** Defaults of fields a file leaves empty. */
export const LEAD_IMPORT_DEFAULTS = { source: 'other', topic: 'Импорт из файла', status: 'new', quality: 'warm' } as const;

/** A header as compared: lower case, letters and digits only ('E-mail' -> 'email', 'Бюджет (₸)' -> 'бюджет'). */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Header names (after headerKey) recognised for each field, in ru, en, kk and zh. */
const HEADER_ALIASES: Record<LeadImportField, readonly string[]> = {
  firstName: ['firstname', 'name', 'givenname', 'имя', 'аты', '名', '名字'],
  lastName: ['lastname', 'surname', 'familyname', 'фамилия', 'тегі', '姓'],
  phone: ['phone', 'phonenumber', 'mobile', 'tel', 'телефон', 'тел', 'номертелефона', 'мобильный', '电话', '手机'],
  email: ['email', 'emailaddress', 'mail', 'почта', 'электроннаяпочта', 'емейл', '电子邮件', '邮箱'],
  telegram: ['telegram', 'tg', 'телеграм', 'телеграмм'],
  source: ['source', 'источник', 'дереккөз', '来源'],
  topic: ['topic', 'subject', 'тема', 'тақырып', '主题'],
  message: ['message', 'comment', 'comments', 'note', 'notes', 'сообщение', 'комментарий', 'хабарлама', '留言'],
  status: ['status', 'статус', 'күйі', '状态'],
  quality: ['quality', 'качество', 'сапасы', '质量'],
  budget: ['budget', 'budgettenge', 'budgetkzt', 'бюджет', '预算'],
  ownerEmail: ['owneremail', 'owner', 'agent', 'agentemail', 'ответственный', 'ответственныйemail', 'менеджер', 'владелец'],
};

/**
 * The suggested mapping of a file's header row: for each column the field whose header name it
 * is (ru/en/kk/zh, see HEADER_ALIASES), or '' (not imported). Each field is given to its first
 * column only.
 */
export function suggestLeadMapping(columns: readonly string[]): LeadImportMapping {
  const taken = new Set<LeadImportField>();
  return columns.map((c) => {
    const key = headerKey(c);
    const field = LEAD_IMPORT_FIELDS.find((f) => !taken.has(f) && HEADER_ALIASES[f].includes(key));
    if (!field) return '';
    taken.add(field);
    return field;
  });
}

/** Column index -> the field it fills, or '' (the column is not imported). */
export type LeadImportMapping = Array<LeadImportField | ''>;

/**
 * What is wrong with `mapping` for a file of `columns` columns, or null: one entry per column
 * (leadImport.mappingColumns), each field at most once (leadImport.mappingDuplicate), the phone
 * or the e-mail mapped (leadImport.mappingContact).
 */
export function leadMappingProblem(mapping: readonly string[], columns: number): MessageKey | null {
  if (mapping.length !== columns) return 'leadImport.mappingColumns';
  const used = mapping.filter((m) => m !== '');
  if (!used.every((m) => (LEAD_IMPORT_FIELDS as readonly string[]).includes(m))) return 'field.enum';
  if (new Set(used).size !== used.length) return 'leadImport.mappingDuplicate';
  if (!used.includes('phone') && !used.includes('email')) return 'leadImport.mappingContact';
  return null;
}

/** The row's cells picked by `mapping`: field -> cell text (trimmed; empty cells left out). */
export function mapLeadRow(mapping: readonly string[], cells: readonly string[]): Partial<Record<LeadImportField, string>> {
  const out: Partial<Record<LeadImportField, string>> = {};
  for (let i = 0; i < mapping.length; i++) {
    const field = mapping[i] as LeadImportField | '';
    if (!field) continue;
    const v = (cells[i] ?? '').trim();
    if (v !== '') out[field] = v;
  }
  return out;
}

/** POST /api/crm/leads/import/{id}/run: the mapping (one entry per column), merge or flag duplicates, dry run (nothing written). */
export class RunLeadImportBody {
  @IsArray({ message: 'field.invalid' satisfies MessageKey })
  @IsIn(['', ...LEAD_IMPORT_FIELDS], { each: true, message: 'field.enum' satisfies MessageKey })
  mapping!: LeadImportMapping;

  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === 'on' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'field.invalid' satisfies MessageKey })
  mergeDuplicates?: boolean;

  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === 'on' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'field.invalid' satisfies MessageKey })
  dryRun?: boolean;
}

// ---------------------------------------------------------------------------------------
// Import: one row

/** Lengths of the leads table (varchar sizes) an imported row must respect. */
export const LEAD_IMPORT_LIMITS = {
  firstName: 50,
  lastName: 50,
  phone: 32,
  email: 254,
  telegram: 64,
  source: 50,
  topic: 100,
  message: 10_000,
  budgetMax: 1e13,
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const rule = (name: string, problem: (value: unknown, args?: ValidationArguments) => MessageKey | null): PropertyDecorator =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => problem(value, args) === null,
      defaultMessage: (args?: ValidationArguments) => problem(args?.value, args) ?? 'field.invalid',
    },
  });
const text = (max: number) =>
  rule('leadText', (v) => (blank(v) ? null : typeof v !== 'string' ? 'field.invalid' : v.length > max ? 'field.tooLong' : null));
const oneOf = (values: readonly string[]) => rule('leadEnum', (v) => (blank(v) || values.includes(v as string) ? null : 'field.enum'));
const lower = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** Digits of a phone number: its duplicate key is the last 10 (+7 701 123 45 67 and 8 701 123 45 67 are one number). */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** A budget cell as a number: spaces and NBSP as thousands separators, a decimal comma, '₸' / 'тг' / 'KZT' ignored; NaN when not a number. */
export function parseBudget(raw: string): number {
  const s = raw.replace(/[\s\u00a0]|₸|тг\.?|kzt/gi, '').replace(',', '.');
  return /^\d{1,14}(\.\d{1,2})?$/.test(s) ? Number(s) : NaN;
}

/**
 * One data row of an imported file after mapping (field -> cell text), checked before it becomes
 * a lead: the phone or the e-mail is required (a phone has 5..15 digits), the e-mail is an
 * address, source / status / quality are values of spec 02 §3 (lower-cased first), texts fit the
 * leads table's columns, the budget (₸) is a positive number up to 10^13. Empty cells take
 * LEAD_IMPORT_DEFAULTS; the owner e-mail, when it names a CRM user, makes them the owner.
 */
export class LeadImportRow {
  @IsOptional()
  @text(LEAD_IMPORT_LIMITS.firstName)
  firstName?: string;

  @IsOptional()
  @text(LEAD_IMPORT_LIMITS.lastName)
  lastName?: string;

  @rule('leadPhone', (v, args) => {
    if (blank(v)) return blank((args?.object as LeadImportRow | undefined)?.email) ? 'leadImport.contactRequired' : null;
    if (typeof v !== 'string') return 'field.invalid';
    if (v.length > LEAD_IMPORT_LIMITS.phone) return 'field.tooLong';
    const digits = v.replace(/\D/g, '').length;
    return digits >= 5 && digits <= 15 && /^[\d\s()+\-.]+$/.test(v) ? null : 'leadImport.phoneInvalid';
  })
  phone?: string;

  @IsOptional()
  @lower()
  @rule('leadEmail', (v) =>
    blank(v) ? null : typeof v === 'string' && v.length <= LEAD_IMPORT_LIMITS.email && isEmail(v) ? null : 'leadImport.emailInvalid',
  )
  email?: string;

  @IsOptional()
  @text(LEAD_IMPORT_LIMITS.telegram)
  telegram?: string;

  @IsOptional()
  @lower()
  @oneOf(LEAD_SOURCES)
  source?: string;

  @IsOptional()
  @text(LEAD_IMPORT_LIMITS.topic)
  topic?: string;

  @IsOptional()
  @text(LEAD_IMPORT_LIMITS.message)
  message?: string;

  @IsOptional()
  @lower()
  @oneOf(LEAD_STATUSES)
  status?: string;

  @IsOptional()
  @lower()
  @oneOf(LEAD_QUALITIES)
  quality?: string;

  @IsOptional()
  @rule('leadBudget', (v) => {
    if (blank(v)) return null;
    const n = typeof v === 'string' ? parseBudget(v) : NaN;
    return n > 0 && n <= LEAD_IMPORT_LIMITS.budgetMax ? null : 'lead.budgetPositive';
  })
  budget?: string;

  @IsOptional()
  @lower()
  @rule('leadOwner', (v) => (blank(v) ? null : typeof v === 'string' && isEmail(v) ? null : 'leadImport.emailInvalid'))
  ownerEmail?: string;
}

// ---------------------------------------------------------------------------------------
// Answers

export const LEAD_IMPORT_STATUSES = ['uploaded', 'previewed', 'running', 'completed', 'failed'] as const;
export type LeadImportStatus = (typeof LEAD_IMPORT_STATUSES)[number];

/** Counts of a run (or a dry run): rows read, leads created, duplicates found, merged, rows with errors. */
export interface LeadImportCounts {
  totalRows: number;
  createdCount: number;
  duplicateCount: number;
  mergedCount: number;
  errorCount: number;
}

/** One row of the preview: its number in the file (the header is row 1), the mapped values, its errors (field -> message). */
export interface LeadImportPreviewRow {
  row: number;
  values: Partial<Record<LeadImportField, string>>;
  errors: Record<string, string>;
}

/**
 * GET /api/crm/leads/import/{id}: an import's state. `processedRows` of `totalRows` (null until
 * known) is the progress; counts are exact. `preview` is there once the worker has read the head
 * of the file: its columns, the suggested and the current mapping, the first rows mapped and checked.
 */
export interface LeadImportDto extends Omit<LeadImportCounts, 'totalRows'> {
  /** Data rows of the file (null until the worker has counted them). */
  totalRows: number | null;
  id: string;
  status: LeadImportStatus;
  format: 'csv' | 'xlsx';
  originalName: string;
  mergeDuplicates: boolean;
  /** The current or last run was a dry run (nothing written). */
  dryRun: boolean;
  dryRunResult: LeadImportCounts | null;
  processedRows: number;
  /** Why the import failed (a message in the request's language), else null. */
  failure: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  preview: {
    columns: string[];
    suggestedMapping: LeadImportMapping;
    mapping: LeadImportMapping;
    rows: LeadImportPreviewRow[];
  } | null;
}
