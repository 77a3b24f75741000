import { startListeningApi, type ListeningApi } from '@realty/test-api';
import type { PropertyWriteDto } from '@realty/contracts';
import { ApiError, ApiValidationError, createApiClient, memoryCsrfStore, type ApiClient } from './index';

/**
 * `listings` against the real API (issue 21; spec 02 §4, §7 "Properties"): an employee's
 * listing goes through moderation, an edit of it waits, delete and restore; refusals are the
 * usual errors with the per-field map of spec 02 §5.
 */
let api: ListeningApi;
let employee: ApiClient;
let admin: ApiClient;
let body: PropertyWriteDto;

const signIn = async (role: 'employee' | 'admin') => {
  const email = `listings.${role}.${Date.now().toString(36)}@example.kz`;
  await api.addUser({ email, role });
  const session = await createApiClient({ baseUrl: api.url, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password });
  return createApiClient({ baseUrl: api.url, token: session.tokens.accessToken, csrf: memoryCsrfStore(), lang: 'en' });
};

beforeAll(async () => {
  api = await startListeningApi();
  employee = await signIn('employee');
  admin = await signIn('admin');
  const [ref] = await api.query<{ category_id: number; property_type_id: number }>(
    `SELECT category_id, property_type_id FROM properties WHERE id = $1`,
    [api.listings[0].id],
  );
  body = {
    title: { ru: 'Склад на Рыскулова' },
    description: { ru: 'Тёплый склад с пандусом и охраной круглосуточно.' },
    price: 1_200_000,
    area: 800,
    address: 'пр. Рыскулова, 140/2',
    city: 'Алматы',
    dealType: 'rent',
    categoryId: ref.category_id,
    propertyTypeId: ref.property_type_id,
  };
});
afterAll(() => api?.close());

describe('listings', () => {
  it('create -> queue -> approve -> edit waits -> delete -> deleted -> restore', async () => {
    const created = await employee.listings.create(body);
    expect(created.status).toBe('pending');
    const queue = await admin.listings.moderationQueue({ limit: 50 });
    expect(queue.items.find((i) => i.property.id === created.id)?.kind).toBe('new');
    expect((await admin.listings.approve(created.id, 'ok')).status).toBe('active');
    const edited = await employee.listings.update(created.id, { ...body, price: 1_300_000 });
    expect(edited).toMatchObject({ price: 1_200_000, pendingChanges: { price: 1_300_000 } });
    const rejected = await admin.listings.reject(created.id, 'Price too high', 'Keep 1.2M');
    expect(rejected.rejection).toMatchObject({ reason: 'Price too high', notes: 'Keep 1.2M' });
    expect((await employee.listings.mine()).items.find((p) => p.id === created.id)?.rejection?.reason).toBe('Price too high');
    expect(await employee.listings.remove(created.id)).toBeNull();
    expect((await employee.listings.deleted()).items.map((p) => p.id)).toEqual([created.id]);
    expect((await employee.listings.restore(created.id)).status).toBe('active');
  });

  it('400 with the fields in the client language; 403 for an employee moderating', async () => {
    const bad = await employee.listings.create({ ...body, price: 999, city: 'A' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiValidationError);
    expect((bad as ApiValidationError).fields).toEqual({ price: 'Price: at least 1000 ₸', city: 'City: 2 to 50 characters' });
    const refused = await employee.listings.moderationQueue().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
  });
});

describe('listing form calls', () => {
  it('formOptions, forEdit (images, main first) and reorderImages (400 for a wrong list)', async () => {
    const options = await employee.listings.formOptions();
    expect(options.categories.map((c) => c.id)).toContain(body.categoryId);
    expect(options.propertyTypes.map((t) => t.id)).toContain(body.propertyTypeId);
    const created = await employee.listings.create(body);
    const forEdit = await employee.listings.forEdit(created.id);
    expect(forEdit).toMatchObject({ id: created.id, status: 'pending', images: [] });
    const bad = await employee.listings.reorderImages(created.id, ['00000000-0000-4000-8000-000000000000']).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiValidationError);
    expect((bad as ApiValidationError).fields).toEqual({ order: 'The order must name each image of the listing once' });
  });
});
