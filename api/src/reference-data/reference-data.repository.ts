import { Injectable } from '@nestjs/common';
import { slugify, type LocalizedText, type NamedRefDto, type ReferenceSort } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { likeContains } from '../common/like-pattern';
import { KINDS, type CategoryRow, type ComplexRow, type ReferenceKind, type SubcategoryRow, type TypeRow } from './reference-data.mapper';

type Row = CategoryRow | SubcategoryRow | TypeRow | ComplexRow;

/** Selected columns and FROM per kind (`t` the table; complexes with their district). */
const SELECT: Record<ReferenceKind, { columns: string; from: string }> = {
  category: { columns: 't.id, t.slug, t.name, t.description, t.icon, t.sort_order', from: 'property_categories t' },
  subcategory: { columns: 't.id, t.category_id, t.slug, t.name, t.description, t.sort_order', from: 'property_subcategories t' },
  type: { columns: 't.id, t.slug, t.name', from: 'property_types t' },
  complex: {
    columns: `t.id, t.slug, t.name, t.address, t.district_id, d.slug AS district_slug, d.name AS district_name, t.building_class,
      t.total_floors, t.year_built, t.latitude, t.longitude`,
    from: 'building_complexes t LEFT JOIN districts d ON d.id = t.district_id',
  },
};

/** The text a search looks in: slug and every language of the name (complexes: the address too). */
const searchText = (alias: string, withAddress = false) =>
  `lower(${alias}.slug || ' ' || coalesce(${alias}.name->>'ru','') || ' ' || coalesce(${alias}.name->>'en','') || ' ' ||
   coalesce(${alias}.name->>'kk','') || ' ' || coalesce(${alias}.name->>'zh','')${withAddress ? ` || ' ' || ${alias}.address` : ''})`;

/**
 * Listings per reference id of `kind`: listings naming it (soft-deleted ones included), plus
 * those whose changes waiting for moderation name it instead (pending_changes, no foreign key);
 * each listing once per id. Two grouped scans, no DISTINCT (a sort of every listing).
 */
const usageSql = (kind: ReferenceKind) => {
  const { column, pendingKey } = KINDS[kind];
  const pending = `(p.pending_changes->>'${pendingKey}')::int`;
  return `SELECT ref, sum(n)::int AS n FROM (
      SELECT p.${column} AS ref, count(*) AS n FROM properties p WHERE p.${column} IS NOT NULL GROUP BY p.${column}
      UNION ALL
      SELECT ${pending}, count(*) FROM properties p
       WHERE p.pending_changes->>'${pendingKey}' IS NOT NULL AND ${pending} IS DISTINCT FROM p.${column} GROUP BY 1
    ) u GROUP BY ref`;
};

function orderSql(kind: ReferenceKind, sort: ReferenceSort): string {
  const desc = sort.startsWith('-');
  const dir = desc ? 'DESC' : 'ASC';
  switch (sort.replace(/^-/, '')) {
    case 'name':
      return `lower(t.name->>'ru') ${dir}, t.id ${dir}`;
    case 'slug':
      return `t.slug ${dir}`;
    case 'listings':
      return `listings ${dir}, t.id`;
    default:
      return KINDS[kind].hasOrder ? `t.sort_order ${dir}, t.id ${dir}` : `t.id ${dir}`;
  }
}

/**
 * SQL of the reference-data administration (issue 21; spec 02 §2). Every method takes an
 * EntityManager: the caller's transaction for writes, so a change and its audit row commit together.
 */
@Injectable()
export class ReferenceDataRepository {
  /** One page of `kind` with each row's usage (`listings`) and the total matching `q`. */
  async page<R extends Row>(
    m: EntityManager,
    kind: ReferenceKind,
    opts: { q?: string; sort: ReferenceSort; page: number; limit: number },
  ): Promise<{ rows: R[]; total: number }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (opts.q) {
      params.push(likeContains(opts.q));
      const own = `${searchText('t', kind === 'complex')} LIKE $1`;
      // a category is found by its subcategories' names too
      where.push(
        kind === 'category'
          ? `(${own} OR EXISTS (SELECT 1 FROM property_subcategories s WHERE s.category_id = t.id AND ${searchText('s')} LIKE $1))`
          : own,
      );
    }
    const n = params.length;
    const { columns, from } = SELECT[kind];
    const rows: Array<R & { total: number }> = await m.query(
      `WITH usage AS (${usageSql(kind)})
       SELECT ${columns}, coalesce(usage.n, 0)::int AS listings, count(*) OVER ()::int AS total
         FROM ${from} LEFT JOIN usage ON usage.ref = t.id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY ${orderSql(kind, opts.sort)} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, opts.limit, (opts.page - 1) * opts.limit],
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      // an empty page: past the end, or nothing matches
      const counted: Array<{ total: number }> = await m.query(
        `SELECT count(*)::int AS total FROM ${from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
        params,
      );
      total = counted[0]?.total ?? 0;
    }
    return { rows: rows.map(({ total: _total, ...row }) => row as unknown as R), total };
  }

  /** The subcategories of `categoryIds` with their usage, in display order. */
  subcategoriesOf(m: EntityManager, categoryIds: number[]): Promise<SubcategoryRow[]> {
    if (!categoryIds.length) return Promise.resolve([]);
    return m.query(
      `WITH usage AS (${usageSql('subcategory')})
       SELECT ${SELECT.subcategory.columns}, coalesce(usage.n, 0)::int AS listings
         FROM property_subcategories t LEFT JOIN usage ON usage.ref = t.id
        WHERE t.category_id = ANY($1::int[]) ORDER BY t.sort_order, t.id`,
      [categoryIds],
    );
  }

  /** The row of `kind` with id `id`, locked FOR UPDATE when `lock`; undefined when none. */
  async one<R extends Row>(m: EntityManager, kind: ReferenceKind, id: number, lock = false): Promise<R | undefined> {
    const { columns, from } = SELECT[kind];
    const rows: R[] = await m.query(`SELECT ${columns} FROM ${from} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
    return rows[0];
  }

  /** Listings naming the row (see usageSql), soft-deleted ones and waiting changes included. */
  async usage(m: EntityManager, kind: ReferenceKind, id: number): Promise<number> {
    const { column, pendingKey } = KINDS[kind];
    const rows: Array<{ n: number }> = await m.query(
      `SELECT count(*)::int AS n FROM properties p WHERE p.${column} = $1 OR (p.pending_changes->>'${pendingKey}')::int = $1`,
      [id],
    );
    return rows[0]?.n ?? 0;
  }

  async subcategoryCount(m: EntityManager, categoryId: number): Promise<number> {
    const rows: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM property_subcategories WHERE category_id = $1`, [
      categoryId,
    ]);
    return rows[0]?.n ?? 0;
  }

  /** Whether another row of `kind` (not `exceptId`) has `slug`. */
  async slugTaken(m: EntityManager, kind: ReferenceKind, slug: string, exceptId: number | null = null): Promise<boolean> {
    const rows: unknown[] = await m.query(`SELECT 1 FROM ${KINDS[kind].table} WHERE slug = $1 AND id IS DISTINCT FROM $2`, [
      slug,
      exceptId,
    ]);
    return rows.length > 0;
  }

  /** Inserts a row of `kind` with `values` (column -> value; jsonb values as objects) and answers it. */
  async insert<R extends Row>(m: EntityManager, kind: ReferenceKind, values: Record<string, unknown>): Promise<R> {
    const columns = Object.keys(values);
    const rows: Array<{ id: number }> = await m.query(
      `INSERT INTO ${KINDS[kind].table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      columns.map((c) => jsonParam(values[c])),
    );
    return (await this.one<R>(m, kind, rows[0].id))!;
  }

  /** Sets `values` (column -> value) on the row and answers it. */
  async update<R extends Row>(m: EntityManager, kind: ReferenceKind, id: number, values: Record<string, unknown>): Promise<R> {
    const columns = Object.keys(values);
    if (columns.length) {
      await m.query(`UPDATE ${KINDS[kind].table} SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [
        id,
        ...columns.map((c) => jsonParam(values[c])),
      ]);
    }
    return (await this.one<R>(m, kind, id))!;
  }

  async remove(m: EntityManager, kind: ReferenceKind, id: number): Promise<void> {
    await m.query(`DELETE FROM ${KINDS[kind].table} WHERE id = $1`, [id]);
  }

  /** A free slug made from `name`: `name`, then `name-2`, `name-3`... (not digits only); null when none of 999 is free. */
  async freeSlug(m: EntityManager, kind: ReferenceKind, name: string): Promise<string | null> {
    const max = KINDS[kind].slugMax - 4;
    let base = slugify(name, { maxLength: max, fallback: KINDS[kind].entity.replace(/_/g, '-') });
    if (/^\d+$/.test(base)) base = `${kind}-${base}`.slice(0, max);
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await this.slugTaken(m, kind, candidate))) return candidate;
    }
    return null;
  }

  /** Every district (for the building complex form), by Russian name. */
  districts(m: EntityManager): Promise<NamedRefDto[]> {
    return m.query(`SELECT id, slug, name FROM districts ORDER BY name->>'ru', id`);
  }

  async districtExists(m: EntityManager, id: number): Promise<boolean> {
    return ((await m.query(`SELECT 1 FROM districts WHERE id = $1`, [id])) as unknown[]).length > 0;
  }
}

/** jsonb values (localized texts) go as JSON text; everything else as it is. */
function jsonParam(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? JSON.stringify(v as Partial<LocalizedText>) : v;
}
