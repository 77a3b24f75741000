import type { ModerationItemDto, RoleName, StaffPropertyDto } from '@realty/contracts';
import { Clock } from '../common/clock';
import { Caller, startAccountsApi, type AccountsApi, signInAs } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * The listing lifecycle (issue 21; spec 02 §4, §5, §7 "Properties"): create -> moderation ->
 * reject / approve -> public; an edit of an approved listing waits for approval; soft delete and
 * restore; ownership; the spec §5 bounds as 400 fields; the static routes next to :idOrSlug.
 */
describe('listing lifecycle', () => {
  let api: AccountsApi;
  let employee: Caller;
  let employeeId: string;
  let employeeEmail: string;
  let other: Caller;
  let admin: Caller;
  let anonymous: Caller;

  const signIn = (role: RoleName) => signInAs(api, role);
  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);

  const listing = (over: Record<string, unknown> = {}) => ({
    title: { ru: 'Офис в БЦ Нурлы Тау', en: 'Office in Nurly Tau' },
    description: { ru: 'Светлый офис с панорамными окнами и ремонтом.' },
    price: 450_000,
    area: 120.5,
    address: 'пр. Аль-Фараби, 17, блок 4Б',
    city: 'Алматы',
    rooms: 4,
    floor: 12,
    totalFloors: 25,
    yearBuilt: 2008,
    latitude: 43.2187,
    longitude: 76.9275,
    dealType: 'rent',
    categoryId: api.refs.categories.offices,
    subcategoryId: api.refs.subcategories['office-space'],
    propertyTypeId: api.refs.types.office,
    districtId: api.refs.districts.bostandyk,
    buildingComplexId: api.refs.buildingComplexId,
    features: ['parking', 'security'],
    ...over,
  });
  const publicDetail = (id: string) => anonymous.call('get', `/api/properties/${id}`);
  const audit = (id: string) =>
    db<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor_id: string }>(
      `SELECT action, before, after, actor_id FROM audit_logs WHERE entity = 'property' AND entity_id = $1 ORDER BY occurred_at, id`,
      [id],
    );

  beforeAll(async () => {
    api = await startAccountsApi({ env: { OUTBOX_POLL_MS: '600000' } });
    // spec 02 §5: yearBuilt up to the current year + 5, the year coming from the injected clock
    api.app.get(Clock).now = () => Date.UTC(2026, 5, 1);
    ({ caller: employee, id: employeeId, email: employeeEmail } = await signIn('employee'));
    other = (await signIn('employee')).caller;
    admin = (await signIn('admin')).caller;
    anonymous = await Caller.create(api.server);
  });
  afterAll(() => api?.close());

  it('create (employee) -> pending -> reject -> edit -> approve -> public -> edit waits -> delete -> restore', async () => {
    // create: pending, not public
    const created = await employee.call('post', '/api/properties', listing()).expect(201);
    const p = created.body.data;
    expect(p).toMatchObject({ status: 'pending', ownerId: employeeId, city: 'Алматы', rooms: 4, yearBuilt: 2008, pendingChanges: null });
    expect(p.title).toEqual({ ru: 'Офис в БЦ Нурлы Тау', en: 'Office in Nurly Tau' });
    await publicDetail(p.id).expect(404);

    // the employee cannot moderate; the admin sees it in the queue as new
    await employee.call('post', `/api/properties/${p.id}/approve`, {}).expect(403);
    const queue = await admin.call('get', '/api/properties/moderation-queue').expect(200);
    const item = queue.body.data.find((i: ModerationItemDto) => i.property.id === p.id);
    expect(item.kind).toBe('new');

    // reject with a reason: never approved -> inactive; the author sees the reason
    const rejected = await admin
      .call('post', `/api/properties/${p.id}/reject`, { reason: 'Нет фотографий', notes: 'Добавьте 5 фото' })
      .expect(200);
    expect(rejected.body.data).toMatchObject({ status: 'inactive', rejection: { reason: 'Нет фотографий', notes: 'Добавьте 5 фото' } });
    const mine = await employee.call('get', '/api/properties/mine').expect(200);
    expect(mine.body.data.find((x: StaffPropertyDto) => x.id === p.id).rejection.reason).toBe('Нет фотографий');
    await publicDetail(p.id).expect(404);
    // the author's e-mail, written to the outbox in the rejection's transaction
    const mails = await db<{ topic: string; payload: Record<string, unknown> }>(
      `SELECT topic, payload FROM outbox WHERE payload->'data'->>'propertyId' = $1`,
      [p.id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].topic).toBe('send-email');
    expect(mails[0].payload).toMatchObject({
      to: employeeEmail,
      template: 'listing-rejected',
      locale: 'ru',
      data: { reason: 'Нет фотографий', notes: 'Добавьте 5 фото', kind: 'new', propertyTitle: 'Офис в БЦ Нурлы Тау' },
    });
    // nothing left on moderation
    await admin.call('post', `/api/properties/${p.id}/reject`, { reason: 'Ещё раз' }).expect(409);

    // edit -> back on moderation, rejection cleared
    const edited = await employee.call('put', `/api/properties/${p.id}`, listing({ price: 500_000 })).expect(200);
    expect(edited.body.data).toMatchObject({ status: 'pending', price: 500_000, rejection: null });

    // approve -> public, the catalogue list included (its kept answer is dropped by the write)
    const publicIds = async () =>
      (await anonymous.call('get', '/api/properties?limit=100').expect(200)).body.data.map((x: StaffPropertyDto) => x.id);
    expect(await publicIds()).not.toContain(p.id);
    await admin.call('post', `/api/properties/${p.id}/approve`, { comment: 'ок' }).expect(200);
    const pub = await publicDetail(p.id).expect(200);
    expect(pub.body.data.price).toBe(500_000);
    expect(await publicIds()).toContain(p.id);

    // an edit of the approved listing waits: the public still sees the approved version
    const proposed = await employee.call('put', `/api/properties/${p.id}`, listing({ price: 550_000, area: 130 })).expect(200);
    expect(proposed.body.data).toMatchObject({ status: 'active', price: 500_000, pendingChanges: { price: 550_000, area: 130 } });
    expect((await publicDetail(p.id).expect(200)).body.data.price).toBe(500_000);
    const q2 = await admin.call('get', '/api/properties/moderation-queue').expect(200);
    const editItem = q2.body.data.find((i: ModerationItemDto) => i.property.id === p.id);
    expect(editItem.kind).toBe('edit');
    expect(editItem.changes).toEqual([
      { field: 'price', before: 500_000, after: 550_000 },
      { field: 'area', before: 120.5, after: 130 },
    ]);
    // a rejected edit keeps the public version
    await admin.call('post', `/api/properties/${p.id}/reject`, { reason: 'Цена завышена' }).expect(200);
    expect((await publicDetail(p.id).expect(200)).body.data.price).toBe(500_000);
    // proposed again and approved -> public shows it
    await employee.call('put', `/api/properties/${p.id}`, listing({ price: 550_000, area: 130 })).expect(200);
    expect((await publicDetail(p.id).expect(200)).body.data.price).toBe(500_000);
    await admin.call('post', `/api/properties/${p.id}/approve`, {}).expect(200);
    expect((await publicDetail(p.id).expect(200)).body.data).toMatchObject({ price: 550_000, area: 130 });

    // delete -> hidden from the public API (detail and list) -> restore -> public again, active
    await employee.call('delete', `/api/properties/${p.id}`).expect(204);
    await publicDetail(p.id).expect(404);
    expect(await publicIds()).not.toContain(p.id);
    const deleted = await employee.call('get', '/api/properties/deleted?page=1&limit=10').expect(200);
    expect(deleted.body.data.map((x: StaffPropertyDto) => x.id)).toEqual([p.id]);
    expect(deleted.body.meta).toMatchObject({ total: 1, page: 1, limit: 10 });
    await employee.call('put', `/api/properties/${p.id}`, listing()).expect(404);
    const restored = await employee.call('post', `/api/properties/${p.id}/restore`).expect(200);
    expect(restored.body.data).toMatchObject({ status: 'active', deletedAt: null });
    await publicDetail(p.id).expect(200);
    expect(await publicIds()).toContain(p.id);
    await employee.call('post', `/api/properties/${p.id}/restore`).expect(409);

    // every write on the audit log, by its actor, with the changed fields
    const rows = await audit(p.id);
    expect(rows.map((r) => r.action)).toEqual([
      'property.create',
      'property.reject',
      'property.update',
      'property.approve',
      'property.update',
      'property.reject',
      'property.update',
      'property.approve',
      'property.delete',
      'property.restore',
    ]);
    expect(rows[0]).toMatchObject({ actor_id: employeeId, before: null });
    expect(rows[1].after).toMatchObject({ status: 'inactive', rejectionReason: 'Нет фотографий' });
    expect(rows[2].before).toEqual({
      price: 450_000,
      status: 'inactive',
      rejectionReason: 'Нет фотографий',
      rejectionNotes: 'Добавьте 5 фото',
    });
    expect(rows[3].after).toMatchObject({ status: 'active', comment: 'ок' });
  });

  it('an admin publishes at once; only the owner or an admin may change a listing', async () => {
    const byAdmin = await admin.call('post', '/api/properties', listing()).expect(201);
    expect(byAdmin.body.data.status).toBe('active');
    await publicDetail(byAdmin.body.data.id).expect(200);

    const own = (await employee.call('post', '/api/properties', listing()).expect(201)).body.data;
    await other.call('put', `/api/properties/${own.id}`, listing()).expect(403);
    await other.call('delete', `/api/properties/${own.id}`).expect(403);
    await employee.call('put', `/api/properties/${byAdmin.body.data.id}`, listing()).expect(403);
    // admin may edit someone else's listing; it publishes at once
    const adminEdit = await admin.call('put', `/api/properties/${own.id}`, listing({ price: 777_000 })).expect(200);
    expect(adminEdit.body.data).toMatchObject({ status: 'active', price: 777_000, ownerId: employeeId });
    await admin.call('delete', `/api/properties/${own.id}`).expect(204);
    await other.call('post', `/api/properties/${own.id}/restore`).expect(403);
    await admin.call('post', `/api/properties/${own.id}/restore`).expect(200);
    // unknown -> 404
    await admin.call('put', '/api/properties/00000000-0000-4000-8000-000000000000', listing()).expect(404);
    await admin.call('delete', '/api/properties/not-a-uuid').expect(404);
    // a visitor and an ordinary user may not create
    await anonymous.call('post', '/api/properties', listing()).expect(401);
    const user = (await signIn('user')).caller;
    await user.call('post', '/api/properties', listing()).expect(403);
  });

  // spec 02 §5: both sides of each bound
  const long = (n: number) => 'я'.repeat(n);
  const cases: Array<[string, Record<string, unknown>, string | null]> = [
    ['title 4', { title: { ru: long(4) } }, 'title'],
    ['title 5', { title: { ru: long(5) } }, null],
    ['title 200', { title: { ru: long(200) } }, null],
    ['title 201', { title: { ru: long(201) } }, 'title'],
    ['title without ru', { title: { en: 'Office in Almaty' } }, 'title'],
    ['title en 4', { title: { ru: long(10), en: 'abcd' } }, 'title'],
    ['description 19', { description: { ru: long(19) } }, 'description'],
    ['description 20', { description: { ru: long(20) } }, null],
    ['description 2000', { description: { ru: long(2000) } }, null],
    ['description 2001', { description: { ru: long(2001) } }, 'description'],
    ['price 999', { price: 999 }, 'price'],
    ['price 1000', { price: 1000 }, null],
    ['area 0.99', { area: 0.99 }, 'area'],
    ['area 1', { area: 1 }, null],
    ['address 9', { address: long(9) }, 'address'],
    ['address 10', { address: long(10) }, null],
    ['address 200', { address: long(200) }, null],
    ['address 201', { address: long(201) }, 'address'],
    ['city 1', { city: 'А' }, 'city'],
    ['city 2', { city: 'Ая' }, null],
    ['city 50', { city: long(50) }, null],
    ['city 51', { city: long(51) }, 'city'],
    ['rooms -1', { rooms: -1 }, 'rooms'],
    ['rooms 0', { rooms: 0 }, null],
    ['rooms 20', { rooms: 20 }, null],
    ['rooms 21', { rooms: 21 }, 'rooms'],
    ['floor -1', { floor: -1 }, 'floor'],
    ['floor 0', { floor: 0 }, null],
    ['floor 200', { floor: 200, totalFloors: 200 }, null],
    ['floor 201', { floor: 201, totalFloors: 200 }, 'floor'],
    ['totalFloors 0', { floor: 0, totalFloors: 0 }, 'totalFloors'],
    ['totalFloors 1', { floor: 1, totalFloors: 1 }, null],
    ['totalFloors 201', { floor: 1, totalFloors: 201 }, 'totalFloors'],
    ['floor above totalFloors', { floor: 13, totalFloors: 12 }, 'floor'],
    ['yearBuilt 1799', { yearBuilt: 1799 }, 'yearBuilt'],
    ['yearBuilt 1800', { yearBuilt: 1800 }, null],
    ['yearBuilt 2031 (2026 + 5)', { yearBuilt: 2031 }, null],
    ['yearBuilt 2032', { yearBuilt: 2032 }, 'yearBuilt'],
    ['latitude -90.01', { latitude: -90.01 }, 'latitude'],
    ['latitude -90', { latitude: -90 }, null],
    ['latitude 90', { latitude: 90 }, null],
    ['latitude 90.01', { latitude: 90.01 }, 'latitude'],
    ['longitude -180.01', { longitude: -180.01 }, 'longitude'],
    ['longitude 180', { longitude: 180 }, null],
    ['longitude 180.01', { longitude: 180.01 }, 'longitude'],
    ['dealType lease', { dealType: 'lease' }, 'dealType'],
    ['dealType sale', { dealType: 'sale' }, null],
    ['unknown category', { categoryId: 999_999, subcategoryId: null }, 'categoryId'],
    ['unknown type', { propertyTypeId: 999_999 }, 'propertyTypeId'],
    ['unknown district', { districtId: 999_999 }, 'districtId'],
    ['unknown building complex', { buildingComplexId: 999_999 }, 'buildingComplexId'],
    ['unknown feature', { features: ['pool'] }, 'features'],
  ];
  it.each(cases)('%s', async (_name, over, field) => {
    const res = await admin.call('post', '/api/properties?lang=en', listing(over));
    if (field === null) {
      expect(res.status).toBe(201);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect(typeof res.body.error.fields[field]).toBe('string');
  });

  it('answers field errors in the request language', async () => {
    const ru = await admin.call('post', '/api/properties', listing({ price: 10 })).expect(400);
    expect(ru.body.error.fields.price).toBe('Цена: не менее 1000 ₸');
    const kk = await admin.call('post', '/api/properties?lang=kk', listing({ price: 10 })).expect(400);
    expect(kk.body.error.fields.price).toBe('Баға: кемінде 1000 ₸');
  });

  it('GET /api/properties/deleted and /moderation-queue are not taken by /:idOrSlug', async () => {
    const deleted = await admin.call('get', '/api/properties/deleted').expect(200);
    expect(Array.isArray(deleted.body.data)).toBe(true);
    expect(deleted.body.meta).toMatchObject({ page: 1, limit: 20 });
    const queue = await admin.call('get', '/api/properties/moderation-queue').expect(200);
    expect(Array.isArray(queue.body.data)).toBe(true);
    // anonymous gets 401 there (staff routes), not the public 404 of an unknown slug
    await anonymous.call('get', '/api/properties/deleted').expect(401);
    await anonymous.call('get', '/api/properties/moderation-queue').expect(401);
    await employee.call('get', '/api/properties/moderation-queue').expect(403);
    await anonymous.call('get', '/api/properties/no-such-slug').expect(404);
  });
});
