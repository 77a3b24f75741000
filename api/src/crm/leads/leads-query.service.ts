import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  LEADS_PAGE_SIZE,
  type CrmAgentDto,
  type CrmLeadDetailDto,
  type CrmLeadItemDto,
  type LeadSort,
  type LeadsQuery,
  type SortDirection,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser } from '../../common/decorators';
import { Paged } from '../../common/envelope.interceptor';
import { ActivitiesRepository } from '../shared/activities.repository';
import { firstContactMinutes } from './crm-lead-settings';
import { findSamePersonLeads } from './lead-duplicates.repository';
import { toLeadItem } from './lead-item.mapper';
import { LeadsRepository, type LeadRow } from './leads.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** Above this many matches the list's total is the planner's estimate (meta.totalEstimated). */
export const LEADS_EXACT_TOTAL_CAP = 1000;

/** The cursor's content: the sort it was made for, the last row's id, the next page's number, the first page's total and whether it was estimated. */
type CursorContent = [LeadSort, SortDirection, string, number, number, 0 | 1];

export function encodeLeadCursor(c: CursorContent): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

/** The row and page of `cursor`, or 400 fields.cursor when it is not one of this sort's. */
export function decodeLeadCursor(
  cursor: string,
  sort: LeadSort,
  dir: SortDirection,
): { afterId: string; page: number; total: number; exact: boolean } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(c) && c.length === 6 && c[0] === sort && c[1] === dir) {
      const [, , id, page, total, estimated] = c as CursorContent;
      const pageOk = Number.isInteger(page) && page > 1 && page < 1e6 && Number.isInteger(total) && total >= 0 && total < 1e9;
      if (typeof id === 'string' && isUuid(id) && pageOk && (estimated === 0 || estimated === 1))
        return { afterId: id, page, total, exact: estimated === 0 };
    }
  } catch {
    // not JSON: answered below
  }
  throw ApiException.validation({ cursor: 'field.invalid' });
}

/**
 * Reads of the CRM's leads (issue 22 "Leads"; spec 02 §2 /dashboard/crm/leads, §7 "CRM leads"):
 * the filtered, sorted, keyset-paged list, one lead with its timeline, duplicates and links,
 * and the agents who may own leads. Every staff role may read every lead ('my' is the default
 * scope, not a wall: issue 22 "Rules").
 */
@Injectable()
export class LeadsQueryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: LeadsRepository,
    private readonly activities: ActivitiesRepository,
    private readonly clock: Clock,
  ) {}

  /** GET /api/crm/leads (LeadsQuery). 400 fields.cursor for a cursor of another sort or a made-up one. */
  async list(actor: AuthUser, q: LeadsQuery): Promise<Paged<CrmLeadItemDto>> {
    const sort = q.sort ?? 'created';
    const dir = q.dir ?? 'desc';
    const limit = q.limit ?? LEADS_PAGE_SIZE;
    const start = q.cursor ? decodeLeadCursor(q.cursor, sort, dir) : { afterId: null, page: 1, total: 0, exact: true };
    const m = this.db.manager;
    const [rows, counted] = await Promise.all([
      this.repository.page(m, actor, q, sort, dir, start.afterId, limit),
      start.afterId ? { total: start.total, exact: start.exact } : this.repository.count(m, actor, q, LEADS_EXACT_TOTAL_CAP),
    ]);
    const more = rows.length > limit;
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = more && last ? encodeLeadCursor([sort, dir, last.id, start.page + 1, counted.total, counted.exact ? 0 : 1]) : null;
    const now = this.clock.now();
    return new Paged(
      items.map((r) => toLeadItem(r, actor, now)),
      {
        total: counted.total,
        page: start.page,
        limit,
        totalPages: Math.ceil(counted.total / limit),
        nextCursor,
        ...(counted.exact ? {} : { totalEstimated: true }),
      },
    );
  }

  /** The live lead `id` (not deleted; a merged one is gone too), or 404. */
  async liveRow(m: EntityManager, id: string, lock = false): Promise<LeadRow> {
    const row = isUuid(id) ? await this.repository.find(m, id, lock) : null;
    if (!row || row.deleted_at) throw ApiException.notFound();
    return row;
  }

  /** GET /api/crm/leads/{id}: the lead, its timeline (newest TIMELINE_LIMIT), duplicates, listing, client and deal. 404 when deleted. */
  async detail(actor: AuthUser, id: string, m: EntityManager = this.db.manager): Promise<CrmLeadDetailDto> {
    const row = await this.liveRow(m, id);
    const now = this.clock.now();
    const [activities, duplicateIds, links, property] = await Promise.all([
      this.activities.timeline(m, { leadId: row.id }),
      findSamePersonLeads(m, row, row.id),
      this.repository.links(m, row.client_id, row.deal_id),
      row.property_id ? this.repository.property(m, row.property_id) : null,
    ]);
    const duplicates = await this.repository.byIds(m, duplicateIds);
    return {
      ...toLeadItem(row, actor, now),
      firstName: row.first_name,
      lastName: row.last_name,
      telegram: row.telegram,
      message: row.message,
      budget: row.budget === null ? null : Number(row.budget),
      propertyType: row.property_type,
      property: property ? { id: property.id, slug: property.slug, title: property.title, dealType: property.deal_type } : null,
      client: links.client,
      deal: links.deal as CrmLeadDetailDto['deal'],
      mergedIntoId: row.merged_into_id,
      duplicates: duplicates.map((d) => toLeadItem(d, actor, now)),
      activities,
      firstContactMinutes: firstContactMinutes(),
    };
  }

  /** GET /api/crm/leads/agents: active employees and managers (who may own leads), by name. */
  async agents(): Promise<CrmAgentDto[]> {
    const rows = await this.repository.agents(this.db.manager);
    return rows.map((r) => ({ id: r.id, name: r.name, role: r.role, inRotation: r.in_lead_rotation }));
  }
}
