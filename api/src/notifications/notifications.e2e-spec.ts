import { Clock } from '../common/clock';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { catalogProperties, insertProperty, withClient } from '../../test/fixtures';

/**
 * Notifications (issue 22 "Notifications"; spec 02 §2 /dashboard/notifications): a reader sees
 * and marks only their own, newest first, texts in the request's language; the unread count;
 * the listing rejection notifies the listing's owner in its transaction.
 */
describe('notifications API', () => {
  let api: AccountsApi;
  let me: { caller: Caller; id: string };
  let someoneElse: { caller: Caller; id: string };

  const db = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const notify = async (userId: string, type: string, data: object, minutesAgo: number) =>
    (
      await db<{ id: string }>(
        `INSERT INTO notifications (user_id, type, data, link, created_at) VALUES ($1, $2, $3, '/dashboard/crm', now() - make_interval(mins => $4)) RETURNING id`,
        [userId, type, JSON.stringify(data), minutesAgo],
      )
    )[0].id;

  beforeAll(async () => {
    api = await startAccountsApi({ env: { OUTBOX_POLL_MS: '600000' } });
    me = await signInAs(api, 'manager');
    someoneElse = await signInAs(api, 'employee');
  });
  afterAll(() => api?.close());

  it('lists only the caller’s, newest first, with texts in the request language; counts, reads one and all', async () => {
    const older = await notify(me.id, 'lead_assigned', { leadName: 'Айгерим Сейтова' }, 30);
    const newer = await notify(me.id, 'task_due', { title: 'Позвонить клиенту' }, 5);
    const theirs = await notify(someoneElse.id, 'lead_waiting', { leadName: 'X', minutes: 20 }, 1);

    const list = await me.caller.call('get', '/api/notifications').expect(200);
    expect(list.body.data.map((n: { id: string }) => n.id)).toEqual([newer, older]);
    expect(list.body.data[1]).toMatchObject({
      type: 'lead_assigned',
      text: 'Вам назначен лид: Айгерим Сейтова',
      read: false,
      link: '/dashboard/crm',
    });
    expect(list.body.meta).toMatchObject({ total: 2, page: 1 });
    const en = await me.caller.call('get', '/api/notifications?lang=en&limit=1').expect(200);
    expect(en.body.data).toEqual([expect.objectContaining({ id: newer, text: 'Task due: Позвонить клиенту' })]);
    expect(en.body.meta).toMatchObject({ total: 2, limit: 1, totalPages: 2 });

    expect((await me.caller.call('get', '/api/notifications/unread-count').expect(200)).body.data).toEqual({ count: 2 });
    // another's notification cannot be read or marked
    await me.caller.call('post', `/api/notifications/${theirs}/read`).expect(404);
    await me.caller.call('post', `/api/notifications/not-a-uuid/read`).expect(404);

    api.app.get(Clock).now = () => Date.UTC(2026, 10, 26, 9, 0);
    const read = await me.caller.call('post', `/api/notifications/${older}/read`).expect(200);
    expect(read.body.data).toMatchObject({ id: older, read: true });
    expect((await me.caller.call('get', '/api/notifications/unread-count').expect(200)).body.data).toEqual({ count: 1 });
    const unread = await me.caller.call('get', '/api/notifications?unread=true').expect(200);
    expect(unread.body.data.map((n: { id: string }) => n.id)).toEqual([newer]);

    expect((await me.caller.call('post', '/api/notifications/read-all').expect(200)).body.data).toEqual({ updated: 1 });
    expect((await me.caller.call('get', '/api/notifications/unread-count').expect(200)).body.data).toEqual({ count: 0 });
    const [kept] = await db<{ read_at: Date }>(`SELECT read_at FROM notifications WHERE id = $1`, [older]);
    expect(kept.read_at.toISOString()).toBe('2026-11-26T09:00:00.000Z');
    // the other user's stays unread
    expect((await someoneElse.caller.call('get', '/api/notifications/unread-count').expect(200)).body.data).toEqual({ count: 1 });
    await (await Caller.create(api.server)).call('get', '/api/notifications').expect(401);
    await me.caller.call('get', '/api/notifications?unread=maybe').expect(400);
  });

  it('a listing rejection notifies its owner (listing_rejected) in the same transaction', async () => {
    const owner = await signInAs(api, 'employee');
    const admin = (await signInAs(api, 'admin')).caller;
    const propertyId = await withClient(api.databaseUrl, (c) =>
      insertProperty(c, api.refs, { ...catalogProperties()[0], slug: 'rejected-office', status: 'pending' }),
    );
    await db(`UPDATE properties SET owner_id = $2 WHERE id = $1`, [propertyId, owner.id]);
    await admin.call('post', `/api/properties/${propertyId}/reject`, { reason: 'Нет фотографий', notes: 'Добавьте фото' }).expect(200);

    const list = await owner.caller.call('get', '/api/notifications').expect(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      type: 'listing_rejected',
      link: `/dashboard/employee/edit/${propertyId}`,
      data: expect.objectContaining({ propertyId, reason: 'Нет фотографий' }),
    });
    expect(list.body.data[0].text).toMatch(/^Объявление отклонено: .+\. Причина: Нет фотографий$/);
    expect((await owner.caller.call('get', '/api/notifications/unread-count').expect(200)).body.data).toEqual({ count: 1 });
  });
});
