import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@realty/testkit';
import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { countDocumentView, PAGE_CACHE_REFRESH_HEADER, ServerPageViewQueue, type ScheduleTimer } from './analytics.server';

/** A timer the test fires itself (ServerPageViewQueue's `schedule`): what is pending, and after how many ms. */
function manualTimer() {
  const pending: { run: () => void; ms: number }[] = [];
  const schedule: ScheduleTimer = (run, ms) => {
    const entry = { run, ms };
    pending.push(entry);
    return () => pending.splice(pending.indexOf(entry) >>> 0, 1);
  };
  return { schedule, pending, fire: () => pending.splice(0).forEach((entry) => entry.run()) };
}

/**
 * Server-counted page views (spec 01 §3; issue 6): queued and sent to the API in batches. The
 * real API runs in this process on its own database and Redis prefix (@realty/test-api);
 * the test reads what it stored: the rows of website_page_views (the rows of one batch share
 * its transaction, `xmin`) and its per-visitor analytics counters. The queue's clock and timer
 * are the test's.
 */
describe('countDocumentView', () => {
  let api: ListeningApi;
  const saved = process.env.API_URL;
  /** The clock of the queues below: every view's timestamp. */
  const NOW = Date.parse('2026-11-23T10:00:00.000Z');

  beforeAll(async () => {
    api = await startListeningApi();
    process.env.API_URL = api.url;
  }, 60_000);
  afterAll(async () => {
    process.env.API_URL = saved;
    await api?.close();
  });

  const page = (path: string, headers: Record<string, string> = {}) =>
    new Request(`http://localhost${path}`, {
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Test', 'x-client-ip': '203.0.113.7', ...headers },
    });
  const query = <T>(sql: string, params: unknown[] = []) => api.query<T>(sql, params);
  /** The id of the last stored view: the rows of a test are those after it. */
  const lastId = async () => (await query<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM website_page_views`))[0].id;
  /** The views stored after `since`, in order. */
  const viewsSince = (since: number) =>
    query<Record<string, unknown>>(
      `SELECT path, utm_source, language, origin, user_agent, session_id, client_timestamp FROM website_page_views WHERE id > $1 ORDER BY id`,
      [since],
    );
  /** How many views each request of the web stored after `since` (one INSERT, one transaction, per batch), in order. */
  const batchesSince = async (since: number) =>
    (
      await query<{ n: number }>(`SELECT count(*)::int AS n FROM website_page_views WHERE id > $1 GROUP BY xmin::text ORDER BY min(id)`, [
        since,
      ])
    ).map((b) => b.n);
  /** Views the API has counted against `ip`'s analytics limit in this window. */
  const countedFor = (ip: string) => api.analyticsCountFor(ip);

  it('queues the views of document requests and sends them in one batch', async () => {
    const since = await lastId();
    const countedBefore = await countedFor('203.0.113.7');
    const timer = manualTimer();
    const queue = new ServerPageViewQueue({ now: () => NOW, schedule: timer.schedule });
    const first = countDocumentView(page('/catalog?utm_source=mail'), 'ru', queue);
    const second = countDocumentView(page('/property/x', { cookie: 'asid=abcdef1234567890' }), 'en', queue);
    expect(first.counted && second.counted).toBe(true);
    expect(first.setCookie).toMatch(/^asid=[\w-]+; Path=\/; SameSite=Lax/);
    expect(second.setCookie).toBeNull();
    // not a document request, a private page: not counted
    expect(
      countDocumentView(new Request('http://localhost/catalog', { headers: { accept: 'application/json' } }), 'ru', queue).counted,
    ).toBe(false);
    expect(countDocumentView(page('/dashboard'), 'ru', queue).counted).toBe(false);
    // Nothing sent yet: the batch waits for its timer (250 ms).
    expect(await viewsSince(since)).toEqual([]);
    expect(timer.pending.map((entry) => entry.ms)).toEqual([250]);
    await queue.flush();
    expect(timer.pending).toEqual([]);
    expect(await batchesSince(since)).toEqual([2]);
    expect(await viewsSince(since)).toEqual([
      expect.objectContaining({
        path: '/catalog',
        utm_source: 'mail',
        language: 'ru',
        origin: 'server',
        user_agent: 'Mozilla/5.0 Test',
        session_id: first.setCookie!.slice(5, first.setCookie!.indexOf(';')),
      }),
      expect.objectContaining({ path: '/property/x', language: 'en', session_id: 'abcdef1234567890' }),
    ]);
    expect((await viewsSince(since)).map((view) => (view.client_timestamp as Date).toISOString())).toEqual([
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ]);
    // Each view carried the visitor's address: the API counted both against it.
    expect(await countedFor('203.0.113.7')).toBe(countedBefore + 2);
  });

  it("counts no view for the page cache's own render, which renders the page as counted", async () => {
    const since = await lastId();
    const queue = new ServerPageViewQueue({ now: () => NOW, schedule: manualTimer().schedule });
    const refresh = countDocumentView(page('/catalog', { [PAGE_CACHE_REFRESH_HEADER]: '1' }), 'ru', queue);
    expect(refresh).toEqual({ counted: true, setCookie: null });
    countDocumentView(page('/catalog?counted=yes'), 'ru', queue);
    await queue.flush();
    expect(await batchesSince(since)).toEqual([1]);
    expect(await viewsSince(since)).toEqual([expect.objectContaining({ path: '/catalog' })]);
    expect(await viewsSince(since)).toHaveLength(1);
  });

  it('keeps every view acceptable to the API: a long path is cut, an odd address left out', async () => {
    const since = await lastId();
    const queue = new ServerPageViewQueue({ now: () => NOW, schedule: manualTimer().schedule });
    countDocumentView(page(`/property/${'x'.repeat(3000)}`, { 'x-client-ip': 'fe80::1%eth0' }), 'ru', queue);
    await queue.flush();
    // Stored: the API refuses a whole batch (400) for one path over 2000 characters or one odd address.
    const [view] = await viewsSince(since);
    expect((view.path as string).length).toBe(2000);
    expect(await countedFor('fe80::1%eth0')).toBe(0);
  });

  it('sends a full batch at once, and the rest after a short wait', async () => {
    const since = await lastId();
    const timer = manualTimer();
    const queue = new ServerPageViewQueue({ now: () => NOW, schedule: timer.schedule });
    for (let i = 0; i < 101; i++) countDocumentView(page(`/p${i}`), 'ru', queue);
    await eventually('the full batch stored', async () => (await batchesSince(since)).length > 0);
    expect(await batchesSince(since)).toEqual([100]);
    // The rest waits for the timer, 250 ms; when it fires, it goes.
    expect(timer.pending.map((entry) => entry.ms)).toEqual([250]);
    timer.fire();
    await eventually('the rest stored', async () => (await batchesSince(since)).length > 1);
    expect(await batchesSince(since)).toEqual([100, 1]);
  });
});
