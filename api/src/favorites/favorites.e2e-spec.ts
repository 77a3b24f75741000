import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { catalogProperties, insertProperty, withClient, type PropertySpec } from '../../test/fixtures';

/**
 * Favourites (spec 01 §3, §7; issue 3 item 8): idempotent add/remove, 404 for listings that are
 * not public, the user's list as catalogue cards newest first, ids, and favoritesCount equal to
 * the real number of rows under concurrent toggles.
 */
describe('favourites', () => {
  let api: AccountsApi;
  const ids: Record<string, string> = {};
  let specs: PropertySpec[];

  beforeAll(async () => {
    specs = catalogProperties();
    api = await startAccountsApi({
      seed: async (url, refs) => {
        await withClient(url, async (c) => {
          for (const l of specs) ids[l.slug] = await insertProperty(c, refs, l);
        });
      },
    });
  });
  afterAll(() => api?.close());

  const publicSlugs = () => specs.filter((l) => l.status === 'active' && !l.deleted).map((l) => l.slug);
  const countOf = async (propertyId: string) =>
    withClient(api.databaseUrl, async (c) => {
      const r = await c.query(
        `SELECT p.favorites_count AS counter, (SELECT count(*)::int FROM favorites f WHERE f.property_id = p.id) AS rows FROM properties p WHERE p.id = $1`,
        [propertyId],
      );
      return r.rows[0] as { counter: number; rows: number };
    });
  const signedIn = async () => {
    const email = freshEmail('fav');
    await insertUser(api, { email, role: 'user' });
    const caller = await Caller.create(api.server);
    await caller.login(email);
    return caller;
  };

  it('need a signed-in user', async () => {
    const anon = await Caller.create(api.server);
    await anon.call('post', `/api/properties/${publicSlugs()[0]}/favorites`).expect(401);
    await anon.call('get', '/api/user/favorites').expect(401);
    await anon.call('get', '/api/user/favorites/ids').expect(401);
  });

  it('the catalogue card shows the new count right after a toggle, although list pages are kept', async () => {
    const caller = await signedIn();
    const slug = publicSlugs()[2];
    const cardCount = async () => {
      const res = await caller.call('get', '/api/properties?limit=100').expect(200);
      return (res.body.data as Array<{ slug: string; favoritesCount: number }>).find((c) => c.slug === slug)!.favoritesCount;
    };
    const before = await cardCount();
    await caller.call('post', `/api/properties/${slug}/favorites`).expect(200);
    expect(await cardCount()).toBe(before + 1);
    await caller.call('delete', `/api/properties/${slug}/favorites`).expect(200);
    expect(await cardCount()).toBe(before);
  });

  it('adding twice keeps one favourite; removing twice is fine; the counter follows (by id or slug)', async () => {
    const caller = await signedIn();
    const slug = publicSlugs()[1];
    const id = ids[slug];
    const first = await caller.call('post', `/api/properties/${slug}/favorites`).expect(200);
    expect(first.body.data).toEqual({ propertyId: id, favorited: true, favoritesCount: 1 });
    const second = await caller.call('post', `/api/properties/${id}/favorites`).expect(200);
    expect(second.body.data).toEqual({ propertyId: id, favorited: true, favoritesCount: 1 });
    expect(await countOf(id)).toEqual({ counter: 1, rows: 1 });
    const removed = await caller.call('delete', `/api/properties/${id}/favorites`).expect(200);
    expect(removed.body.data).toEqual({ propertyId: id, favorited: false, favoritesCount: 0 });
    await caller.call('delete', `/api/properties/${slug}/favorites`).expect(200);
    expect(await countOf(id)).toEqual({ counter: 0, rows: 0 });
  });

  it('answer 404 for pending, inactive, deleted and unknown listings', async () => {
    const caller = await signedIn();
    for (const slug of ['hidden-pending', 'hidden-inactive', 'hidden-deleted', 'no-such-listing', '00000000-0000-4000-8000-000000000000']) {
      const res = await caller.call('post', `/api/properties/${slug}/favorites`).expect(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Ресурс не найден' });
      await caller.call('delete', `/api/properties/${slug}/favorites`).expect(404);
    }
  });

  it("GET /api/user/favorites lists the user's public favourites as cards, most recently added first, paged", async () => {
    const caller = await signedIn();
    const chosen = publicSlugs().slice(2, 7);
    for (const slug of chosen) await caller.call('post', `/api/properties/${slug}/favorites`).expect(200);
    // a listing hidden after it was liked drops out of the list and of the ids
    await withClient(api.databaseUrl, (c) => c.query(`UPDATE properties SET status = 'inactive' WHERE id = $1`, [ids[chosen[0]]]));
    const expected = chosen
      .slice(1)
      .reverse()
      .map((s) => ids[s]);

    const all = await caller.call('get', '/api/user/favorites').expect(200);
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual(expected);
    expect(all.body.meta).toEqual({ total: 4, page: 1, limit: 50, totalPages: 1 });
    const card = all.body.data[0];
    expect(card).toMatchObject({
      id: expected[0],
      slug: chosen[chosen.length - 1],
      favoritesCount: 1,
      images: expect.any(Array),
      category: expect.any(Object),
    });

    const page2 = await caller.call('get', '/api/user/favorites?page=2&limit=3').expect(200);
    expect(page2.body.data.map((p: { id: string }) => p.id)).toEqual(expected.slice(3));
    expect(page2.body.meta).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
    const bad = await caller.call('get', '/api/user/favorites?limit=500').expect(400);
    expect(bad.body.error.fields).toEqual({ limit: 'Размер страницы должен быть от 1 до 100' });

    const onlyIds = await caller.call('get', '/api/user/favorites/ids').expect(200);
    expect(onlyIds.body.data).toEqual(expected);
    // another user sees their own (empty) list
    const other = await signedIn();
    expect((await other.call('get', '/api/user/favorites/ids').expect(200)).body.data).toEqual([]);
    await withClient(api.databaseUrl, (c) => c.query(`UPDATE properties SET status = 'active' WHERE id = $1`, [ids[chosen[0]]]));
  });

  it('keep favoritesCount equal to the real row count under 20 concurrent toggles per user from several users', async () => {
    const target = ids[publicSlugs()[10]];
    const users = await Promise.all(Array.from({ length: 5 }, () => signedIn()));
    const before = await countOf(target);
    // every user fires 20 add/remove calls at once, in a shuffled order
    const calls = users.flatMap((u, k) =>
      Array.from({ length: 20 }, (_, i) => () => u.call((i + k) % 3 === 0 ? 'delete' : 'post', `/api/properties/${target}/favorites`)),
    );
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map((call) => call()));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const after = await countOf(target);
    expect(after.counter).toBe(after.rows);
    expect(after.rows).toBeGreaterThanOrEqual(before.rows);
    expect(after.rows).toBeLessThanOrEqual(before.rows + users.length);
    // a final add by everyone settles it at exactly one per user
    await Promise.all(users.map((u) => u.call('post', `/api/properties/${target}/favorites`).expect(200)));
    expect(await countOf(target)).toEqual({ counter: before.rows + users.length, rows: before.rows + users.length });
  });

  it('deleting a user (admin) takes their favourites off the counters', async () => {
    const liker = freshEmail('liker');
    const likerId = await insertUser(api, { email: liker, role: 'user' });
    const caller = await Caller.create(api.server);
    await caller.login(liker);
    const target = ids[publicSlugs()[12]];
    await caller.call('post', `/api/properties/${target}/favorites`).expect(200);
    expect(await countOf(target)).toEqual({ counter: 1, rows: 1 });
    const adminEmail = freshEmail('admin');
    await insertUser(api, { email: adminEmail, role: 'admin' });
    const admin = await Caller.create(api.server);
    await admin.login(adminEmail);
    await admin.call('delete', `/api/admin/users/${likerId}`).expect(204);
    expect(await countOf(target)).toEqual({ counter: 0, rows: 0 });
  });
});
