import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminBuildingComplexDto,
  type AdminCategoryDto,
  type AdminPropertyTypeDto,
  type AdminSubcategoryDto,
  type BuildingComplexWriteDto,
  type NamedRefDto,
  type PropertyCategoryWriteDto,
  type PropertySubcategoryWriteDto,
  type PropertyTypeWriteDto,
  type ReferenceListQuery,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { isUniqueViolation } from '../auth/auth.service';
import { ApiException } from '../common/api.exception';
import type { AuthUser, RequestClient } from '../common/decorators';
import { Paged } from '../common/envelope.interceptor';
import { PropertiesService } from '../properties/properties.service';
import {
  auditView,
  complexValues,
  KINDS,
  storedDescription,
  toCategory,
  toComplex,
  toSubcategory,
  toType,
  type CategoryRow,
  type ComplexRow,
  type ReferenceKind,
  type SubcategoryRow,
  type TypeRow,
} from './reference-data.mapper';
import { ReferenceDataRepository } from './reference-data.repository';

type Row = CategoryRow | SubcategoryRow | TypeRow | ComplexRow;
type Actor = { user: AuthUser; client: RequestClient };
/** Column -> value of a write; `undefined` values are left out (an update keeps the column). */
type Values = Record<string, unknown>;

const defined = (v: Values): Values => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
const slugTaken = () => ApiException.validation({ slug: 'reference.slugTaken' });

/** A route's `:id`: a positive int4, else 404 (never a 500 for '1e9' or a uuid). */
function parseId(id: string): number {
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) throw ApiException.notFound();
  return Number(id);
}

/**
 * The reference-data administration (issue 21; spec 02 §2 /dashboard/admin/property-categories,
 * /property-types, /building-complexes; admin and super_admin, enforced by the controllers):
 * - lists are paged, searchable (slug, a name in any language; complexes: the address) and
 *   sortable, each row with `listings`: the listings naming it, soft-deleted ones included;
 * - create and update take the shared DTOs; a blank slug is made from the Russian name (create)
 *   or kept (update); a slug in use answers 400 fields.slug 'reference.slugTaken'; on update
 *   an absent field keeps its value, null clears it;
 * - delete is refused with 409 and the in-use message in the request's language while listings
 *   (or, for a category, subcategories) name the row; the row is locked first, so a listing
 *   written meanwhile waits and is counted (or fails its foreign key, answered the same 409);
 * - every write is on the audit log in its transaction (property_category|property_subcategory|
 *   property_type|building_complex .create|update|delete), then drops this process's catalogue
 *   caches (others follow the catalogue_version triggers, migration 1764200000000).
 */
@Injectable()
export class ReferenceDataService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: ReferenceDataRepository,
    private readonly audit: AuditService,
    private readonly catalog: PropertiesService,
  ) {}

  // --- lists

  async listCategories(q: ReferenceListQuery): Promise<Paged<AdminCategoryDto>> {
    return this.list<CategoryRow, AdminCategoryDto>('category', q, async (rows) => {
      const subs = await this.repository.subcategoriesOf(
        this.db.manager,
        rows.map((r) => r.id),
      );
      return rows.map((r) =>
        toCategory(
          r,
          subs.filter((s) => s.category_id === r.id),
        ),
      );
    });
  }

  listTypes(q: ReferenceListQuery): Promise<Paged<AdminPropertyTypeDto>> {
    return this.list<TypeRow, AdminPropertyTypeDto>('type', q, async (rows) => rows.map(toType));
  }

  listComplexes(q: ReferenceListQuery): Promise<Paged<AdminBuildingComplexDto>> {
    return this.list<ComplexRow, AdminBuildingComplexDto>('complex', q, async (rows) => rows.map(toComplex));
  }

  districts(): Promise<NamedRefDto[]> {
    return this.repository.districts(this.db.manager);
  }

  // --- categories and subcategories

  async createCategory(actor: Actor, dto: PropertyCategoryWriteDto): Promise<AdminCategoryDto> {
    const row = await this.create<CategoryRow>(actor, 'category', dto.slug, dto.name.ru, {
      name: dto.name,
      description: storedDescription(dto.description),
      icon: dto.icon ?? 'building',
      sort_order: dto.sortOrder ?? 0,
    });
    return toCategory(row);
  }

  async updateCategory(actor: Actor, id: string, dto: PropertyCategoryWriteDto): Promise<AdminCategoryDto> {
    const values = defined({
      name: dto.name,
      description: dto.description === undefined ? undefined : storedDescription(dto.description),
      icon: dto.icon === undefined ? undefined : (dto.icon ?? 'building'),
      sort_order: dto.sortOrder === undefined ? undefined : (dto.sortOrder ?? 0),
    });
    const row = await this.change<CategoryRow>(actor, 'category', id, dto.slug, values);
    return toCategory(await this.withUsage('category', row), await this.repository.subcategoriesOf(this.db.manager, [row.id]));
  }

  removeCategory(actor: Actor, id: string): Promise<void> {
    return this.remove(actor, 'category', id);
  }

  async createSubcategory(actor: Actor, categoryId: string, dto: PropertySubcategoryWriteDto): Promise<AdminSubcategoryDto> {
    const parent = parseId(categoryId);
    const row = await this.create<SubcategoryRow>(
      actor,
      'subcategory',
      dto.slug,
      dto.name.ru,
      { category_id: parent, name: dto.name, description: storedDescription(dto.description), sort_order: dto.sortOrder ?? 0 },
      // the parent is locked, so it cannot be deleted while its new subcategory is written
      async (m) => {
        if (!(await this.repository.one(m, 'category', parent, true))) throw ApiException.notFound();
      },
    );
    return toSubcategory(row);
  }

  async updateSubcategory(actor: Actor, id: string, dto: PropertySubcategoryWriteDto): Promise<AdminSubcategoryDto> {
    const values = defined({
      name: dto.name,
      description: dto.description === undefined ? undefined : storedDescription(dto.description),
      sort_order: dto.sortOrder === undefined ? undefined : (dto.sortOrder ?? 0),
    });
    return toSubcategory(
      await this.withUsage('subcategory', await this.change<SubcategoryRow>(actor, 'subcategory', id, dto.slug, values)),
    );
  }

  removeSubcategory(actor: Actor, id: string): Promise<void> {
    return this.remove(actor, 'subcategory', id);
  }

  // --- property types

  async createType(actor: Actor, dto: PropertyTypeWriteDto): Promise<AdminPropertyTypeDto> {
    return toType(await this.create<TypeRow>(actor, 'type', dto.slug, dto.name.ru, { name: dto.name }));
  }

  async updateType(actor: Actor, id: string, dto: PropertyTypeWriteDto): Promise<AdminPropertyTypeDto> {
    return toType(await this.withUsage('type', await this.change<TypeRow>(actor, 'type', id, dto.slug, { name: dto.name })));
  }

  removeType(actor: Actor, id: string): Promise<void> {
    return this.remove(actor, 'type', id);
  }

  // --- building complexes

  async createComplex(actor: Actor, dto: BuildingComplexWriteDto): Promise<AdminBuildingComplexDto> {
    const values = { ...complexValues(dto), name: dto.name, address: dto.address };
    const row = await this.create<ComplexRow>(actor, 'complex', dto.slug, dto.name.ru, values, (m) =>
      this.checkDistrict(m, dto.districtId),
    );
    return toComplex(row);
  }

  async updateComplex(actor: Actor, id: string, dto: BuildingComplexWriteDto): Promise<AdminBuildingComplexDto> {
    const values = defined({ ...complexValues(dto), name: dto.name, address: dto.address });
    const row = await this.change<ComplexRow>(actor, 'complex', id, dto.slug, values, (m) => this.checkDistrict(m, dto.districtId));
    return toComplex(await this.withUsage('complex', row));
  }

  removeComplex(actor: Actor, id: string): Promise<void> {
    return this.remove(actor, 'complex', id);
  }

  // --- the common steps

  private async list<R extends Row, D>(kind: ReferenceKind, q: ReferenceListQuery, map: (rows: R[]) => Promise<D[]>): Promise<Paged<D>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? ADMIN_USERS_PAGE_SIZE;
    const { rows, total } = await this.repository.page<R>(this.db.manager, kind, {
      q: q.q || undefined,
      sort: q.sort ?? 'order',
      page,
      limit,
    });
    return new Paged(await map(rows), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** Inserts a row (slug given, or made from `name`), audited `<entity>.create`. `check` runs first in the transaction. */
  private create<R extends Row>(
    actor: Actor,
    kind: ReferenceKind,
    slug: string | undefined,
    name: string,
    values: Values,
    check?: (m: EntityManager) => Promise<void>,
  ): Promise<R> {
    return this.write(async (m) => {
      await check?.(m);
      const finalSlug = slug ?? (await this.repository.freeSlug(m, kind, name));
      if (!finalSlug) throw slugTaken();
      if (slug && (await this.repository.slugTaken(m, kind, slug))) throw slugTaken();
      const row = await this.repository.insert<R>(m, kind, defined({ ...values, slug: finalSlug }));
      await this.record(m, actor, `${KINDS[kind].entity}.create`, kind, row.id, null, auditView(kind, row));
      return row;
    });
  }

  /** Updates the row `id` (404 unknown) with `values` and `slug` when given, audited `<entity>.update`. */
  private change<R extends Row>(
    actor: Actor,
    kind: ReferenceKind,
    id: string,
    slug: string | undefined,
    values: Values,
    check?: (m: EntityManager) => Promise<void>,
  ): Promise<R> {
    const key = parseId(id);
    return this.write(async (m) => {
      const before = await this.repository.one<R>(m, kind, key, true);
      if (!before) throw ApiException.notFound();
      await check?.(m);
      if (slug && (await this.repository.slugTaken(m, kind, slug, key))) throw slugTaken();
      const after = await this.repository.update<R>(m, kind, key, slug ? { ...values, slug } : values);
      await this.record(m, actor, `${KINDS[kind].entity}.update`, kind, key, auditView(kind, before), auditView(kind, after));
      return after;
    });
  }

  /** Deletes the row `id` (404 unknown; 409 in use), audited `<entity>.delete`. */
  private async remove(actor: Actor, kind: ReferenceKind, id: string): Promise<void> {
    const key = parseId(id);
    try {
      await this.write(async (m) => {
        const before = await this.repository.one<Row>(m, kind, key, true);
        if (!before) throw ApiException.notFound();
        const inUse = await this.inUse(m, kind, key);
        if (inUse) throw inUse;
        await this.repository.remove(m, kind, key);
        await this.record(m, actor, `${KINDS[kind].entity}.delete`, kind, key, auditView(kind, before), null);
      });
    } catch (err) {
      // a listing that named the row committed between the count and the delete
      if ((err as { code?: string }).code === '23503') throw (await this.inUse(this.db.manager, kind, key)) ?? err;
      throw err;
    }
  }

  /** 409 with the in-use message and its counts, or null when nothing names the row. */
  private async inUse(m: EntityManager, kind: ReferenceKind, id: number): Promise<ApiException | null> {
    const listings = await this.repository.usage(m, kind, id);
    const subcategories = kind === 'category' ? await this.repository.subcategoryCount(m, id) : 0;
    if (!listings && !subcategories) return null;
    return new ApiException(HttpStatus.CONFLICT, 'CONFLICT', KINDS[kind].inUse).withParams({ listings, subcategories });
  }

  /** Runs `work` in a transaction (a slug taken meanwhile: 400 fields.slug), then drops the catalogue caches. */
  private async write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
    this.catalog.referencesChanged();
    return result;
  }

  private record(
    m: EntityManager,
    actor: Actor,
    action: string,
    kind: ReferenceKind,
    id: number,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    return this.audit.record(
      m,
      { user: actor.user, client: actor.client },
      { action, entity: KINDS[kind].entity, entityId: String(id), before, after },
    );
  }

  /** The row with its usage count (after a write, read outside the transaction). */
  private async withUsage<R extends Row>(kind: ReferenceKind, row: R): Promise<R> {
    return { ...row, listings: await this.repository.usage(this.db.manager, kind, row.id) };
  }

  private async checkDistrict(m: EntityManager, districtId: number | null | undefined): Promise<void> {
    if (typeof districtId === 'number' && !(await this.repository.districtExists(m, districtId)))
      throw ApiException.validation({ districtId: 'listing.unknownRef' });
  }
}
