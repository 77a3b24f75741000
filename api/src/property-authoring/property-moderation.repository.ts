import { Injectable } from '@nestjs/common';
import type { ListingRefField, LocalizedText, StaffPersonDto } from '@realty/contracts';
import type { PropertyImage } from '@realty/db';
import type { EntityManager } from 'typeorm';
import type { StaffPropertyRow } from './property-authoring.mapper';
import { COLUMNS } from './property-authoring.repository';

/** A properties row with its owner (and, for deleted ones, who deleted it). */
export interface ReviewRow extends StaffPropertyRow {
  owner: StaffPersonDto | null;
  deleted_by?: StaffPersonDto | null;
}

/** An image row of a listing (property_images). */
export type ImageRow = Pick<PropertyImage, 'id' | 'storageKey' | 'variants' | 'width' | 'height'> & { propertyId: string };

/** The owner as {id, name, email} (a scalar subquery: COLUMNS stay unqualified). */
const OWNER = `(SELECT json_build_object('id', u.id, 'name', trim(concat_ws(' ', u.first_name, u.last_name)), 'email', u.email)
   FROM users u WHERE u.id = properties.owner_id) AS owner`;

/** Who deleted the listing last: the actor of its newest property.delete audit row (ix_audit_logs_entity_occurred). */
const DELETED_BY = `(SELECT json_build_object('id', a.actor_id, 'name', coalesce(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
     'email', a.actor_email)
   FROM audit_logs a LEFT JOIN users u ON u.id = a.actor_id
   WHERE a.entity = 'property' AND a.entity_id = properties.id::text AND a.action = 'property.delete'
   ORDER BY a.occurred_at DESC, a.id DESC LIMIT 1) AS deleted_by`;

/** On moderation: new (pending) or with waiting changes, not deleted (decision 036). */
const ON_MODERATION = `deleted_at IS NULL AND (status = 'pending' OR pending_changes IS NOT NULL)`;

/** The reference table of each id field (names are jsonb {ru, en, kk, zh}). */
const REF_TABLE: Record<ListingRefField, string> = {
  categoryId: 'property_categories',
  subcategoryId: 'property_subcategories',
  propertyTypeId: 'property_types',
  districtId: 'districts',
  buildingComplexId: 'building_complexes',
};

/**
 * SQL of the admin's moderation and deleted-listings reads (issue 21; spec 02 §2, §7): the queue
 * (oldest change first), one item, the deleted list (newest deletion first), the listings'
 * images and the names of reference ids. Reads only; the writes are PropertyAuthoringRepository's.
 */
@Injectable()
export class PropertyModerationRepository {
  /** One page of the queue, oldest change first (updated_at, id), and the total. */
  queue(m: EntityManager, page: number, limit: number): Promise<{ rows: ReviewRow[]; total: number }> {
    return this.page(m, ON_MODERATION, [], 'updated_at, id', page, limit, OWNER);
  }

  /** The listing if it is on moderation, else undefined. `id` must be a uuid. */
  async item(m: EntityManager, id: string): Promise<ReviewRow | undefined> {
    const rows: ReviewRow[] = await m.query(`SELECT ${COLUMNS}, ${OWNER} FROM properties WHERE id = $1 AND ${ON_MODERATION}`, [id]);
    return rows[0];
  }

  /** Deleted listings, newest deletion first (`ownerId`: only theirs), with owner and deleter. */
  deleted(m: EntityManager, ownerId: string | null, page: number, limit: number): Promise<{ rows: ReviewRow[]; total: number }> {
    const where = `deleted_at IS NOT NULL${ownerId ? ' AND owner_id = $1' : ''}`;
    return this.page(m, where, ownerId ? [ownerId] : [], 'deleted_at DESC, id', page, limit, `${OWNER}, ${DELETED_BY}`);
  }

  /** The images of the listings, per listing main first (sort_order, created_at, id). */
  async images(m: EntityManager, ids: string[]): Promise<ImageRow[]> {
    if (!ids.length) return [];
    return m.query(
      `SELECT property_id AS "propertyId", id, storage_key AS "storageKey", variants, width, height FROM property_images
       WHERE property_id = ANY($1::uuid[]) ORDER BY property_id, sort_order, created_at, id`,
      [ids],
    );
  }

  /** Names of the given reference ids, per field (ids that do not exist are left out). */
  async refNames(
    m: EntityManager,
    ids: Record<ListingRefField, number[]>,
  ): Promise<Array<{ field: ListingRefField; id: number; name: LocalizedText }>> {
    const fields = (Object.keys(REF_TABLE) as ListingRefField[]).filter((f) => ids[f].length);
    if (!fields.length) return [];
    const sql = fields
      .map((f, i) => `SELECT '${f}'::text AS field, id, name FROM ${REF_TABLE[f]} WHERE id = ANY($${i + 1}::int[])`)
      .join(' UNION ALL ');
    return m.query(
      sql,
      fields.map((f) => ids[f]),
    );
  }

  private async page(
    m: EntityManager,
    where: string,
    params: unknown[],
    order: string,
    page: number,
    limit: number,
    extra: string,
  ): Promise<{ rows: ReviewRow[]; total: number }> {
    const n = params.length;
    const [rows, counted]: [ReviewRow[], Array<{ total: number }>] = await Promise.all([
      m.query(`SELECT ${COLUMNS}, ${extra} FROM properties WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...params,
        limit,
        (page - 1) * limit,
      ]),
      m.query(`SELECT count(*)::int AS total FROM properties WHERE ${where}`, params),
    ]);
    return { rows, total: Number(counted[0]?.total ?? 0) };
  }
}
