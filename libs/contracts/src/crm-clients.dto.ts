import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, emailProblem, LowerEnum, phoneProblem } from './auth.dto';
import type { ActivityDto } from './crm-activities';
import { CLIENT_TYPES, CRM_SCOPES, type ClientType, type CrmScope, type DealStage } from './crm.enums';
import { LANGUAGES, type DealType, type Language } from './enums';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { SORT_DIRECTIONS, type SortDirection } from './staff-listings';
import { PageNumber } from './users.dto';

/**
 * CRM clients (issue 22 "Clients"; spec 02 §2 /dashboard/crm/clients with 'my' versus 'all',
 * §3 Client: individual or corporate, VIP flag; §7 "CRM clients"). One query DTO and one write
 * DTO, read by the pages (validateInput) and the API (ValidationPipe), so both judge alike.
 */

export const CLIENT_SORTS = ['updated', 'created', 'name'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
/** Page size of the client list: default 25, at most 100. */
export const CLIENTS_PAGE_SIZE = 25;
export const CLIENTS_LIMIT_MAX = 100;
export const CLIENTS_Q_MAX = 100;
/** At most this many contact persons per client. */
export const CLIENT_CONTACTS_MAX = 20;
export const CLIENT_BOUNDS = {
  name: 50,
  companyName: 200,
  telegram: 64,
  notes: 5000,
  contactName: 100,
  contactPosition: 100,
} as const;

const msg = (key: MessageKey) => ({ message: key });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Telegram: @username (5-32 letters, digits, underscores) or a phone-like handle. */
const TELEGRAM = /^@?[A-Za-z0-9_]{5,32}$/;

/**
 * A Kazakh BIN / IIN (12 digits) with a valid check digit: the control sum of the first 11
 * digits with weights 1..11, mod 11; when that is 10 the weights 3..11,1,2 are used; a second
 * 10 makes the number invalid. The 12th digit must equal the sum.
 */
export function isValidBin(value: string): boolean {
  if (!/^\d{12}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = (weights: number[]) => weights.reduce((s, w, i) => s + w * d[i], 0) % 11;
  let check = sum([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  if (check === 10) check = sum([3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]);
  return check !== 10 && check === d[11];
}

/** Trimmed text; '' or null stays '' (an optional text column with default ''). */
const TrimOrEmpty = () =>
  Transform(({ value }) => (value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : value));
/** Trimmed text; '' becomes null. */
const TrimOrNull = () =>
  Transform(({ value }) =>
    value === undefined || value === null ? null : typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value,
  );

const textProblem = (v: unknown, max: number): MessageKey | null =>
  typeof v !== 'string'
    ? 'field.invalid'
    : [...v].length > max
      ? 'field.tooLong'
      : // eslint-disable-next-line no-control-regex -- control characters (not tab or newline) are refused
        /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(v)
        ? 'field.invalid'
        : null;

/** One contact person of a corporate (or any) client. */
export interface ClientContactInput {
  name: string;
  position?: string;
  phone?: string;
  email?: string;
}

/** The first problem of a list of contact persons (name required, phone and e-mail checked when given). */
export function contactsProblem(value: unknown): MessageKey | null {
  if (!Array.isArray(value)) return 'field.invalid';
  if (value.length > CLIENT_CONTACTS_MAX) return 'crm.contactsMax';
  for (const c of value) {
    if (!c || typeof c !== 'object' || Array.isArray(c)) return 'field.invalid';
    const o = c as Record<string, unknown>;
    if (Object.keys(o).some((k) => !['name', 'position', 'phone', 'email'].includes(k))) return 'field.unknown';
    if (typeof o.name !== 'string' || o.name.trim() === '') return 'crm.contactName';
    if (textProblem(o.name, CLIENT_BOUNDS.contactName) || textProblem(o.position ?? '', CLIENT_BOUNDS.contactPosition))
      return 'field.tooLong';
    if (o.phone !== undefined && o.phone !== null && o.phone !== '' && phoneProblem(o.phone)) return phoneProblem(o.phone);
    if (o.email !== undefined && o.email !== null && o.email !== '' && emailProblem(o.email)) return 'auth.emailInvalid';
  }
  return null;
}

/** Contacts trimmed; rows with every field blank dropped (the fixed empty rows of a form without JavaScript). */
const NormalizeContacts = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) return value;
    return value
      .map((c: unknown) => {
        if (!c || typeof c !== 'object' || Array.isArray(c)) return c;
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(c as Record<string, unknown>)) out[k] = typeof v === 'string' ? v.trim() : v === null ? '' : v;
        return out;
      })
      .filter((c: unknown) => !(c && typeof c === 'object' && Object.values(c as object).every((v) => v === '' || v === undefined)));
  });

/** Boolean from JSON or a form ('true' / 'on' / 'false'); missing is false. */
const ToBool = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || value === '') return false;
    if (typeof value === 'string') {
      const v = value.trim().toLowerCase();
      return v === 'true' || v === 'on' || v === '1' ? true : v === 'false' || v === '0' ? false : value;
    }
    return value;
  });

/**
 * POST /api/crm/clients and PUT /api/crm/clients/{id} (the whole client; contacts replaced as
 * a list). individual: firstName and lastName required; corporate: companyName required, bin
 * optional (12 digits with a valid Kazakh check digit). phone, email, telegram optional and
 * checked when given. ownerId: supervisors only (an employee's client is theirs).
 */
export class ClientWriteDto {
  @LowerEnum()
  @IsIn(CLIENT_TYPES as unknown as string[], msg('field.enum'))
  type: ClientType = 'individual';

  @TrimOrEmpty()
  @Check('firstName', (v, a) =>
    (a?.object as ClientWriteDto | undefined)?.type === 'individual' && v === ''
      ? 'crm.firstNameRequired'
      : textProblem(v, CLIENT_BOUNDS.name),
  )
  firstName = '';

  @TrimOrEmpty()
  @Check('lastName', (v, a) =>
    (a?.object as ClientWriteDto | undefined)?.type === 'individual' && v === ''
      ? 'crm.lastNameRequired'
      : textProblem(v, CLIENT_BOUNDS.name),
  )
  lastName = '';

  @TrimOrEmpty()
  @Check('companyName', (v, a) =>
    (a?.object as ClientWriteDto | undefined)?.type === 'corporate' && v === ''
      ? 'crm.companyRequired'
      : textProblem(v, CLIENT_BOUNDS.companyName),
  )
  companyName = '';

  @TrimOrNull()
  @Check('bin', (v) => (v === null ? null : typeof v === 'string' && isValidBin(v) ? null : 'crm.bin'))
  bin: string | null = null;

  @TrimOrEmpty()
  @Check('phone', (v) => (v === '' ? null : phoneProblem(v)))
  phone = '';

  @Transform(({ value }) => (value === null || value === undefined ? '' : typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Check('email', (v) => (v === '' ? null : emailProblem(v)))
  email = '';

  @TrimOrEmpty()
  @Check('telegram', (v) => (v === '' ? null : typeof v === 'string' && TELEGRAM.test(v) ? null : 'crm.telegram'))
  telegram = '';

  @ToBool()
  @Check('isVip', (v) => (typeof v === 'boolean' ? null : 'field.boolean'))
  isVip = false;

  @TrimOrNull()
  @Check('notes', (v) => (v === null ? null : textProblem(v, CLIENT_BOUNDS.notes)))
  notes: string | null = null;

  @IsOptional()
  @TrimOrNull()
  @Check('ownerId', (v) => (v === null || (typeof v === 'string' && UUID.test(v)) ? null : 'field.invalid'))
  ownerId?: string | null;

  @NormalizeContacts()
  @Check('contacts', contactsProblem)
  contacts: ClientContactInput[] = [];
}

/**
 * GET /api/crm/clients: scope ('my' default | 'all'), q (name, company, phone, e-mail, BIN;
 * substring, any case), type, isVip (true/false), sort (updated) + dir (desc), page (1..),
 * limit (1..100, 25), lang. Empty and 'all' filter values mean no filter.
 */
export class ClientsQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(CLIENTS_Q_MAX)
  q?: string;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(CLIENT_TYPES)
  type?: ClientType;

  @IsOptional()
  @QueryRules.filterBoolean()
  @QueryRules.IsQueryBoolean()
  isVip?: boolean;

  @IsOptional()
  @LowerEnum()
  @IsIn(CLIENT_SORTS as unknown as string[], msg('field.enum'))
  sort?: ClientSort;

  @IsOptional()
  @LowerEnum()
  @IsIn(SORT_DIRECTIONS as unknown as string[], msg('field.enum'))
  dir?: SortDirection;

  @IsOptional()
  @PageNumber(10_000, 'field.page')
  page?: number;

  @IsOptional()
  @PageNumber(CLIENTS_LIMIT_MAX, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}

/** A person or a record referred to by id and a display name. */
export interface CrmRefDto {
  id: string;
  name: string;
}

/** A row of the client list. `name`: "first last" or the company name. */
export interface ClientListItemDto {
  id: string;
  type: ClientType;
  name: string;
  companyName: string;
  bin: string | null;
  phone: string;
  email: string;
  isVip: boolean;
  owner: CrmRefDto | null;
  /** Deals not closed (not won, not lost). */
  openDeals: number;
  /** Whether the caller may change it (own, or a supervisor). */
  editable: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ClientContactDto {
  id: string;
  name: string;
  position: string;
  phone: string;
  email: string;
}

/** GET /api/crm/clients/{id}: the client with its contacts, leads, deals, viewings and timeline. */
export interface ClientDetailDto extends ClientListItemDto {
  firstName: string;
  lastName: string;
  telegram: string;
  notes: string | null;
  contacts: ClientContactDto[];
  leads: Array<{ id: string; name: string; status: string; createdAt: string }>;
  deals: Array<{ id: string; title: string; stage: DealStage; type: DealType; amount: number; closedAt: string | null }>;
  viewings: Array<{ id: string; property: CrmRefDto; agent: CrmRefDto | null; startsAt: string; endsAt: string; status: string }>;
  timeline: ActivityDto[];
}
