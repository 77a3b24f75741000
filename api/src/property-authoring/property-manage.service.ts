import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  STAFF_LISTINGS_PAGE_SIZE,
  type BulkRefusal,
  type BulkStatusResultDto,
  type PropertyStatus,
  type RoleName,
  type SortDirection,
  type StaffListingItemDto,
  type StaffListingSort,
  type StaffListingsQuery,
} from '@realty/contracts';
import { LocalFileStorage, type FileStorage } from '@realty/db';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { PropertiesService } from '../properties/properties.service';
import type { StaffPropertyRow } from './property-authoring.mapper';
import { PropertyAuthoringRepository } from './property-authoring.repository';
import { auditView } from './property-authoring.service';
import { PropertyManageRepository, type Keyset, type StaffListingRow } from './property-manage.repository';

const ADMINS: readonly RoleName[] = ['admin', 'super_admin'];
const isAdmin = (u: AuthUser) => ADMINS.includes(u.role);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NUMBER = /^\d{1,19}(\.\d{1,2})?$/;

/**
 * The cursor's content: the sort it was made for, the last row's sort value and id, the next
 * page's number, and the first page's total (1 when estimated), so later pages count nothing.
 */
type CursorContent = [StaffListingSort, SortDirection, string, string, number, number, 0 | 1];

/** Above this many matches the total is the planner's estimate (meta.totalEstimated). */
export const EXACT_TOTAL_CAP = 1000;

export function encodeCursor(c: CursorContent): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

/** The keyset and page number of `cursor`, or a 400 fields.cursor when it is not one of this sort's. */
export function decodeCursor(
  cursor: string,
  sort: StaffListingSort,
  dir: SortDirection,
): { after: Keyset; page: number; total: number; exact: boolean } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(c) && c.length === 7 && c[0] === sort && c[1] === dir) {
      const [, , value, id, page, total, estimated] = c as CursorContent;
      const valueOk = typeof value === 'string' && (sort === 'updated' || sort === 'created' ? TIME : NUMBER).test(value);
      const pageOk = Number.isInteger(page) && page > 1 && page < 1e6 && Number.isInteger(total) && total >= 0 && total < 1e9;
      if (valueOk && typeof id === 'string' && UUID.test(id) && pageOk && (estimated === 0 || estimated === 1))
        return { after: { value, id }, page, total, exact: estimated === 0 };
    }
  } catch {
    // not JSON: answered below
  }
  throw ApiException.validation({ cursor: 'field.invalid' });
}

/**
 * The staff listing list and the bulk status change (issue 21; spec 02 §2
 * "/dashboard/employee/properties": my / all, search, filters, sort, paging, bulk status; §4).
 *
 * Bulk status rules (decided here, documented in docs/api.md):
 * - employee and manager: only their own listings; active -> inactive (withdraw from the site)
 *   and inactive -> pending (resubmit for moderation). A listing carrying a rejection is NOT
 *   resubmitted as it is (refused 'rejected'): the author fixes it in the edit form, whose save
 *   clears the rejection and puts it on moderation. A withdrawn listing's waiting edit is folded
 *   into it (it is no longer public, and goes back only through moderation), so an approval of
 *   that edit cannot put a withdrawn listing back on the site.
 * - admin, super_admin: active or inactive on any listing (active publishes it and clears its
 *   rejection; a waiting edit stays on moderation). Nobody sets pending by bulk but the author.
 * - refusals per id: notFound (unknown or deleted), notOwner, notAllowed (that change is not
 *   one of the above), rejected, unchanged (already in that status).
 * Every change: audit row 'property.status' in the one transaction of the whole batch; the
 * catalogue cache is dropped after the commit.
 */
@Injectable()
export class PropertyManageService {
  private readonly storage: FileStorage = new LocalFileStorage();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: PropertyManageRepository,
    private readonly authoring: PropertyAuthoringRepository,
    private readonly audit: AuditService,
    private readonly catalog: PropertiesService,
  ) {}

  /** GET /api/properties/manage. 400 fields.cursor for a cursor of another sort or a made-up one. */
  async list(actor: AuthUser, q: StaffListingsQuery): Promise<Paged<StaffListingItemDto>> {
    const sort = q.sort ?? 'updated';
    const dir = q.dir ?? 'desc';
    const limit = q.limit ?? STAFF_LISTINGS_PAGE_SIZE;
    const start = q.cursor ? decodeCursor(q.cursor, sort, dir) : { after: null, page: 1, total: 0, exact: true };
    const filters = {
      ownerId: (q.scope ?? 'mine') === 'mine' ? actor.id : null,
      q: q.q,
      status: q.status,
      dealType: q.dealType,
      categoryId: q.categoryId,
    };
    const m = this.db.manager;
    // the total is counted on the first page and carried by the cursor to the next ones
    const [rows, counted] = await Promise.all([
      this.repository.page(m, filters, sort, dir, start.after, limit),
      start.after ? { total: start.total, exact: start.exact } : this.repository.count(m, filters, EXACT_TOTAL_CAP),
    ]);
    const total = counted.total;
    const more = rows.length > limit;
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor =
      more && last ? encodeCursor([sort, dir, last.sort_key, last.id, start.page + 1, total, counted.exact ? 0 : 1]) : null;
    return new Paged(
      items.map((r) => this.item(actor, r)),
      {
        total,
        page: start.page,
        limit,
        totalPages: Math.ceil(total / limit),
        nextCursor,
        ...(counted.exact ? {} : { totalEstimated: true }),
      },
    );
  }

  /** POST /api/properties/bulk-status (rules: class comment). */
  async bulkStatus(actor: AuthUser, ids: string[], status: PropertyStatus, client: RequestClient): Promise<BulkStatusResultDto> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))].sort();
    const result: BulkStatusResultDto = { updated: [], refused: [] };
    await this.db.transaction(async (m) => {
      for (const id of unique) {
        const before = await this.authoring.lock(m, id);
        const refusal = !before || before.deleted_at ? 'notFound' : this.refusal(actor, before, status);
        if (refusal) {
          result.refused.push({ id, reason: refusal });
          continue;
        }
        const after = await this.change(m, actor, before!, status);
        await this.audit.record(
          m,
          { user: actor, client },
          { action: 'property.status', entity: 'property', entityId: id, before: auditView(before!), after: auditView(after) },
        );
        result.updated.push(id);
      }
    });
    if (result.updated.length) this.catalog.invalidate();
    return result;
  }

  /** Why `actor` may not set `status` on `row`, or null when they may. */
  private refusal(actor: AuthUser, row: StaffPropertyRow, status: PropertyStatus): BulkRefusal | null {
    if (isAdmin(actor)) {
      if (status === 'pending') return 'notAllowed';
      return row.status === status ? 'unchanged' : null;
    }
    if (row.owner_id !== actor.id) return 'notOwner';
    if (row.status === status) return 'unchanged';
    if (status === 'inactive') return row.status === 'active' ? null : 'notAllowed';
    if (status === 'pending') {
      if (row.status !== 'inactive') return 'notAllowed';
      return row.rejection_reason ? 'rejected' : null;
    }
    return 'notAllowed';
  }

  /** Applies an allowed change; a withdrawal folds a waiting edit into the listing. */
  private async change(m: EntityManager, actor: AuthUser, row: StaffPropertyRow, status: PropertyStatus): Promise<StaffPropertyRow> {
    if (status === 'inactive' && row.pending_changes) return this.authoring.apply(m, row, row.pending_changes, 'inactive');
    return this.authoring.setStatus(m, row.id, status, status === 'active' && isAdmin(actor));
  }

  private item(actor: AuthUser, r: StaffListingRow): StaffListingItemDto {
    const name = [r.owner_first_name, r.owner_last_name].filter(Boolean).join(' ').trim();
    const imageKey = r.image_variants?.thumb ?? r.image_storage_key;
    return {
      id: r.id,
      slug: r.slug,
      title: r.title.ru ?? '',
      titles: { ru: r.title.ru ?? '', en: r.title.en ?? '', kk: r.title.kk ?? '', zh: r.title.zh ?? '' },
      address: r.address,
      dealType: r.deal_type,
      categoryId: r.category_id,
      price: Number(r.price),
      area: Number(r.area),
      status: r.status,
      owner: r.owner_id ? { id: r.owner_id, name } : null,
      editable: isAdmin(actor) || r.owner_id === actor.id,
      hasPendingChanges: r.has_pending_changes,
      rejection: r.rejection_reason
        ? { reason: r.rejection_reason, notes: r.rejection_notes, at: new Date(r.rejected_at ?? r.updated_at).toISOString() }
        : null,
      imageUrl: imageKey ? this.storage.publicUrl(imageKey) : null,
      viewsCount: Number(r.views_count),
      favoritesCount: Number(r.favorites_count),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }
}
