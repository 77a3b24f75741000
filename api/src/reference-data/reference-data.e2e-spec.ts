import type { AdminBuildingComplexDto, AdminCategoryDto, AdminPropertyTypeDto, CategoryDto } from '@realty/contracts';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * The reference-data administration (issue 21; spec 02 §2 /dashboard/admin/property-categories,
 * /property-types, /building-complexes): create, update, delete of each; delete refused with 409
 * and the in-use message (listings incl. soft-deleted ones, waiting changes, subcategories) in the
 * request's language; 400 per-field errors; 401 / 403; audit rows in the write's transaction;
 * the public category tree follows a change at once.
 */
describe('reference data administration', () => {
  let api: AccountsApi;
  let admin: Caller;
  let adminId: string;
  let employee: Caller;
  let anonymous: Caller;

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const audit = (entity: string, id: number) =>
    db<{ action: string; actor_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      `SELECT action, actor_id, before, after FROM audit_logs WHERE entity = $1 AND entity_id = $2 ORDER BY occurred_at, id`,
      [entity, String(id)],
    );
  let listingNo = 0;
  /** A listing naming the given references (soft-deleted when `deleted`, or naming them only in its waiting changes). */
  const insertListing = async (
    refs: { categoryId?: number; typeId?: number; subcategoryId?: number | null; complexId?: number | null },
    opts: { deleted?: boolean; pending?: Record<string, unknown> } = {},
  ) => {
    listingNo += 1;
    const rows = await db<{ id: string }>(
      `INSERT INTO properties (slug, title, description, category_id, subcategory_id, property_type_id, building_complex_id, deal_type,
         status, price, area, address, deleted_at, pending_changes)
       VALUES ($1, '{"ru":"Тест"}', '{"ru":"Описание теста"}', $2, $3, $4, $5, 'rent', 'active', 100000, 50, 'ул. Тестовая, 1', $6, $7)
       RETURNING id`,
      [
        `ref-test-${listingNo}`,
        refs.categoryId ?? api.refs.categories.offices,
        refs.subcategoryId ?? null,
        refs.typeId ?? api.refs.types.office,
        refs.complexId ?? null,
        opts.deleted ? new Date() : null,
        opts.pending ? JSON.stringify(opts.pending) : null,
      ],
    );
    return rows[0].id;
  };

  beforeAll(async () => {
    api = await startAccountsApi();
    ({ caller: admin, id: adminId } = await signInAs(api, 'admin'));
    employee = (await signInAs(api, 'employee')).caller;
    anonymous = await Caller.create(api.server);
  });
  afterAll(() => api?.close());

  it('is for admins only: 401 anonymous, 403 employee, on reads and writes', async () => {
    for (const path of ['/api/admin/property-categories', '/api/admin/property-types', '/api/admin/building-complexes']) {
      expect((await anonymous.call('get', path).expect(401)).body.error.code).toBe('UNAUTHORIZED');
      expect((await employee.call('get', path).expect(403)).body.error.code).toBe('FORBIDDEN');
      await employee.call('post', path, { name: { ru: 'Попытка' } }).expect(403);
    }
    await employee.call('delete', `/api/admin/property-types/${api.refs.types.warehouse}`).expect(403);
    expect(await db(`SELECT 1 FROM property_types WHERE name->>'ru' = 'Попытка'`)).toHaveLength(0);
  });

  it('property types: create, list, update, 400 fields, 409 in use, delete when unused; each write audited', async () => {
    const created = await admin
      .call('post', '/api/admin/property-types', { name: { ru: '  Земельный участок ', en: 'Land', kk: '' } })
      .expect(201);
    const type: AdminPropertyTypeDto = created.body.data;
    expect(type).toMatchObject({ slug: 'zemelnyy-uchastok', name: { ru: 'Земельный участок', en: 'Land' }, listings: 0 });
    expect(type.name).not.toHaveProperty('kk');

    const listed = await admin.call('get', '/api/admin/property-types?q=land&sort=-name').expect(200);
    expect(listed.body.data.map((t: AdminPropertyTypeDto) => t.id)).toEqual([type.id]);
    expect(listed.body.meta).toMatchObject({ total: 1, page: 1 });
    const all = await admin.call('get', '/api/admin/property-types?sort=-listings&limit=2').expect(200);
    expect(all.body.meta.total).toBe(5);
    expect(all.body.data).toHaveLength(2);

    const updated = await admin
      .call('put', `/api/admin/property-types/${type.id}`, { name: { ru: 'Участок', en: 'Land plot' }, slug: 'land' })
      .expect(200);
    expect(updated.body.data).toMatchObject({ id: type.id, slug: 'land', name: { ru: 'Участок', en: 'Land plot' } });

    // per-field errors in the request's language
    const bad = await admin
      .call('post', '/api/admin/property-types?lang=en', { name: { en: 'No Russian' }, slug: 'Bad Slug!' })
      .expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.fields).toEqual({
      name: 'Name: 2 to 100 characters (Russian is required)',
      slug: 'Slug: Latin letters, digits and hyphens, e.g. office-space',
    });
    const taken = await admin.call('post', '/api/admin/property-types', { name: { ru: 'Офис 2' }, slug: 'office' }).expect(400);
    expect(taken.body.error.fields).toEqual({ slug: 'Такой адрес (slug) уже занят' });
    await admin.call('put', `/api/admin/property-types/${type.id}`, { name: { ru: 'Участок' }, slug: 'retail' }).expect(400);
    await admin.call('post', '/api/admin/property-types', { name: { ru: 'x'.repeat(101) } }).expect(400);
    await admin.call('post', '/api/admin/property-types', { name: { ru: 'Офис' }, extra: 1 }).expect(400);
    await admin.call('put', '/api/admin/property-types/999999', { name: { ru: 'Нет такого' } }).expect(404);
    await admin.call('delete', '/api/admin/property-types/not-a-number').expect(404);

    // in use by a soft-deleted listing only: still refused, with the count, in ru and en
    await insertListing({ typeId: type.id }, { deleted: true });
    const refused = await admin.call('delete', `/api/admin/property-types/${type.id}`).expect(409);
    expect(refused.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'Тип недвижимости нельзя удалить: он используется (объектов: 1)',
    });
    const refusedEn = await admin.call('delete', `/api/admin/property-types/${type.id}`).set('Accept-Language', 'en').expect(409);
    expect(refusedEn.body.error.message).toBe('The property type cannot be deleted while in use (listings: 1)');
    expect(await db(`SELECT 1 FROM property_types WHERE id = $1`, [type.id])).toHaveLength(1);
    // a listing naming it both as its type and in its waiting changes counts once
    await insertListing({ typeId: type.id }, { pending: { propertyTypeId: type.id } });
    const counted = await admin.call('get', '/api/admin/property-types?q=land').expect(200);
    expect(counted.body.data[0].listings).toBe(2);
    expect((await admin.call('delete', `/api/admin/property-types/${type.id}`).expect(409)).body.error.message).toContain('объектов: 2');

    const unused = (await admin.call('post', '/api/admin/property-types', { name: { ru: 'Паркинг' } }).expect(201)).body.data;
    // a listing's changes waiting for moderation count too
    await insertListing({}, { pending: { propertyTypeId: unused.id } });
    expect((await admin.call('delete', `/api/admin/property-types/${unused.id}`).expect(409)).body.error.message).toContain('объектов: 1');
    await db(`UPDATE properties SET pending_changes = NULL WHERE pending_changes->>'propertyTypeId' = $1`, [String(unused.id)]);
    await admin.call('delete', `/api/admin/property-types/${unused.id}`).expect(204);
    expect(await db(`SELECT 1 FROM property_types WHERE id = $1`, [unused.id])).toHaveLength(0);

    const rows = await audit('property_type', type.id);
    expect(rows.map((r) => r.action)).toEqual(['property_type.create', 'property_type.update']);
    expect(rows[0]).toMatchObject({
      actor_id: adminId,
      before: null,
      after: { slug: 'zemelnyy-uchastok', name: { ru: 'Земельный участок', en: 'Land' } },
    });
    expect(rows[1]).toMatchObject({
      before: { slug: 'zemelnyy-uchastok' },
      after: { slug: 'land', name: { ru: 'Участок', en: 'Land plot' } },
    });
    expect((await audit('property_type', unused.id)).map((r) => r.action)).toEqual(['property_type.create', 'property_type.delete']);
  });

  it('categories with subcategories: create, the public tree follows, rename, refusals, delete', async () => {
    const publicTree = async () => (await anonymous.call('get', '/api/properties/categories').expect(200)).body.data as CategoryDto[];
    await publicTree(); // kept by the catalogue cache from here on
    // other API processes follow through the catalogue version, moved by the write (migration 1764200000000)
    const version = async () => Number((await db<{ version: string }>(`SELECT version FROM catalogue_version`))[0].version);
    const versionBefore = await version();

    const created = await admin
      .call('post', '/api/admin/property-categories', {
        name: { ru: 'Гостиницы', en: 'Hotels' },
        slug: 'hotels',
        description: { ru: 'Гостиничные объекты', en: '' },
        icon: 'building',
        sortOrder: 7,
      })
      .expect(201);
    const category: AdminCategoryDto = created.body.data;
    expect(category).toMatchObject({
      slug: 'hotels',
      description: { ru: 'Гостиничные объекты' },
      sortOrder: 7,
      listings: 0,
      subcategories: [],
    });
    expect((await publicTree()).find((c) => c.id === category.id)?.name).toEqual({ ru: 'Гостиницы', en: 'Hotels' });
    expect(await version()).toBeGreaterThan(versionBefore);

    const sub = await admin
      .call('post', `/api/admin/property-categories/${category.id}/subcategories`, { name: { ru: 'Мини-отели' } })
      .expect(201);
    expect(sub.body.data).toMatchObject({ categoryId: category.id, slug: 'mini-oteli', listings: 0 });
    await admin.call('post', '/api/admin/property-categories/999999/subcategories', { name: { ru: 'Сирота' } }).expect(404);
    const subTaken = await admin
      .call('post', `/api/admin/property-categories/${category.id}/subcategories`, { name: { ru: 'Коворкинг' }, slug: 'coworking' })
      .expect(400);
    expect(subTaken.body.error.fields.slug).toBe('Такой адрес (slug) уже занят');

    // the admin list: the category with its subcategory, found by the subcategory's name
    const list = await admin.call('get', '/api/admin/property-categories?q=мини').expect(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: category.id, subcategories: [{ id: sub.body.data.id, name: { ru: 'Мини-отели' } }] });
    const bad = await admin.call('get', '/api/admin/property-categories?sort=sideways&limit=0').expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['limit', 'sort']);

    // rename: the public tree shows it at once; absent fields are kept
    await admin.call('put', `/api/admin/property-categories/${category.id}`, { name: { ru: 'Отели', en: 'Hotels' } }).expect(200);
    const renamed = (await publicTree()).find((c) => c.id === category.id)!;
    expect(renamed.name.ru).toBe('Отели');
    expect(renamed.subcategories.map((s) => s.slug)).toEqual(['mini-oteli']);
    const [stored] = await db<{ slug: string; sort_order: number }>(`SELECT slug, sort_order FROM property_categories WHERE id = $1`, [
      category.id,
    ]);
    expect(stored).toEqual({ slug: 'hotels', sort_order: 7 });
    await admin.call('put', `/api/admin/property-subcategories/${sub.body.data.id}`, { name: { ru: 'Мини-гостиницы' } }).expect(200);
    const bySub = await anonymous.call('get', `/api/properties/categories/hotels/subcategories`).expect(200);
    expect(bySub.body.data[0].name.ru).toBe('Мини-гостиницы');

    // refused while the subcategory exists, then while a (soft-deleted) listing uses the subcategory
    const withSub = await admin.call('delete', `/api/admin/property-categories/${category.id}`).expect(409);
    expect(withSub.body.error.message).toBe('Категорию нельзя удалить: она используется (объектов: 0, подкатегорий: 1)');
    const listing = await insertListing({ categoryId: category.id, subcategoryId: sub.body.data.id }, { deleted: true });
    const subInUse = await admin.call('delete', `/api/admin/property-subcategories/${sub.body.data.id}`).expect(409);
    expect(subInUse.body.error.message).toBe('Подкатегорию нельзя удалить: она используется (объектов: 1)');
    await db(`DELETE FROM properties WHERE id = $1`, [listing]);

    await admin.call('delete', `/api/admin/property-subcategories/${sub.body.data.id}`).expect(204);
    await admin.call('delete', `/api/admin/property-categories/${category.id}`).expect(204);
    expect((await publicTree()).some((c) => c.id === category.id)).toBe(false);

    // the fixture's offices category has listings and subcategories
    await insertListing({ categoryId: api.refs.categories.offices });
    const offices = await admin.call('delete', `/api/admin/property-categories/${api.refs.categories.offices}`).expect(409);
    expect(offices.body.error.message).toMatch(/^Категорию нельзя удалить: она используется \(объектов: \d+, подкатегорий: 2\)$/);

    expect((await audit('property_category', category.id)).map((r) => r.action)).toEqual([
      'property_category.create',
      'property_category.update',
      'property_category.delete',
    ]);
    expect((await audit('property_subcategory', sub.body.data.id)).map((r) => r.action)).toEqual([
      'property_subcategory.create',
      'property_subcategory.update',
      'property_subcategory.delete',
    ]);
  });

  it('building complexes: create with a district, 400 for an unknown one, update, 409 in use, delete', async () => {
    const districts = (await admin.call('get', '/api/admin/districts').expect(200)).body.data as Array<{ id: number; slug: string }>;
    const medeu = districts.find((d) => d.slug === 'medeu')!;
    const body = {
      name: { ru: 'БЦ Есентай Тауэр', en: 'Esentai Tower' },
      address: 'пр. Аль-Фараби, 77/7',
      districtId: String(medeu.id),
      buildingClass: 'A',
      totalFloors: '37',
      yearBuilt: 2008,
      latitude: 43.2185,
      longitude: 76.9286,
    };
    const created = await admin.call('post', '/api/admin/building-complexes', body).expect(201);
    const complex: AdminBuildingComplexDto = created.body.data;
    expect(complex).toMatchObject({
      slug: 'bts-esentay-tauer',
      districtId: medeu.id,
      district: { slug: 'medeu' },
      totalFloors: 37,
      buildingClass: 'A',
      listings: 0,
    });

    const bad = await admin
      .call('post', '/api/admin/building-complexes', { ...body, districtId: 999999, buildingClass: 'D', totalFloors: 0, address: 'ул' })
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['address', 'buildingClass', 'totalFloors']);
    const unknownDistrict = await admin.call('post', '/api/admin/building-complexes', { ...body, districtId: 999999 }).expect(400);
    expect(unknownDistrict.body.error.fields).toEqual({ districtId: 'Такой записи нет в справочнике' });

    const updated = await admin
      .call('put', `/api/admin/building-complexes/${complex.id}`, {
        name: { ru: 'Есентай Тауэр' },
        address: body.address,
        districtId: null,
      })
      .expect(200);
    expect(updated.body.data).toMatchObject({ name: { ru: 'Есентай Тауэр' }, districtId: null, district: null, totalFloors: 37 });

    const found = await admin.call('get', '/api/admin/building-complexes?q=Аль-Фараби, 77/7').expect(200);
    expect(found.body.data.map((c: AdminBuildingComplexDto) => c.id)).toEqual([complex.id]);

    const listing = await insertListing({ complexId: complex.id });
    const refused = await admin.call('delete', `/api/admin/building-complexes/${complex.id}?lang=kk`).expect(409);
    expect(refused.body.error.message).toBe('Кешенді жою мүмкін емес: ол пайдаланылуда (нысандар: 1)');
    await db(`DELETE FROM properties WHERE id = $1`, [listing]);
    await admin.call('delete', `/api/admin/building-complexes/${complex.id}`).expect(204);

    const rows = await audit('building_complex', complex.id);
    expect(rows.map((r) => r.action)).toEqual(['building_complex.create', 'building_complex.update', 'building_complex.delete']);
    expect(rows[1].before).toMatchObject({ districtId: medeu.id });
    expect(rows[1].after).toMatchObject({ districtId: null });
  });
});
