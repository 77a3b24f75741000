import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, ApiValidationError, createApiClient, memoryCsrfStore, type ApiClient } from './index';

/**
 * `referenceData` against the real API (issue 21; spec 02 §2 admin reference screens): typed
 * list / create / update / remove; a slug in use is an ApiValidationError on `slug`, a delete
 * while listings use the row an ApiError 409 with the API's message in the client's language.
 */
let api: ListeningApi;
let admin: ApiClient;

beforeAll(async () => {
  api = await startListeningApi();
  const email = `reference.admin.${Date.now().toString(36)}@example.kz`;
  await api.addUser({ email, role: 'admin' });
  const session = await createApiClient({ baseUrl: api.url, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password });
  admin = createApiClient({ baseUrl: api.url, token: session.tokens.accessToken, csrf: memoryCsrfStore(), lang: 'en' });
});
afterAll(() => api?.close());

describe('referenceData', () => {
  it('types: create, list, update, 400 slug taken, 409 in use, remove', async () => {
    const created = await admin.referenceData.types.create({ name: { ru: 'Гараж', en: 'Garage' } });
    expect(created).toMatchObject({ slug: 'garazh', listings: 0 });
    const found = await admin.referenceData.types.list({ q: 'garage', sort: 'name' });
    expect(found.items.map((t) => t.id)).toEqual([created.id]);
    expect(found.meta.total).toBe(1);
    expect(await admin.referenceData.types.update(created.id, { name: { ru: 'Гаражи' } })).toMatchObject({ slug: 'garazh' });

    const [used] = await api.query<{ property_type_id: number }>(`SELECT property_type_id FROM properties WHERE id = $1`, [
      api.listings[0].id,
    ]);
    const taken = await admin.referenceData.types.create({ name: { ru: 'Дубль' }, slug: 'garazh' }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiValidationError);
    expect((taken as ApiValidationError).fields).toEqual({ slug: 'This slug is already taken' });
    const refused = await admin.referenceData.types.remove(used.property_type_id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).message).toMatch(/^The property type cannot be deleted while in use \(listings: \d+\)$/);

    expect(await admin.referenceData.types.remove(created.id)).toBeNull();
  });

  it('categories with subcategories, building complexes and districts', async () => {
    const category = await admin.referenceData.categories.create({ name: { ru: 'Апартаменты' }, icon: 'building' });
    const sub = await admin.referenceData.subcategories.create(category.id, { name: { ru: 'Студии' } });
    const listed = await admin.referenceData.categories.list({ q: 'студии' });
    expect(listed.items[0]).toMatchObject({ id: category.id, subcategories: [{ id: sub.id, slug: 'studii' }] });
    expect(await admin.referenceData.subcategories.remove(sub.id)).toBeNull();
    expect(await admin.referenceData.categories.remove(category.id)).toBeNull();

    const districts = await admin.referenceData.districts();
    expect(districts.length).toBeGreaterThan(0);
    const complex = await admin.referenceData.buildingComplexes.create({
      name: { ru: 'БЦ Тест' },
      address: 'ул. Тестовая, 5',
      districtId: districts[0].id,
    });
    expect(complex.district?.id).toBe(districts[0].id);
    expect(await admin.referenceData.buildingComplexes.remove(complex.id)).toBeNull();
  });
});
