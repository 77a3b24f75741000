import type { DeletedPropertyDto, ModerationReviewDto } from '@realty/contracts';
import { Clock } from '../common/clock';
import { Caller, startAccountsApi, type AccountsApi, signInAs } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * What the admin's moderation and deleted-listings screens read (issue 21; spec 02 §2, §7):
 * queue items and one item with author, images and reference names, the changed fields of an
 * edit side by side (before = public, after = proposed), 404 once nothing awaits moderation;
 * the deleted list with owner and who deleted it.
 */
describe('moderation reads', () => {
  let api: AccountsApi;
  let employee: Caller;
  let employeeEmail: string;
  let admin: Caller;
  let adminEmail: string;

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const listing = (over: Record<string, unknown> = {}) => ({
    title: { ru: 'Офис в БЦ Нурлы Тау, 12 этаж', en: 'Office in Nurly Tau, 12th floor' },
    description: { ru: 'Светлый офис с панорамными окнами, отделкой и видом на горы.' },
    price: 620_000,
    area: 96,
    address: 'пр. Аль-Фараби, 17, блок 4Б',
    city: 'Алматы',
    rooms: 3,
    floor: 12,
    totalFloors: 25,
    dealType: 'rent',
    categoryId: api.refs.categories.offices,
    subcategoryId: api.refs.subcategories['office-space'],
    propertyTypeId: api.refs.types.office,
    districtId: api.refs.districts.bostandyk,
    buildingComplexId: api.refs.buildingComplexId,
    features: ['parking'],
    ...over,
  });
  const item = (caller: Caller, id: string) => caller.call('get', `/api/properties/moderation-queue/${id}`);

  beforeAll(async () => {
    api = await startAccountsApi({ env: { OUTBOX_POLL_MS: '600000' } });
    api.app.get(Clock).now = () => Date.UTC(2026, 5, 1);
    ({ caller: employee, email: employeeEmail } = await signInAs(api, 'employee'));
    ({ caller: admin, email: adminEmail } = await signInAs(api, 'admin'));
  });
  afterAll(() => api?.close());

  it('a new listing: every field, its author, images main first and the names of its references', async () => {
    const p = (await employee.call('post', '/api/properties', listing()).expect(201)).body.data;
    await db(
      `INSERT INTO property_images (property_id, storage_key, sort_order) VALUES ($1, 'properties/x/second.jpg', 1), ($1, 'properties/x/main.jpg', 0)`,
      [p.id],
    );
    const review: ModerationReviewDto = (await item(admin, p.id).expect(200)).body.data;
    expect(review.kind).toBe('new');
    expect(review.owner).toMatchObject({ email: employeeEmail });
    expect(review.owner?.name.length).toBeGreaterThan(0);
    expect(review.images.map((i) => i.url)).toEqual([expect.stringMatching(/main\.jpg$/), expect.stringMatching(/second\.jpg$/)]);
    expect(review.changes.map((c) => c.field)).toContain('price');
    expect(review.changes.every((c) => c.before === null)).toBe(true);
    const [office] = await db<{ name: Record<string, string> }>('SELECT name FROM property_categories WHERE id = $1', [
      api.refs.categories.offices,
    ]);
    expect(review.refNames.categoryId?.[String(api.refs.categories.offices)]).toEqual(office.name);
    expect(review.refNames.districtId?.[String(api.refs.districts.bostandyk)]?.ru).toBeTruthy();
    // The queue lists it the same way.
    const queue = (await admin.call('get', '/api/properties/moderation-queue?limit=100').expect(200)).body.data as ModerationReviewDto[];
    expect(queue.find((x) => x.property.id === p.id)).toMatchObject({
      kind: 'new',
      owner: { email: employeeEmail },
      images: review.images,
    });

    // Only admins; unknown and malformed ids are 404.
    await item(employee, p.id).expect(403);
    await item(admin, '00000000-0000-4000-8000-000000000000').expect(404);
    await item(admin, 'nope').expect(404);

    // Approved: nothing awaits moderation any more.
    await admin.call('post', `/api/properties/${p.id}/approve`, {}).expect(200);
    await item(admin, p.id).expect(404);
  });

  it('an edit of an approved listing: only the changed fields, public value before and proposed after, new reference names too', async () => {
    const p = (await admin.call('post', '/api/properties', listing()).expect(201)).body.data;
    await db('UPDATE properties SET owner_id = (SELECT id FROM users WHERE email = $1) WHERE id = $2', [employeeEmail, p.id]);
    const proposed = listing({
      title: { ru: 'Офис в БЦ Нурлы Тау, 12 этаж, новая ставка', en: 'Office in Nurly Tau, 12th floor' },
      price: 580_000,
      districtId: api.refs.districts.medeu,
    });
    await employee.call('put', `/api/properties/${p.id}`, proposed).expect(200);
    const review: ModerationReviewDto = (await item(admin, p.id).expect(200)).body.data;
    expect(review.kind).toBe('edit');
    expect(review.changes).toEqual([
      { field: 'title', before: listing().title, after: proposed.title },
      { field: 'price', before: 620_000, after: 580_000 },
      { field: 'districtId', before: api.refs.districts.bostandyk, after: api.refs.districts.medeu },
    ]);
    expect(Object.keys(review.refNames.districtId ?? {}).sort()).toEqual(
      [String(api.refs.districts.bostandyk), String(api.refs.districts.medeu)].sort(),
    );
    // The public version is what `property` shows.
    expect(review.property).toMatchObject({ price: 620_000, status: 'active' });
  });

  it('the deleted list names the owner and who deleted it (null when the audit log has no deletion)', async () => {
    const byApi = (await employee.call('post', '/api/properties', listing()).expect(201)).body.data;
    await admin.call('delete', `/api/properties/${byApi.id}`).expect(204);
    const bySql = (await employee.call('post', '/api/properties', listing()).expect(201)).body.data;
    await db(`UPDATE properties SET deleted_at = '2026-05-01T00:00:00Z' WHERE id = $1`, [bySql.id]);

    const list = (await admin.call('get', '/api/properties/deleted?limit=100').expect(200)).body.data as DeletedPropertyDto[];
    expect(list.find((x) => x.id === byApi.id)).toMatchObject({
      owner: { email: employeeEmail },
      deletedBy: { email: adminEmail, name: expect.any(String) },
    });
    expect(list.find((x) => x.id === bySql.id)).toMatchObject({ owner: { email: employeeEmail }, deletedBy: null });
    // Newest deletion first (the API's clock says 2026-06-01).
    expect(list.findIndex((x) => x.id === byApi.id)).toBeLessThan(list.findIndex((x) => x.id === bySql.id));
  });
});
