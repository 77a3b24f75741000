import { Injectable } from '@nestjs/common';
import type { PropertyStatus, PropertyWriteValues } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { toStoredText, type StaffPropertyRow } from './property-authoring.mapper';

/** The columns of a StaffPropertyRow (unqualified: `FROM properties`). */
export const COLUMNS = `id, slug, title, description, price, area, address, characteristics, floor, total_floors, latitude, longitude,
  deal_type, category_id, property_type_id, subcategory_id, district_id, building_complex_id, features, status, owner_id,
  pending_changes, rejection_reason, rejection_notes, rejected_at, published_at, created_at, updated_at, deleted_at`;

/** The stored columns of `v` in the order of `writeParams` ($1..$17). */
function writeParams(v: PropertyWriteValues, characteristics: Record<string, unknown>): unknown[] {
  const c = { ...characteristics, city: v.city, rooms: v.rooms ?? undefined, year_built: v.yearBuilt ?? undefined };
  return [
    JSON.stringify(toStoredText(v.title)),
    JSON.stringify(toStoredText(v.description)),
    v.price,
    v.area,
    v.address,
    JSON.stringify(c),
    v.floor,
    v.totalFloors,
    v.latitude,
    v.longitude,
    v.dealType,
    v.categoryId,
    v.propertyTypeId,
    v.subcategoryId,
    v.districtId,
    v.buildingComplexId,
    JSON.stringify(v.features),
  ];
}

/** A reference id given in a write that does not exist: field -> id. */
export type UnknownRefs = Partial<Record<'categoryId' | 'propertyTypeId' | 'subcategoryId' | 'districtId' | 'buildingComplexId', number>>;

/**
 * SQL of the listing write path (issue 21). Every method takes the EntityManager of the caller's
 * transaction, so the change and its audit row commit together.
 */
@Injectable()
export class PropertyAuthoringRepository {
  /** The row (deleted ones included) locked FOR UPDATE, or undefined. `id` must be a uuid. */
  async lock(m: EntityManager, id: string): Promise<StaffPropertyRow | undefined> {
    const rows: StaffPropertyRow[] = await m.query(`SELECT ${COLUMNS} FROM properties WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0];
  }

  /** The reference ids of `v` that do not exist (subcategory must also belong to the category). */
  async unknownRefs(m: EntityManager, v: PropertyWriteValues): Promise<UnknownRefs> {
    const rows: Array<{ cat: boolean; typ: boolean; sub: boolean; dis: boolean; bc: boolean }> = await m.query(
      `SELECT EXISTS (SELECT 1 FROM property_categories WHERE id = $1) AS cat,
              EXISTS (SELECT 1 FROM property_types WHERE id = $2) AS typ,
              ($3::int IS NULL OR EXISTS (SELECT 1 FROM property_subcategories WHERE id = $3 AND category_id = $1)) AS sub,
              ($4::int IS NULL OR EXISTS (SELECT 1 FROM districts WHERE id = $4)) AS dis,
              ($5::int IS NULL OR EXISTS (SELECT 1 FROM building_complexes WHERE id = $5)) AS bc`,
      [v.categoryId, v.propertyTypeId, v.subcategoryId, v.districtId, v.buildingComplexId],
    );
    const r = rows[0];
    const out: UnknownRefs = {};
    if (!r.cat) out.categoryId = v.categoryId;
    if (!r.typ) out.propertyTypeId = v.propertyTypeId;
    if (!r.sub) out.subcategoryId = v.subcategoryId!;
    if (!r.dis) out.districtId = v.districtId!;
    if (!r.bc) out.buildingComplexId = v.buildingComplexId!;
    return out;
  }

  /** Inserts a listing owned by `ownerId` with `status`; published_at now when active. Returns the row. */
  async insert(m: EntityManager, slug: string, v: PropertyWriteValues, ownerId: string, status: PropertyStatus): Promise<StaffPropertyRow> {
    const rows: StaffPropertyRow[] = await m.query(
      `INSERT INTO properties (title, description, price, area, address, characteristics, floor, total_floors, latitude, longitude,
         deal_type, category_id, property_type_id, subcategory_id, district_id, building_complex_id, features,
         slug, owner_id, agent_id, status, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, $20::varchar,
         CASE WHEN $20::varchar = 'active' THEN now() END)
       RETURNING ${COLUMNS}`,
      [...writeParams(v, {}), slug, ownerId, status],
    );
    return rows[0];
  }

  /**
   * Writes `v` into the public columns with `status`, drops any waiting changes and the last
   * rejection; published_at is set the first time the listing becomes active.
   */
  async apply(m: EntityManager, row: StaffPropertyRow, v: PropertyWriteValues, status: PropertyStatus): Promise<StaffPropertyRow> {
    const res: [StaffPropertyRow[], number] = await m.query(
      `UPDATE properties SET title = $1, description = $2, price = $3, area = $4, address = $5, characteristics = $6, floor = $7,
         total_floors = $8, latitude = $9, longitude = $10, deal_type = $11, category_id = $12, property_type_id = $13,
         subcategory_id = $14, district_id = $15, building_complex_id = $16, features = $17, status = $19::varchar,
         published_at = CASE WHEN $19::varchar = 'active' THEN coalesce(published_at, now()) ELSE published_at END,
         pending_changes = NULL, rejection_reason = NULL, rejection_notes = NULL, rejected_at = NULL, updated_at = now()
       WHERE id = $18 RETURNING ${COLUMNS}`,
      [...writeParams(v, row.characteristics ?? {}), row.id, status],
    );
    return res[0][0];
  }

  /** Keeps `v` as the listing's waiting changes (the public columns stay); clears the last rejection. */
  async propose(m: EntityManager, id: string, v: PropertyWriteValues): Promise<StaffPropertyRow> {
    return this.updateReturning(
      m,
      `pending_changes = $2, rejection_reason = NULL, rejection_notes = NULL, rejected_at = NULL, updated_at = now()`,
      [id, JSON.stringify(v)],
    );
  }

  /** Records a rejection: waiting changes dropped, status `status`. */
  async reject(
    m: EntityManager,
    id: string,
    status: PropertyStatus,
    reason: string,
    notes: string | null,
    at: Date,
  ): Promise<StaffPropertyRow> {
    return this.updateReturning(
      m,
      `pending_changes = NULL, status = $2, rejection_reason = $3, rejection_notes = $4, rejected_at = $5, updated_at = now()`,
      [id, status, reason, notes, at],
    );
  }

  /**
   * A bulk status change (spec 02 §4): `status`; published_at set the first time it becomes
   * active; `clearRejection` drops the last rejection (an admin publishing it).
   */
  async setStatus(m: EntityManager, id: string, status: PropertyStatus, clearRejection: boolean): Promise<StaffPropertyRow> {
    return this.updateReturning(
      m,
      `status = $2::varchar, published_at = CASE WHEN $2::varchar = 'active' THEN coalesce(published_at, now()) ELSE published_at END,
       ${clearRejection ? 'rejection_reason = NULL, rejection_notes = NULL, rejected_at = NULL, ' : ''}updated_at = now()`,
      [id, status],
    );
  }

  /** Soft delete (deleted_at = `at`) or restore (`at` null); status is kept, so a restore brings the previous one back. */
  async setDeleted(m: EntityManager, id: string, at: Date | null): Promise<StaffPropertyRow> {
    return this.updateReturning(m, `deleted_at = $2, updated_at = now()`, [id, at]);
  }

  private async updateReturning(m: EntityManager, set: string, params: unknown[]): Promise<StaffPropertyRow> {
    const res: [StaffPropertyRow[], number] = await m.query(`UPDATE properties SET ${set} WHERE id = $1 RETURNING ${COLUMNS}`, params);
    return res[0][0];
  }

  /** Listings of `ownerId` not deleted, newest change first. */
  async listOwned(m: EntityManager, ownerId: string, page: number, limit: number): Promise<{ rows: StaffPropertyRow[]; total: number }> {
    return this.page(m, `deleted_at IS NULL AND owner_id = $1`, [ownerId], 'updated_at DESC, id', page, limit);
  }

  private async page(
    m: EntityManager,
    where: string,
    params: unknown[],
    order: string,
    page: number,
    limit: number,
  ): Promise<{ rows: StaffPropertyRow[]; total: number }> {
    const n = params.length;
    const [rows, counted]: [StaffPropertyRow[], Array<{ total: number }>] = await Promise.all([
      m.query(`SELECT ${COLUMNS} FROM properties WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...params,
        limit,
        (page - 1) * limit,
      ]),
      m.query(`SELECT count(*)::int AS total FROM properties WHERE ${where}`, params),
    ]);
    return { rows, total: Number(counted[0]?.total ?? 0) };
  }
}
