import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FEED_PAGE_SIZE, type FeedItemDto, type FeedQuery, type NoteWriteDto } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { Paged } from '../../common/envelope.interceptor';
import { ScheduleLinksRepository, toSubject } from '../schedule/schedule-links.repository';
import { toActivityDto } from '../shared/activities.repository';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange, listScope } from '../shared/crm-access';
import { FeedRepository, type FeedRow } from './feed.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The keyset of the feed as an opaque cursor: [created_at (µs, UTC), id]. */
export function encodeFeedCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id]), 'utf8').toString('base64url');
}

/** The keyset of a cursor, or 400 fields.cursor. */
export function decodeFeedCursor(cursor: string): { at: string; id: string } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(c) && c.length === 2 && typeof c[0] === 'string' && AT.test(c[0]) && typeof c[1] === 'string' && UUID.test(c[1]))
      return { at: c[0], id: c[1] };
  } catch {
    // answered below
  }
  throw ApiException.validation({ cursor: 'field.invalid' });
}

/**
 * The activity feed (issue 22 "Activities"; spec 02 §2): every call, message, change, note,
 * viewing and task of the CRM's leads, clients and deals, newest first, keyset paging. 'my'
 * (default) = done by me, or on a lead / client / deal of mine. A note (POST) goes on one lead,
 * client or deal the caller may change (an employee: their own; 403 otherwise), audited as
 * activity.note.
 */
@Injectable()
export class FeedService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: FeedRepository,
    private readonly links: ScheduleLinksRepository,
    private readonly recorder: ActivityRecorder,
    private readonly audit: AuditService,
  ) {}

  /** GET /api/crm/activities. meta.nextCursor: the next page's cursor (null on the last). */
  async list(actor: AuthUser, q: FeedQuery): Promise<Paged<FeedItemDto>> {
    const limit = q.limit ?? FEED_PAGE_SIZE;
    const rows = await this.repository.page(
      this.db.manager,
      {
        mineOf: listScope(q.scope) === 'my' ? actor.id : null,
        type: q.type,
        from: q.from,
        to: q.to,
        after: q.cursor ? decodeFeedCursor(q.cursor) : null,
      },
      limit,
    );
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit && last ? encodeFeedCursor(last.sort_key, last.id) : null;
    return new Paged(items.map(feedItem), { total: items.length, page: 1, limit, totalPages: 1, nextCursor });
  }

  /** POST /api/crm/activities {subjectKind, subjectId, body} -> 201 the note. 400 unknown subject; 403 not the caller's. */
  async note(actor: AuthUser, dto: NoteWriteDto, client: RequestClient): Promise<FeedItemDto> {
    const id = await this.db.transaction(async (m) => {
      const owner = await this.links.subjectOwner(m, dto.subjectKind, dto.subjectId);
      if (owner === undefined) throw ApiException.validation({ subjectId: 'crmSchedule.linkNotFound' });
      assertCanChange(actor, owner);
      const key = `${dto.subjectKind}Id` as 'leadId' | 'clientId' | 'dealId';
      const newId = await this.recorder.record(m, { type: 'note', [key]: dto.subjectId, actorId: actor.id, body: dto.body.trim() });
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'activity.note', entity: 'activity', entityId: newId, after: { [key]: dto.subjectId, body: dto.body.trim() } },
      );
      return newId;
    });
    const [row] = await this.repository.page(this.db.manager, { mineOf: null, after: null, id }, 1);
    if (!row) throw ApiException.notFound();
    return feedItem(row);
  }
}

function feedItem(r: FeedRow): FeedItemDto {
  return { ...toActivityDto(r), subject: toSubject(r) };
}
