import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_USERS_PAGE_SIZE,
  LANGUAGES,
  listingYearProblem,
  slugify,
  type Language,
  type PropertyStatus,
  type PropertyWriteDto,
  type PropertyWriteValues,
  type RoleName,
  type StaffPropertyDto,
} from '@realty/contracts';
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { JobName } from '@realty/jobs';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { publicWebUrl } from '../leads/leads.service';
import { NotificationWriter } from '../notifications/notification.writer';
import { OutboxRelay } from '../outbox/outbox.relay';
import { PropertiesService } from '../properties/properties.service';
import { toStaffProperty, valuesFromDto, valuesOf, type StaffPropertyRow } from './property-authoring.mapper';
import { PropertyAuthoringRepository } from './property-authoring.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMINS: readonly RoleName[] = ['admin', 'super_admin'];
const isAdmin = (u: AuthUser) => ADMINS.includes(u.role);

/** What the audit log keeps of a listing: its editable values, status and waiting changes. */
export function auditView(r: StaffPropertyRow): Record<string, unknown> {
  return {
    ...valuesOf(r),
    status: r.status,
    pendingChanges: r.pending_changes,
    rejectionReason: r.rejection_reason,
    rejectionNotes: r.rejection_notes,
    deletedAt: r.deleted_at ? new Date(r.deleted_at).toISOString() : null,
  };
}

/**
 * The listing lifecycle (issue 21; spec 02 §4; docs/decisions/036-listing-lifecycle.md):
 * - employee, manager, admin, super_admin create; an admin's listing is active at once, anyone
 *   else's is pending (on moderation) and not public;
 * - the owner or an admin updates, deletes, restores (403 otherwise, 404 unknown);
 * - a non-admin's edit of an ACTIVE listing is kept in pending_changes (the public keeps the
 *   approved version) until an admin approves it; an edit of a pending or inactive listing
 *   replaces it and puts it (back) on moderation; an admin's edit applies and publishes at once;
 * - approve: waiting changes applied, status active; reject: waiting changes dropped (the public
 *   version stays) or, for a never-approved listing, status inactive; reason and notes stored;
 * - every write is on the audit log in its transaction, and drops this process's catalogue cache
 *   (other processes follow the catalogue_version trigger within CATALOG_VERSION_POLL_MS).
 */
@Injectable()
export class PropertyAuthoringService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: PropertyAuthoringRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly catalog: PropertiesService,
    private readonly outbox: OutboxRelay,
    private readonly notifications: NotificationWriter,
  ) {}

  /** POST /api/properties. 400 with fields (bounds, yearBuilt by the clock, unknown reference ids). */
  async create(actor: AuthUser, dto: PropertyWriteDto, client: RequestClient): Promise<StaffPropertyDto> {
    const values = valuesFromDto(dto);
    const status: PropertyStatus = isAdmin(actor) ? 'active' : 'pending';
    const slug = `${slugify(values.title.ru, { maxLength: 200, fallback: 'listing' })}-${randomBytes(4).toString('hex')}`;
    return this.write(async (m) => {
      await this.checkValues(m, values);
      const row = await this.repository.insert(m, slug, values, actor.id, status);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'property.create', entity: 'property', entityId: row.id, after: auditView(row) },
      );
      return toStaffProperty(row);
    });
  }

  /** PUT /api/properties/:id (every field replaced). 404 unknown or deleted; 403 not the owner nor an admin; 400 fields. */
  async update(actor: AuthUser, id: string, dto: PropertyWriteDto, client: RequestClient): Promise<StaffPropertyDto> {
    const values = valuesFromDto(dto);
    return this.write(async (m) => {
      const before = await this.owned(m, actor, id, false);
      await this.checkValues(m, values);
      let after: StaffPropertyRow;
      if (isAdmin(actor)) after = await this.repository.apply(m, before, values, 'active');
      else if (before.status === 'active') after = await this.repository.propose(m, before.id, values);
      else after = await this.repository.apply(m, before, values, 'pending');
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'property.update', entity: 'property', entityId: id, before: auditView(before), after: auditView(after) },
      );
      return toStaffProperty(after);
    });
  }

  /** DELETE /api/properties/:id: soft delete (hidden from the public API). 404 unknown or already deleted; 403. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.write(async (m) => {
      const before = await this.owned(m, actor, id, false);
      const after = await this.repository.setDeleted(m, before.id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'property.delete', entity: 'property', entityId: id, before: auditView(before), after: auditView(after) },
      );
    });
  }

  /** POST /api/properties/:id/restore: back in its previous status. 404 unknown; 409 not deleted; 403. */
  async restore(actor: AuthUser, id: string, client: RequestClient): Promise<StaffPropertyDto> {
    return this.write(async (m) => {
      const before = await this.owned(m, actor, id, true);
      if (!before.deleted_at) throw new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'listing.notDeleted');
      const after = await this.repository.setDeleted(m, before.id, null);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'property.restore', entity: 'property', entityId: id, before: auditView(before), after: auditView(after) },
      );
      return toStaffProperty(after);
    });
  }

  /** POST /api/properties/:id/approve {comment}. Admins. 404; 409 when nothing awaits moderation. */
  async approve(actor: AuthUser, id: string, comment: string | null, client: RequestClient): Promise<StaffPropertyDto> {
    return this.write(async (m) => {
      const before = await this.onModeration(m, id);
      const values = before.pending_changes ?? valuesOf(before);
      const after = await this.repository.apply(m, before, values, 'active');
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'property.approve',
          entity: 'property',
          entityId: id,
          before: auditView(before),
          after: { ...auditView(after), comment },
        },
      );
      return toStaffProperty(after);
    });
  }

  /**
   * POST /api/properties/:id/reject {reason, notes}. Admins. Waiting changes are dropped (the
   * public version stays active); a never-approved listing becomes inactive. 404; 409 as approve.
   * The author gets the 'listing-rejected' e-mail in their language: an outbox row written in
   * this transaction, relayed to the worker after the commit (as the lead notifications), and a
   * 'listing_rejected' notification in the staff area (issue 22 "Notifications"), same transaction.
   */
  async reject(actor: AuthUser, id: string, reason: string, notes: string | null, client: RequestClient): Promise<StaffPropertyDto> {
    const result = await this.write(async (m) => {
      const before = await this.onModeration(m, id);
      const status: PropertyStatus = before.status === 'pending' ? 'inactive' : before.status;
      const after = await this.repository.reject(m, before.id, status, reason, notes, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'property.reject', entity: 'property', entityId: id, before: auditView(before), after: auditView(after) },
      );
      await this.notifyAuthor(m, before, reason, notes);
      return toStaffProperty(after);
    });
    this.outbox.kick();
    return result;
  }

  /** Writes the author's 'listing-rejected' e-mail to the outbox (none when the listing has no owner). */
  private async notifyAuthor(m: EntityManager, row: StaffPropertyRow, reason: string, notes: string | null): Promise<void> {
    if (!row.owner_id) return;
    const authors: Array<{ email: string; first_name: string; language: Language }> = await m.query(
      `SELECT email, first_name, language FROM users WHERE id = $1`,
      [row.owner_id],
    );
    const author = authors[0];
    if (!author) return;
    const locale: Language = (LANGUAGES as readonly string[]).includes(author.language) ? author.language : 'ru';
    await this.notifications.notify(m, [
      {
        userId: row.owner_id,
        type: 'listing_rejected',
        data: { propertyId: row.id, propertyTitle: row.title[locale] || row.title.ru, reason, notes },
        link: `/dashboard/employee/edit/${row.id}`,
      },
    ]);
    await this.outbox.write(m, JobName.SendEmail, {
      to: author.email,
      template: 'listing-rejected',
      locale,
      data: {
        propertyId: row.id,
        firstName: author.first_name,
        propertyTitle: row.title[locale] || row.title.ru,
        reason,
        notes,
        kind: row.pending_changes ? 'edit' : 'new',
        editUrl: `${publicWebUrl()}/dashboard/employee/edit/${row.id}`,
      },
    });
  }

  /** GET /api/properties/mine: the actor's listings (status, waiting changes, last rejection). */
  async listMine(actor: AuthUser, page = 1, limit = ADMIN_USERS_PAGE_SIZE): Promise<Paged<StaffPropertyDto>> {
    const { rows, total } = await this.repository.listOwned(this.db.manager, actor.id, page, limit);
    return new Paged(rows.map(toStaffProperty), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** Runs `work` in a transaction, then drops this process's catalogue cache. */
  private async write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(work);
    this.catalog.invalidate();
    return result;
  }

  /** The row locked, owned by the actor or the actor an admin. 404 unknown (or deleted unless `deleted`); 403. */
  private async owned(m: EntityManager, actor: AuthUser, id: string, deleted: boolean): Promise<StaffPropertyRow> {
    const row = UUID.test(id) ? await this.repository.lock(m, id) : undefined;
    if (!row || (!deleted && row.deleted_at)) throw ApiException.notFound();
    if (!isAdmin(actor) && row.owner_id !== actor.id) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', 'listing.notOwner');
    return row;
  }

  /** The row locked if it awaits moderation (pending, or waiting changes). 404; 409. */
  private async onModeration(m: EntityManager, id: string): Promise<StaffPropertyRow> {
    const row = UUID.test(id) ? await this.repository.lock(m, id) : undefined;
    if (!row || row.deleted_at) throw ApiException.notFound();
    if (row.status !== 'pending' && !row.pending_changes)
      throw new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'listing.notOnModeration');
    return row;
  }

  /** yearBuilt by the clock and the reference ids: 400 with the fields that fail. */
  private async checkValues(m: EntityManager, values: PropertyWriteValues): Promise<void> {
    const fields: Record<string, string> = {};
    if (values.yearBuilt !== null) {
      const problem = listingYearProblem(values.yearBuilt, this.clock.now());
      if (problem) fields.yearBuilt = problem;
    }
    for (const field of Object.keys(await this.repository.unknownRefs(m, values))) fields[field] = 'listing.unknownRef';
    if (Object.keys(fields).length) throw ApiException.validation(fields);
  }
}
