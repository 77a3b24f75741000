import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Check, LowerEnum } from './auth.dto';
import { CRM_SCOPES, type CrmScope } from './crm.enums';
import { LANGUAGES, type Language } from './enums';
import { LEAD_QUALITIES, LEAD_SOURCES, LEAD_STATUSES, type LeadQuality, type LeadSource, type LeadStatus } from './leads.rules';
import type { MessageKey } from './messages';
import { QueryRules } from './query-rules';
import { SORT_DIRECTIONS, type SortDirection } from './staff-listings';
import { PageNumber } from './users.dto';

/**
 * The lead list's filters (issue 22 "Leads"; spec 02 §2 'my' versus 'all', §3 Lead): one DTO
 * read by the page (validateInput on the URL), the API list (GET /api/crm/leads) and the export
 * (GET /api/crm/leads/export, "with the current filters"), so the three always agree.
 */

/** Sort keys of the lead list: creation (default, newest first), last change, name, waiting time. */
export const LEAD_SORTS = ['created', 'updated', 'name'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** Page size of the lead list: default 25, at most 100. */
export const LEADS_PAGE_SIZE = 25;
export const LEADS_LIMIT_MAX = 100;
export const LEADS_Q_MAX = 100;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,300}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const msg = (key: MessageKey) => ({ message: key });
const blankIsUnset = Transform(({ value }) => (typeof value === 'string' && (value.trim() === '' || value === 'all') ? undefined : value));

/**
 * GET /api/crm/leads and /export: scope ('my' default | 'all'), status, quality, source,
 * agentId (the assigned agent, uuid), createdFrom / createdTo (YYYY-MM-DD, inclusive, Asia/Almaty
 * days), q (name, phone, e-mail; substring, case-insensitive), sort (created) + dir (desc),
 * cursor (keyset: the previous page's meta.nextCursor), limit (1..100, 25), lang. Empty and
 * 'all' values mean no filter.
 */
export class LeadsQuery {
  @IsOptional()
  @LowerEnum()
  @IsIn(CRM_SCOPES as unknown as string[], msg('field.enum'))
  scope?: CrmScope;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(LEAD_STATUSES)
  status?: LeadStatus;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(LEAD_QUALITIES)
  quality?: LeadQuality;

  @IsOptional()
  @QueryRules.filterEnum()
  @QueryRules.IsQueryEnum(LEAD_SOURCES)
  source?: LeadSource;

  @IsOptional()
  @blankIsUnset
  @Check('agentId', (v) => (typeof v === 'string' && UUID.test(v) ? null : 'field.invalid'))
  agentId?: string;

  @IsOptional()
  @blankIsUnset
  @Check('createdFrom', (v) => (typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'field.invalid'))
  createdFrom?: string;

  @IsOptional()
  @blankIsUnset
  @Check('createdTo', (v) => (typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'field.invalid'))
  createdTo?: string;

  @IsOptional()
  @QueryRules.filterText()
  @QueryRules.IsQueryText(LEADS_Q_MAX)
  q?: string;

  @IsOptional()
  @LowerEnum()
  @IsIn(LEAD_SORTS as unknown as string[], msg('field.enum'))
  sort?: LeadSort;

  @IsOptional()
  @LowerEnum()
  @IsIn(SORT_DIRECTIONS as unknown as string[], msg('field.enum'))
  dir?: SortDirection;

  @IsOptional()
  @blankIsUnset
  @Check('cursor', (v) => (typeof v === 'string' && CURSOR_PATTERN.test(v) ? null : 'field.invalid'))
  cursor?: string;

  @IsOptional()
  @PageNumber(LEADS_LIMIT_MAX, 'field.limit')
  limit?: number;

  @IsOptional()
  @LowerEnum()
  @IsIn(LANGUAGES as unknown as string[], msg('field.enum'))
  lang?: Language;
}
