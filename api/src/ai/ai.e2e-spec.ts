import type { INestApplicationContext } from '@nestjs/common';
import type { AiRequestDto, RoleName } from '@realty/contracts';
import { JobName } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import { startWorker } from '../../../worker/src/bootstrap';
import { AiGenerateService } from '../../../worker/src/ai/ai-generate.service';
import { OfflineContentProvider } from '../../../worker/src/ai/offline-provider';
import { signInAs, startAccountsApi, type AccountsApi, type Caller } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * AI content end to end (issue 23 "AI content"; spec 02 §7 AI, AI property sessions): the API
 * queues a request (row + outbox in one transaction, audited), the worker's real AiGenerate
 * handler writes the draft with the offline provider, the listing stays unchanged until the
 * author accepts; accept writes the draft by the listing rules of issue 21 with its audit rows.
 * Real PostgreSQL, Redis, BullMQ and worker.
 */
describe('AI requests and sessions, API -> queue -> worker', () => {
  let api: AccountsApi;
  let worker: INestApplicationContext;
  let agent: { caller: Caller; id: string };
  let other: { caller: Caller; id: string };
  let admin: { caller: Caller; id: string };
  let manager: { caller: Caller; id: string };

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const listingBody = (over: Record<string, unknown> = {}) => ({
    title: { ru: 'Офис в БЦ Нурлы Тау' },
    description: { ru: 'Светлый офис с панорамными окнами и ремонтом.' },
    price: 450_000,
    area: 120.5,
    address: 'пр. Аль-Фараби, 17, блок 4Б',
    city: 'Алматы',
    dealType: 'rent',
    floor: 7,
    totalFloors: 20,
    features: ['parking'],
    categoryId: api.refs.categories.offices,
    propertyTypeId: api.refs.types.office,
    ...over,
  });
  const createListing = async (who: Caller) =>
    (await who.call('post', '/api/properties', listingBody()).expect(201)).body.data.id as string;
  const done = (who: Caller, id: string, status: 'completed' | 'failed' = 'completed') =>
    eventually(
      `ai request ${id} ${status}`,
      async () => {
        const r = (await who.call('get', `/api/ai/requests/${id}`).expect(200)).body.data as AiRequestDto;
        return r.status === status && r;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );

  beforeAll(async () => {
    api = await startAccountsApi({ env: { OUTBOX_POLL_MS: '100' } });
    worker = await startWorker({
      logger: false,
      retryDelayMs: 200,
      handlers: [AiGenerateService],
      jobs: [JobName.AiGenerate],
      schedules: [],
      contentProvider: new OfflineContentProvider(),
    });
    agent = await signInAs(api, 'employee');
    other = await signInAs(api, 'employee');
    admin = await signInAs(api, 'admin');
    manager = await signInAs(api, 'manager');
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it("refuses bad input with a per-field map in the request language, others' listings and site users", async () => {
    const id = await createListing(agent.caller);
    const bad = await agent.caller
      .call('post', '/api/ai/generate-description', { propertyId: 'nope', language: 'fr' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['language', 'propertyId']);
    await other.caller.call('post', '/api/ai/generate-description', { propertyId: id, language: 'en' }).expect(403);
    await agent.caller
      .call('post', '/api/ai/generate-description', { propertyId: '00000000-0000-4000-8000-000000000000', language: 'en' })
      .expect(404);
    const user = await signInAs(api, 'user');
    await user.caller.call('post', '/api/ai/generate-description', { propertyId: id, language: 'en' }).expect(403);
    await agent.caller.call('get', '/api/ai/status').expect(403);
    const t = await agent.caller
      .call('post', '/api/ai/translate', { entity: 'property', id, from: 'ru', to: ['de'], fields: ['price'] })
      .expect(400);
    expect(Object.keys(t.body.error.fields).sort()).toEqual(['fields', 'to']);
  });

  it('generate description: queued at once, drafted by the worker, written only when the author accepts (audited)', async () => {
    const id = await createListing(agent.caller);
    const queued = (await agent.caller.call('post', '/api/ai/generate-description', { propertyId: id, language: 'en' }).expect(202)).body
      .data as AiRequestDto;
    expect(queued).toMatchObject({ kind: 'description', status: 'queued', createdBy: agent.id });
    expect(await db(`SELECT 1 FROM audit_logs WHERE action = 'ai_request.create' AND entity_id = $1`, [queued.id])).toHaveLength(1);

    const ready = await done(agent.caller, queued.id);
    expect(ready.provider).toBe('offline');
    expect(String(ready.output!.text)).toMatch(
      /^Office of 120\.5 m² to rent at пр\. Аль-Фараби, 17, блок 4Б, Almaty\. It is on floor 7 of 20\./,
    );
    // Not written yet.
    let [row] = await db<{ description: Record<string, string>; status: string }>(
      `SELECT description, status FROM properties WHERE id = $1`,
      [id],
    );
    expect(row.description.en).toBe('');

    // Someone else cannot accept it; the author can, once.
    await other.caller.call('post', `/api/ai/requests/${queued.id}/accept`).expect(403);
    const accepted = (await agent.caller.call('post', `/api/ai/requests/${queued.id}/accept`).expect(200)).body.data as AiRequestDto;
    expect(accepted.acceptedAt).not.toBeNull();
    await agent.caller.call('post', `/api/ai/requests/${queued.id}/accept`).expect(409);
    [row] = await db(`SELECT description, status FROM properties WHERE id = $1`, [id]);
    // The listing was pending (an employee's): the edit replaces it and it stays on moderation.
    expect(row.status).toBe('pending');
    expect(row.description.en).toBe(ready.output!.text);
    expect(row.description.ru).toBe('Светлый офис с панорамными окнами и ремонтом.');
    const audits = await db<{ action: string }>(
      `SELECT action FROM audit_logs WHERE (entity_id = $1 AND action = 'property.update') OR (entity_id = $2 AND action = 'ai_request.accept')`,
      [id, queued.id],
    );
    expect(audits.map((a) => a.action).sort()).toEqual(['ai_request.accept', 'property.update']);
  });

  it("translate an active listing: an employee's accepted draft waits in pending_changes; a discarded one writes nothing", async () => {
    const id = await createListing(agent.caller);
    await admin.caller.call('post', `/api/properties/${id}/approve`, {}).expect(200);
    const t = (
      await agent.caller
        .call('post', '/api/ai/translate', { entity: 'property', id, from: 'ru', to: ['en', 'kk', 'zh'], fields: ['title', 'description'] })
        .expect(202)
    ).body.data as AiRequestDto;
    const ready = await done(agent.caller, t.id);
    const translations = ready.output!.translations as Record<string, Record<string, string>>;
    expect(Object.keys(translations).sort()).toEqual(['en', 'kk', 'zh']);
    await agent.caller.call('post', `/api/ai/requests/${t.id}/accept`).expect(200);
    const [row] = await db<{ status: string; title: Record<string, string>; pending_changes: { title: Record<string, string> } }>(
      `SELECT status, title, pending_changes FROM properties WHERE id = $1`,
      [id],
    );
    expect(row.status).toBe('active');
    expect(row.title.zh).toBe('');
    expect(row.pending_changes.title.zh).toBe(translations.zh.title);

    const q = (await agent.caller.call('post', '/api/ai/generate-questions', { propertyId: id, language: 'kk' }).expect(202)).body.data;
    const qReady = await done(agent.caller, q.id);
    expect((qReady.output!.questions as string[]).length).toBeGreaterThanOrEqual(3);
    await agent.caller.call('post', `/api/ai/requests/${q.id}/discard`).expect(200);
    await agent.caller.call('post', `/api/ai/requests/${q.id}/accept`).expect(409);
  });

  it("an admin's accepted description applies at once", async () => {
    const id = await createListing(admin.caller);
    const r = (await admin.caller.call('post', '/api/ai/generate-description', { propertyId: id, language: 'zh' }).expect(202)).body.data;
    const ready = await done(admin.caller, r.id);
    await admin.caller.call('post', `/api/ai/requests/${r.id}/accept`).expect(200);
    const [row] = await db<{ status: string; description: Record<string, string> }>(
      `SELECT status, description FROM properties WHERE id = $1`,
      [id],
    );
    expect(row).toMatchObject({ status: 'active' });
    expect(row.description.zh).toBe(ready.output!.text);
  });

  it('router, status, queue and hourly stats', async () => {
    const r = (
      await manager.caller
        .call('post', '/api/ai/generate-via-router', { prompt: 'Write a tagline', task: 'tagline', language: 'ru' })
        .expect(202)
    ).body.data;
    await done(manager.caller, r.id);
    const status = (await admin.caller.call('get', '/api/ai/status').expect(200)).body.data;
    expect(status).toMatchObject({ provider: 'offline', model: 'offline-templates-v1', configured: false });
    expect(status.counts.completed).toBeGreaterThanOrEqual(1);
    expect(status.queue).toMatchObject({ waiting: expect.any(Number), active: expect.any(Number) });

    const queue = (await admin.caller.call('get', '/api/ai/queue?limit=100').expect(200)).body;
    expect(queue.data.map((x: AiRequestDto) => x.id)).toContain(r.id);
    // An employee sees only their own requests.
    const mine = (await other.caller.call('get', '/api/ai/queue').expect(200)).body.data as AiRequestDto[];
    expect(mine.every((x) => x.createdBy === other.id)).toBe(true);

    const now = Date.now();
    const from = new Date(now - 3_600_000).toISOString();
    const to = new Date(now + 3_600_000).toISOString();
    const hours = (await manager.caller.call('get', `/api/ai/stats/hourly?from=${from}&to=${to}`).expect(200)).body.data;
    expect(hours.length).toBeGreaterThanOrEqual(2);
    expect(hours.reduce((n: number, h: { requests: number }) => n + h.requests, 0)).toBe(
      Number(
        (await db<{ n: string }>(`SELECT count(*) AS n FROM ai_requests WHERE created_at >= $1 AND created_at < $2`, [from, to]))[0].n,
      ),
    );
    await manager.caller.call('get', `/api/ai/stats/hourly?from=${to}&to=${from}`).expect(400);
    // The api-client adds ?lang= to every read.
    await admin.caller.call('get', '/api/ai/queue?lang=kk&page=1&limit=25').expect(200);
    await admin.caller.call('get', '/api/ai/stats/hourly?lang=zh').expect(200);
    await agent.caller.call('get', '/api/ai-property-sessions?lang=en').expect(200);
  });

  it('AI property session: create, edit, suggestions by the worker, complete into a listing on moderation', async () => {
    const s = (
      await agent.caller
        .call('post', '/api/ai-property-sessions', { fields: { title: { ru: 'Склад на Рыскулова' }, dealType: 'sale' } })
        .expect(201)
    ).body.data;
    expect(s.status).toBe('created');
    const body = listingBody({ title: { ru: 'Склад на Рыскулова' }, dealType: 'sale', price: 250_000_000, area: 1800 });
    delete (body as Record<string, unknown>).description;
    const edited = (await agent.caller.call('patch', `/api/ai-property-sessions/${s.id}`, { fields: body }).expect(200)).body.data;
    expect(edited.status).toBe('editing');
    const req = (await agent.caller.call('post', `/api/ai-property-sessions/${s.id}/generate-suggestions`, { language: 'ru' }).expect(202))
      .body.data;
    await done(agent.caller, req.id);
    const suggested = (await agent.caller.call('get', `/api/ai-property-sessions/${s.id}`).expect(200)).body.data;
    expect(suggested.status).toBe('suggested');
    expect(suggested.suggestions.description.ru).toMatch(/Продаётся офис площадью 1 800 м²/);
    await other.caller.call('get', `/api/ai-property-sessions/${s.id}`).expect(403);

    const completed = (await agent.caller.call('post', `/api/ai-property-sessions/${s.id}/complete`, { publishToSite: true }).expect(200))
      .body.data;
    expect(completed).toMatchObject({ status: 'completed', publishToSite: true });
    const [p] = await db<{ status: string; owner_id: string; description: Record<string, string> }>(
      `SELECT status, owner_id, description FROM properties WHERE id = $1`,
      [completed.propertyId],
    );
    expect(p).toMatchObject({ status: 'pending', owner_id: agent.id });
    expect(p.description.kk).toBe(suggested.suggestions.description.kk);
    await agent.caller.call('post', `/api/ai-property-sessions/${s.id}/complete`, { publishToSite: true }).expect(409);
    expect(
      await db(`SELECT 1 FROM audit_logs WHERE action IN ('ai_session.complete', 'property.create') AND entity_id IN ($1, $2)`, [
        s.id,
        completed.propertyId,
      ]),
    ).toHaveLength(2);

    // An incomplete draft is refused with the listing's fields.
    const empty = (await agent.caller.call('post', '/api/ai-property-sessions', {}).expect(201)).body.data;
    const refused = await agent.caller.call('post', `/api/ai-property-sessions/${empty.id}/complete`, { publishToSite: false }).expect(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(expect.arrayContaining(['title', 'price', 'area']));
    const list = (await agent.caller.call('get', '/api/ai-property-sessions').expect(200)).body;
    expect(list.meta.total).toBe(2);
  });

  it.each<RoleName>(['employee', 'manager'])('%s: session complete without publishing keeps a new listing off the site', async (role) => {
    const who = role === 'employee' ? agent : manager;
    const s = (await who.caller.call('post', '/api/ai-property-sessions', { fields: listingBody() }).expect(201)).body.data;
    const done2 = (await who.caller.call('post', `/api/ai-property-sessions/${s.id}/complete`, { publishToSite: false }).expect(200)).body
      .data;
    const [p] = await db<{ status: string }>(`SELECT status FROM properties WHERE id = $1`, [done2.propertyId]);
    expect(p.status).toBe('inactive');
  });
});
