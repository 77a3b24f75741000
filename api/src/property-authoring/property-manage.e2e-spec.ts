import type { EmployeeDashboardDto, StaffListingItemDto } from '@realty/contracts';
import { Clock } from '../common/clock';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * The staff listing list, bulk status and the employee dashboard (issue 21; spec 02 §2
 * "/dashboard/employee/properties", §4, §7 GET /analytics/dashboard): scope mine / all, each
 * filter, each sort both ways, keyset paging without duplicates or gaps, the bulk rules (own vs
 * others', admin), their audit rows, and the dashboard's 30-day counts by a fixed clock.
 */
describe('staff listing list, bulk status, dashboard', () => {
  let api: AccountsApi;
  let mine: Caller;
  let mineId: string;
  let other: Caller;
  let otherId: string;
  let admin: Caller;
  const NOW = Date.UTC(2026, 5, 15, 12);
  const DAY = 86_400_000;

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);

  let n = 0;
  /** A listing of `owner` straight in the database; returns its id. */
  async function insert(owner: string, o: Partial<Record<string, unknown>> = {}): Promise<string> {
    n += 1;
    const rows = await db<{ id: string }>(
      `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address,
         owner_id, agent_id, created_at, updated_at, deleted_at, rejection_reason, rejected_at, pending_changes)
       VALUES ($1, $2, '{"ru":"Описание объекта для теста"}', $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14::varchar,
         CASE WHEN $14::varchar IS NULL THEN NULL ELSE $12::timestamptz END, $15) RETURNING id`,
      [
        `staff-list-${n}`,
        JSON.stringify({ ru: (o.title as string) ?? `Офис номер ${n}`, en: `Office ${n}`, kk: '', zh: '' }),
        (o.categoryId as number) ?? api.refs.categories.offices,
        api.refs.types.office,
        o.dealType ?? (n % 2 ? 'rent' : 'sale'),
        o.status ?? 'active',
        o.price ?? 100_000 + (n % 7) * 50_000, // ties on purpose
        o.area ?? 50 + (n % 5) * 10,
        o.address ?? `ул. Абая, дом ${n}, Алматы`,
        owner,
        new Date(NOW - (100 - n) * DAY),
        new Date(NOW - ((n * 37) % 90) * DAY - n * 1000),
        o.deleted ? new Date(NOW) : null,
        o.rejection ?? null,
        o.pendingChanges ? JSON.stringify(o.pendingChanges) : null,
      ],
    );
    return rows[0].id;
  }

  const list = (who: Caller, query: string) => who.call('get', `/api/properties/manage?${query}`);
  const ids = (body: { data: StaffListingItemDto[] }) => body.data.map((x) => x.id);
  const SORT_SQL: Record<string, string> = { updated: 'updated_at', created: 'created_at', price: 'price', area: 'area' };
  /** The ids the database orders as the API should (not deleted; `where` extra). */
  async function expectedOrder(sort: string, dir: 'asc' | 'desc', where = 'TRUE', params: unknown[] = []): Promise<string[]> {
    const rows = await db<{ id: string }>(
      `SELECT id FROM properties WHERE deleted_at IS NULL AND ${where} ORDER BY ${SORT_SQL[sort]} ${dir}, id ${dir}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  let deletedId: string;
  let rejectedId: string;
  let pendingEditId: string;
  let othersActive: string;

  beforeAll(async () => {
    api = await startAccountsApi();
    api.app.get(Clock).now = () => NOW;
    ({ caller: mine, id: mineId } = await signInAs(api, 'employee'));
    ({ caller: other, id: otherId } = await signInAs(api, 'manager'));
    admin = (await signInAs(api, 'admin')).caller;
    for (let i = 0; i < 23; i++) await insert(mineId, { status: i % 5 === 0 ? 'pending' : i % 7 === 0 ? 'inactive' : 'active' });
    for (let i = 0; i < 9; i++) await insert(otherId);
    othersActive = await insert(otherId, { title: 'Склад у аэропорта', categoryId: api.refs.categories.warehouses ?? undefined });
    deletedId = await insert(mineId, { deleted: true });
    rejectedId = await insert(mineId, { status: 'inactive', rejection: 'Нет фотографий' });
    pendingEditId = await insert(mineId, { pendingChanges: { price: 999_999 }, address: 'пр. Достык, 100, Алматы' });
  });
  afterAll(() => api?.close());

  it('scope: mine (default) has only the caller’s listings; all has everyone’s, others’ not editable; deleted never', async () => {
    const own = await list(mine, 'limit=100').expect(200);
    const ownIds = ids(own.body);
    expect(ownIds.sort()).toEqual(await expectedOrder('updated', 'asc', 'owner_id = $1', [mineId]).then((x) => x.sort()));
    expect(own.body.meta.total).toBe(ownIds.length);
    expect(ownIds).not.toContain(deletedId);
    expect(own.body.data.every((x: StaffListingItemDto) => x.editable && x.owner?.id === mineId && x.owner.name === 'Тест Тестов')).toBe(
      true,
    );

    const all = await list(mine, 'scope=all&limit=100').expect(200);
    expect(all.body.meta.total).toBe((await expectedOrder('updated', 'desc')).length);
    expect(ids(all.body)).toContain(othersActive);
    expect(ids(all.body)).not.toContain(deletedId);
    const theirs = all.body.data.find((x: StaffListingItemDto) => x.id === othersActive);
    expect(theirs).toMatchObject({ editable: false, owner: { id: otherId } });
    // the manager sees the employee's listings too, read-only
    const fromOther = await list(other, 'scope=all&limit=100').expect(200);
    expect(fromOther.body.data.find((x: StaffListingItemDto) => x.id === pendingEditId)).toMatchObject({ editable: false });
    // an admin may change any
    const asAdmin = await list(admin, 'scope=all&limit=100').expect(200);
    expect(asAdmin.body.data.every((x: StaffListingItemDto) => x.editable)).toBe(true);
    // the row's own fields
    const edit = own.body.data.find((x: StaffListingItemDto) => x.id === pendingEditId);
    expect(edit).toMatchObject({ hasPendingChanges: true, rejection: null, status: 'active' });
    const rej = own.body.data.find((x: StaffListingItemDto) => x.id === rejectedId);
    expect(rej).toMatchObject({ status: 'inactive', rejection: { reason: 'Нет фотографий' } });
  });

  it('filters: status, dealType, categoryId, q (title or address, any case); empty and "all" mean none', async () => {
    const pending = await list(mine, 'status=pending&limit=100').expect(200);
    expect(ids(pending.body).sort()).toEqual(
      (await expectedOrder('updated', 'asc', `owner_id = $1 AND status = 'pending'`, [mineId])).sort(),
    );
    expect(pending.body.data.length).toBeGreaterThan(0);

    const sale = await list(mine, 'scope=all&dealType=sale&limit=100').expect(200);
    expect(ids(sale.body).sort()).toEqual((await expectedOrder('updated', 'asc', `deal_type = 'sale'`)).sort());

    const cat = await db<{ category_id: number }>(`SELECT category_id FROM properties WHERE id = $1`, [othersActive]);
    const byCat = await list(mine, `scope=all&categoryId=${cat[0].category_id}&limit=100`).expect(200);
    expect(ids(byCat.body).sort()).toEqual((await expectedOrder('updated', 'asc', `category_id = $1`, [cat[0].category_id])).sort());

    const q = await list(mine, `scope=all&q=${encodeURIComponent('СКЛАД')}`).expect(200);
    expect(ids(q.body)).toEqual([othersActive]);
    const addr = await list(mine, `q=${encodeURIComponent('достык')}`).expect(200);
    expect(ids(addr.body)).toEqual([pendingEditId]);
    const none = await list(mine, 'status=all&dealType=&limit=100').expect(200);
    expect(none.body.meta.total).toBe((await expectedOrder('updated', 'asc', 'owner_id = $1', [mineId])).length);

    const bad = await list(mine, 'status=sold&sort=rooms&dir=up&limit=101&scope=everyone&lang=en').expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['dir', 'limit', 'scope', 'sort', 'status']);
  });

  it.each(['updated', 'price', 'area', 'created'].flatMap((s) => [`${s} asc`, `${s} desc`]))(
    'sort %s: keyset pages of 7 walk the whole list in order, without duplicates or gaps',
    async (spec) => {
      const [sort, dir] = spec.split(' ') as [string, 'asc' | 'desc'];
      const want = await expectedOrder(sort, dir);
      const got: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { body: { data: StaffListingItemDto[]; meta: { nextCursor: string | null } } } = await list(
          mine,
          `scope=all&sort=${sort}&dir=${dir}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        ).expect(200);
        got.push(...ids(res.body));
        pages += 1;
        expect(res.body.meta).toMatchObject({ page: pages, limit: 7, total: want.length });
        cursor = res.body.meta.nextCursor;
      } while (cursor && pages < 20);
      expect(got).toEqual(want);
      expect(pages).toBe(Math.ceil(want.length / 7));
    },
  );

  it('a cursor of another sort or a made-up one is a 400 on fields.cursor', async () => {
    const first = await list(mine, 'scope=all&sort=price&dir=asc&limit=5').expect(200);
    const cursor = first.body.meta.nextCursor as string;
    expect((await list(mine, `scope=all&sort=area&dir=asc&cursor=${cursor}`).expect(400)).body.error.fields).toHaveProperty('cursor');
    expect((await list(mine, `scope=all&sort=price&dir=desc&cursor=${cursor}`).expect(400)).body.error.fields).toHaveProperty('cursor');
    await list(mine, 'cursor=bm90LWEtY3Vyc29y').expect(400);
    await list(mine, 'cursor=%27%3B--').expect(400);
  });

  it('bulk status: own active -> inactive and inactive -> pending; others’, rejected, wrong moves refused; audit rows', async () => {
    const a1 = await insert(mineId);
    const a2 = await insert(mineId, { pendingChanges: null });
    const inactive = await insert(mineId, { status: 'inactive' });
    const pending = await insert(mineId, { status: 'pending' });
    const unknown = '00000000-0000-4000-8000-000000000000';

    const withdraw = await mine.call('post', '/api/properties/bulk-status', {
      ids: [a1, a2, othersActive, pending, deletedId, unknown],
      status: 'inactive',
    });
    expect(withdraw.status).toBe(200);
    expect(withdraw.body.data.updated.sort()).toEqual([a1, a2].sort());
    const reasons = Object.fromEntries(withdraw.body.data.refused.map((r: { id: string; reason: string }) => [r.id, r.reason]));
    expect(reasons).toEqual({ [othersActive]: 'notOwner', [pending]: 'notAllowed', [deletedId]: 'notFound', [unknown]: 'notFound' });

    const statuses = async (list: string[]) =>
      Object.fromEntries(
        (await db<{ id: string; status: string }>(`SELECT id, status FROM properties WHERE id = ANY($1)`, [list])).map((r) => [
          r.id,
          r.status,
        ]),
      );
    expect(await statuses([a1, a2, othersActive, pending])).toEqual({
      [a1]: 'inactive',
      [a2]: 'inactive',
      [othersActive]: 'active',
      [pending]: 'pending',
    });

    const resubmit = await mine
      .call('post', '/api/properties/bulk-status', { ids: [inactive, rejectedId, a1.toUpperCase()], status: 'pending' })
      .expect(200);
    expect(resubmit.body.data.updated.sort()).toEqual([a1, inactive].sort());
    expect(resubmit.body.data.refused).toEqual([{ id: rejectedId, reason: 'rejected' }]);
    // an employee cannot publish
    const publish = await mine.call('post', '/api/properties/bulk-status', { ids: [a1], status: 'active' }).expect(200);
    expect(publish.body.data.refused).toEqual([{ id: a1, reason: 'notAllowed' }]);

    const audit = await db<{ entity_id: string; before: { status: string }; after: { status: string }; actor_id: string }>(
      `SELECT entity_id, before, after, actor_id FROM audit_logs WHERE action = 'property.status' ORDER BY occurred_at, id`,
    );
    expect(audit.map((r) => [r.entity_id, r.before.status, r.after.status])).toEqual(
      expect.arrayContaining([
        [a1, 'active', 'inactive'],
        [a2, 'active', 'inactive'],
        [a1, 'inactive', 'pending'],
        [inactive, 'inactive', 'pending'],
      ]),
    );
    expect(audit).toHaveLength(4);
    expect(new Set(audit.map((r) => r.actor_id))).toEqual(new Set([mineId]));
  });

  it('bulk status: a withdrawn listing’s waiting edit is folded in and leaves the moderation queue', async () => {
    const id = await insert(mineId, { price: 200_000 });
    await mine
      .call('put', `/api/properties/${id}`, {
        title: { ru: 'Офис на Абая, обновлённый' },
        description: { ru: 'Светлый офис с панорамными окнами и ремонтом.' },
        price: 300_000,
        area: 80,
        address: 'ул. Абая, дом 1, Алматы',
        city: 'Алматы',
        dealType: 'rent',
        categoryId: api.refs.categories.offices,
        propertyTypeId: api.refs.types.office,
      })
      .expect(200);
    await mine.call('post', '/api/properties/bulk-status', { ids: [id], status: 'inactive' }).expect(200);
    const row = await db<{ status: string; price: string; pending_changes: unknown }>(
      `SELECT status, price, pending_changes FROM properties WHERE id = $1`,
      [id],
    );
    expect(row[0]).toEqual({ status: 'inactive', price: '300000', pending_changes: null });
  });

  it('bulk status: an admin sets active or inactive on anyone’s listing, never pending; bad bodies are 400', async () => {
    const theirs = await insert(otherId, { status: 'inactive', rejection: 'Плохие фото' });
    const res = await admin.call('post', '/api/properties/bulk-status', { ids: [theirs, othersActive], status: 'active' }).expect(200);
    expect(res.body.data).toEqual({ updated: [theirs], refused: [{ id: othersActive, reason: 'unchanged' }] });
    const row = await db<{ status: string; rejection_reason: string | null; published_at: Date | null }>(
      `SELECT status, rejection_reason, published_at FROM properties WHERE id = $1`,
      [theirs],
    );
    expect(row[0]).toMatchObject({ status: 'active', rejection_reason: null });
    expect(row[0].published_at).not.toBeNull();
    // public at once
    await (await Caller.create(api.server)).call('get', `/api/properties/${theirs}`).expect(200);
    const back = await admin.call('post', '/api/properties/bulk-status', { ids: [theirs], status: 'pending' }).expect(200);
    expect(back.body.data.refused).toEqual([{ id: theirs, reason: 'notAllowed' }]);

    const empty = await mine.call('post', '/api/properties/bulk-status?lang=en', { ids: [], status: 'inactive' }).expect(400);
    expect(empty.body.error.fields.ids).toBe('Select 1 to 100 listings');
    const many = Array.from({ length: 101 }, () => othersActive);
    await mine.call('post', '/api/properties/bulk-status', { ids: many, status: 'inactive' }).expect(400);
    const junk = await mine.call('post', '/api/properties/bulk-status', { ids: ['x'], status: 'sold' }).expect(400);
    expect(Object.keys(junk.body.error.fields).sort()).toEqual(['ids', 'status']);
  });

  it('dashboard: my listings by status, views / favourites / enquiries of the last 30 days by the clock, what waits on me', async () => {
    const { caller: agent, id: agentId } = await signInAs(api, 'employee');
    const visitor = (await db<{ id: string }>(`SELECT id FROM users WHERE id <> $1 LIMIT 1`, [agentId]))[0].id;
    const a = await insert(agentId);
    const b = await insert(agentId, { status: 'pending' });
    const c = await insert(agentId, { status: 'inactive', rejection: 'Уточните площадь' });
    const d = await insert(agentId, { pendingChanges: { price: 1 } });
    await insert(agentId, { deleted: true });
    await insert(otherId); // not theirs
    const slugs = Object.fromEntries(
      (await db<{ id: string; slug: string }>(`SELECT id, slug FROM properties WHERE id = ANY($1)`, [[a, d]])).map((r) => [r.id, r.slug]),
    );
    const inside = new Date(NOW - 5 * DAY);
    const outside = new Date(NOW - 31 * DAY);
    const view = (path: string, at: Date, bot = false) =>
      db(`INSERT INTO website_page_views (path, created_at, is_bot) VALUES ($1, $2, $3)`, [path, at, bot]);
    await view(`/property/${slugs[a]}`, inside);
    await view(`/property/${slugs[a]}`, inside);
    await view(`/property/${a}`, inside);
    await view(`/property/${slugs[d]}`, inside);
    await view(`/property/${slugs[a]}`, outside);
    await view(`/property/${slugs[a]}`, inside, true);
    await view(`/property/${slugs[a]}`, new Date(NOW + 20 * DAY)); // after "now"
    await db(`INSERT INTO favorites (user_id, property_id, created_at) VALUES ($1, $2, $3), ($4, $5, $6)`, [
      visitor,
      a,
      inside,
      agentId,
      d,
      outside,
    ]);
    const lead = (id: string, at: Date) =>
      db(
        `INSERT INTO property_leads (property_id, name, phone, message, created_at) VALUES ($1, 'Айгуль', '+77011234567', 'Интересует', $2)`,
        [id, at],
      );
    await lead(a, inside);
    await lead(d, inside);
    await lead(a, outside);

    const res = await agent.call('get', '/api/analytics/dashboard').expect(200);
    const data = res.body.data as EmployeeDashboardDto;
    expect(data.listings).toEqual({ total: 4, active: 2, pending: 1, inactive: 1 });
    expect(data.period).toEqual({ from: new Date(NOW - 30 * DAY).toISOString(), to: new Date(NOW).toISOString(), days: 30 });
    expect({ views: data.views, favorites: data.favorites, enquiries: data.enquiries }).toEqual({ views: 4, favorites: 1, enquiries: 2 });
    expect(data.rejected).toEqual([expect.objectContaining({ id: c, reason: 'Уточните площадь', status: 'inactive' })]);
    expect(data.onModeration.map((x) => x.id).sort()).toEqual([b, d].sort());

    // the clock decides the window: 40 days later nothing is recent
    api.app.get(Clock).now = () => NOW + 40 * DAY;
    try {
      const later = (await agent.call('get', '/api/analytics/dashboard').expect(200)).body.data as EmployeeDashboardDto;
      expect({ views: later.views, favorites: later.favorites, enquiries: later.enquiries }).toEqual({
        views: 1,
        favorites: 0,
        enquiries: 0,
      });
    } finally {
      api.app.get(Clock).now = () => NOW;
    }
    await (await Caller.create(api.server)).call('get', '/api/analytics/dashboard').expect(401);
  });

  it('above 1000 matches the total is the planner’s estimate (meta.totalEstimated), carried by the cursor', async () => {
    const { caller: busy, id: busyId } = await signInAs(api, 'employee');
    await db(
      `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address, owner_id)
       SELECT 'bulk-' || g, '{"ru":"Офис"}', '{"ru":"Описание объекта для теста"}', $2, $3, 'rent', 'active', 100000 + g, 50, 'ул. Абая, 1', $1
         FROM generate_series(1, 1200) g`,
      [busyId, api.refs.categories.offices, api.refs.types.office],
    );
    await db(`ANALYZE properties`);
    const first = await list(busy, 'limit=100').expect(200);
    expect(first.body.meta.totalEstimated).toBe(true);
    expect(first.body.meta.total).toBeGreaterThan(1000);
    expect(first.body.meta.total).toBeLessThan(2000);
    const second = await list(busy, `limit=100&cursor=${first.body.meta.nextCursor}`).expect(200);
    expect(second.body.meta).toMatchObject({ total: first.body.meta.total, totalEstimated: true, page: 2 });
    // a narrow filter stays exact
    const exact = await list(busy, 'q=bulk-&limit=1').expect(200);
    expect(exact.body.meta.totalEstimated).toBeUndefined();
  });
});
