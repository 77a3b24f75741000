import type { INestApplicationContext } from '@nestjs/common';
import type { PresentationBatchDto, PresentationDto } from '@realty/contracts';
import { JobName, JobProducer, JOB_QUEUE, redisConnection } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startWorker } from '../../../worker/src/bootstrap';
import { PresentationsService as WorkerPresentations } from '../../../worker/src/presentations/presentations.service';
import { signInAs, startAccountsApi, type AccountsApi, type Caller } from '../../test/accounts';
import { binary } from '../../test/crm-leads';
import { catalogProperties, insertProperty, withClient } from '../../test/fixtures';
import { isWholePdf, pptxSlides, zipEntries } from '../../test/presentations';

/**
 * Presentations end to end (issue 23 "Presentations"; spec 02 §7): API -> queue -> the worker's
 * real handler -> files under DATA_DIR/private/presentations, opened as PDF / PPTX / zip. Role
 * rules (an employee only their own), audit rows, bulk runs with their progress and zip, the
 * cap, retry of a failed one, delete, expiry by the maintenance job, idempotent jobs.
 */
describe('presentations, API -> queue -> worker', () => {
  let api: AccountsApi;
  let worker: INestApplicationContext;
  let dataDir: string;
  let agent: { caller: Caller; id: string };
  let other: { caller: Caller; id: string };
  let manager: { caller: Caller; id: string };
  const ids: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-presentations-'));
    api = await startAccountsApi({
      env: { DATA_DIR: dataDir },
      seed: async (url, refs) => {
        await withClient(url, async (c) => {
          for (const l of catalogProperties().slice(0, 6)) ids.push(await insertProperty(c, refs, l));
        });
      },
    });
    worker = await startWorker({
      logger: false,
      retryDelayMs: 200,
      handlers: [WorkerPresentations],
      jobs: [JobName.GeneratePresentation, JobName.ExpirePresentations],
      schedules: [],
    });
    agent = await signInAs(api, 'employee');
    other = await signInAs(api, 'employee');
    manager = await signInAs(api, 'manager');
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const get = async (who: Caller, id: string) =>
    (await who.call('get', `/api/presentations/${id}`).expect(200)).body.data as PresentationDto;
  const until = (who: Caller, id: string, status: string) =>
    eventually(
      `presentation ${id} ${status}`,
      async () => {
        const p = await get(who, id);
        if (p.status === 'failed' && status !== 'failed') throw new Error(`failed: ${p.error}`);
        return p.status === status && p;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  const file = (who: Caller, url: string) =>
    request(api.server).get(url).set('Authorization', `Bearer ${who.accessToken}`).buffer(true).parse(binary);
  const filesOnDisk = async () =>
    (await fs.readdir(path.join(dataDir, 'private', 'presentations')).catch(() => [] as string[])).filter((f) => f !== '.incoming').sort();

  it('lists the templates in four languages and answers one by id (404 unknown)', async () => {
    const list = (await agent.caller.call('get', '/api/presentations/templates/list').expect(200)).body.data;
    expect(list.map((t: { id: string }) => t.id)).toEqual(['one-page', 'classic', 'gallery']);
    for (const t of list) expect(Object.keys(t.name).sort()).toEqual(['en', 'kk', 'ru', 'zh']);
    expect((await agent.caller.call('get', '/api/presentations/templates/classic').expect(200)).body.data.name.kk).toBe('Классикалық');
    await agent.caller.call('get', '/api/presentations/templates/nope').expect(404);
  });

  it('validates the body in the request language (400 per field, unknown listings)', async () => {
    const bad = await agent.caller
      .call('post', '/api/presentations/generate?lang=en', { propertyIds: ['x'], templateId: 'fancy', format: 'doc', language: 'fr' })
      .expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['format', 'language', 'propertyIds', 'templateId']);
    expect(bad.body.error.fields.templateId).toBe('Choose a template');
    const unknown = await agent.caller
      .call('post', '/api/presentations/generate', {
        propertyIds: ['00000000-0000-4000-8000-000000000000'],
        templateId: 'classic',
        format: 'pdf',
        language: 'ru',
      })
      .expect(400);
    expect(unknown.body.error.fields.propertyIds).toBe('Некоторые объекты не найдены');
  });

  it('generates one PDF: answers at once, the worker completes it, the download is a whole PDF and is counted; audited', async () => {
    const res = await agent.caller
      .call('post', '/api/presentations/generate', {
        propertyIds: [ids[0]],
        templateId: 'classic',
        format: 'pdf',
        language: 'kk',
        options: { showPrice: false, includeAgentContacts: true },
      })
      .expect(201);
    expect(res.body.data).toEqual({ id: expect.any(String), status: 'generating' });
    const id = res.body.data.id as string;
    const done = await until(agent.caller, id, 'completed');
    expect(done).toMatchObject({ format: 'pdf', language: 'kk', templateId: 'classic', downloadCount: 0, attempts: 1, editable: true });
    expect(done.title).toContain('1');
    expect(done.options).toEqual({ showPrice: false, includeAgentContacts: true });
    expect(done.size).toBeGreaterThan(500);
    expect(done.expiresAt).not.toBeNull();

    const dl = await file(agent.caller, `/api/presentations/${id}/download`);
    if (dl.status !== 200) throw new Error(String(dl.body));
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toMatch(
      /^attachment; filename="presentation-[0-9a-f]{8}\.pdf"; filename\*=UTF-8''.+-kk\.pdf$/,
    );
    expect(isWholePdf(dl.body as Buffer)).toBe(true);
    expect((dl.body as Buffer).length).toBe(done.size);
    await file(manager.caller, `/api/presentations/${id}/download`).expect(200);
    expect((await get(agent.caller, id)).downloadCount).toBe(2);

    const audit = await db<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_logs WHERE action = 'presentation.generate' AND entity_id = $1`,
      [id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].after.format).toBe('pdf');

    // The same job queued again (e.g. a retried delivery) does nothing: no second run, one file.
    const producer = new JobProducer(redisConnection(), api.redisPrefix);
    try {
      const q = producer.queue(JOB_QUEUE[JobName.GeneratePresentation]);
      const again = await q.add(JobName.GeneratePresentation, { presentationId: id }, { jobId: `again-${id}` });
      await eventually('the repeated job', async () => (await q.getJobState(again.id!)) === 'completed');
      expect((await q.getJob(again.id!))?.returnvalue).toEqual({ presentationId: id, status: 'skipped', reason: 'completed' });
    } finally {
      await producer.close();
    }
    expect((await get(agent.caller, id)).attempts).toBe(1);
    expect((await filesOnDisk()).filter((f) => f.startsWith(id))).toEqual([`${id}.pdf`]);
  });

  it('generates a PPTX of several listings', async () => {
    const res = await agent.caller
      .call('post', '/api/presentations/generate', { propertyIds: [ids[1], ids[2]], templateId: 'gallery', format: 'pptx', language: 'zh' })
      .expect(201);
    const done = await until(agent.caller, res.body.data.id, 'completed');
    expect(done.title).toMatch(/\+1$/);
    const dl = await file(agent.caller, `/api/presentations/${done.id}/download`).expect(200);
    expect(dl.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(await pptxSlides(dl.body as Buffer)).toBeGreaterThanOrEqual(1);
  });

  it("keeps an employee to their own presentations; a manager sees everyone's", async () => {
    const mine = (await agent.caller.call('get', '/api/presentations').expect(200)).body;
    expect(mine.meta.total).toBeGreaterThanOrEqual(2);
    const theirs = (await other.caller.call('get', '/api/presentations?scope=all').expect(200)).body;
    expect(theirs.meta.total).toBe(0);
    const id = mine.data[0].id as string;
    await other.caller.call('get', `/api/presentations/${id}`).expect(403);
    await file(other.caller, `/api/presentations/${id}/download`).expect(403);
    await other.caller.call('delete', `/api/presentations/${id}`).expect(403);
    const all = (await manager.caller.call('get', '/api/presentations?scope=all&status=completed').expect(200)).body;
    expect(all.data.map((p: PresentationDto) => p.id)).toContain(id);
    expect(all.data.every((p: PresentationDto) => p.status === 'completed')).toBe(true);
    await agent.caller.call('get', '/api/presentations?status=bogus').expect(400);
    await agent.caller.call('get', '/api/presentations/not-a-uuid').expect(404);
  });

  it('bulk-generates a selection x languages x formats, reports the progress to 100% and zips the files', async () => {
    const res = await agent.caller
      .call('post', '/api/presentations/bulk-generate', {
        propertyIds: [ids[0], ids[3], ids[4]],
        templateId: 'one-page',
        languages: ['ru', 'en'],
        formats: ['pdf', 'pptx'],
      })
      .expect(201);
    expect(res.body.data).toEqual({ batchId: expect.any(String), count: 12 });
    const batchId = res.body.data.batchId as string;
    const batch = await eventually(
      'the batch at 100%',
      async () => {
        const b = (await agent.caller.call('get', `/api/presentations/batches/${batchId}`).expect(200)).body.data as PresentationBatchDto;
        return b.percent === 100 && b;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(batch).toMatchObject({
      total: 12,
      completed: 12,
      failed: 0,
      generating: 0,
      done: 12,
      languages: ['ru', 'en'],
      formats: ['pdf', 'pptx'],
    });
    await other.caller.call('get', `/api/presentations/batches/${batchId}`).expect(403);
    const listed = (await agent.caller.call('get', `/api/presentations?batchId=${batchId}&limit=100`).expect(200)).body;
    expect(listed.meta.total).toBe(12);

    const zip = await file(agent.caller, `/api/presentations/batches/${batchId}/zip`).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zip.body as Buffer);
    expect(entries.size).toBe(12);
    const names = [...entries.keys()];
    expect(names.filter((n) => n.endsWith('.pdf'))).toHaveLength(6);
    for (const [name, data] of entries) if (name.endsWith('.pdf')) expect(isWholePdf(data)).toBe(true);
    expect(names.filter((n) => n.endsWith('-en.pptx'))).toHaveLength(3);
    // A presentation deleted from the batch no longer counts in its progress.
    await agent.caller.call('delete', `/api/presentations/${listed.data[0].id}`).expect(204);
    const after = (await agent.caller.call('get', `/api/presentations/batches/${batchId}`).expect(200)).body.data as PresentationBatchDto;
    expect(after).toMatchObject({ total: 11, completed: 11, done: 11, percent: 100 });
    const audit = await db(`SELECT 1 FROM audit_logs WHERE action = 'presentation.bulk_generate' AND entity_id = $1`, [batchId]);
    expect(audit).toHaveLength(1);
  });

  it('bulk-generates by a catalogue filter; refuses neither / both, an empty filter and more than the cap', async () => {
    const res = await manager.caller
      .call('post', '/api/presentations/bulk-generate', {
        filter: { category: 'offices', dealType: 'rent' },
        templateId: 'one-page',
        languages: ['ru'],
        formats: ['pdf'],
      })
      .expect(201);
    const [{ n }] = await db<{ n: number }>(
      `SELECT count(*)::int AS n FROM properties p JOIN property_categories c ON c.id = p.category_id
        WHERE c.slug = 'offices' AND p.deal_type = 'rent' AND p.status = 'active' AND p.deleted_at IS NULL`,
    );
    expect(n).toBeGreaterThan(0);
    expect(res.body.data.count).toBe(n);

    const body = { templateId: 'one-page', languages: ['ru'], formats: ['pdf'] };
    const neither = await agent.caller.call('post', '/api/presentations/bulk-generate?lang=en', body).expect(400);
    expect(neither.body.error.fields.propertyIds).toBe('Choose listings or set a filter');
    await agent.caller.call('post', '/api/presentations/bulk-generate', { ...body, propertyIds: [ids[0]], filter: {} }).expect(400);
    const empty = await agent.caller
      .call('post', '/api/presentations/bulk-generate?lang=en', { ...body, filter: { category: 'no-such-category' } })
      .expect(400);
    expect(empty.body.error.fields.filter).toBe('No listing matches the filter');
    const many = Array.from({ length: 300 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await agent.caller
      .call('post', '/api/presentations/bulk-generate?lang=en', { ...body, propertyIds: many, languages: ['ru', 'en', 'kk', 'zh'] })
      .expect(400);
    expect(tooMany.body.error.fields.propertyIds).toBe('Too many presentations: 1200, at most 1000 allowed');
  });

  it('marks a presentation failed with the reason, retries it on request (409 otherwise), and deletes with its file', async () => {
    await db(`UPDATE properties SET deleted_at = now() WHERE id = $1`, [ids[5]]);
    const res = await agent.caller
      .call('post', '/api/presentations/generate', { propertyIds: [ids[1]], templateId: 'one-page', format: 'pdf', language: 'en' })
      .expect(201);
    const id = res.body.data.id as string;
    await until(agent.caller, id, 'completed');
    await agent.caller.call('post', `/api/presentations/${id}/retry`).expect(409);

    // A presentation whose listing was deleted after it was queued fails with the reason.
    const [{ id: failing }] = await db<{ id: string }>(
      `INSERT INTO presentations (title, property_ids, template_id, format, language, created_by)
       VALUES ('x', ARRAY[$1::uuid], 'one-page', 'pdf', 'ru', $2) RETURNING id`,
      [ids[5], agent.id],
    );
    const producer = new JobProducer(redisConnection(), api.redisPrefix);
    try {
      await producer.add(JobName.GeneratePresentation, { presentationId: failing });
      const failed = await until(agent.caller, failing, 'failed');
      expect(failed.error).toBe('Объекты презентации удалены');
      expect((await agent.caller.call('get', `/api/presentations/${failing}?lang=en`).expect(200)).body.data.error).toBe(
        'The listings of the presentation were deleted',
      );
      await file(agent.caller, `/api/presentations/${failing}/download`).expect(409);
      await db(`UPDATE properties SET deleted_at = NULL WHERE id = $1`, [ids[5]]);
      const retried = (await agent.caller.call('post', `/api/presentations/${failing}/retry`).expect(200)).body.data;
      expect(retried.status).toBe('generating');
      await until(agent.caller, failing, 'completed');
    } finally {
      await producer.close();
    }
    expect(await db(`SELECT 1 FROM audit_logs WHERE action = 'presentation.retry' AND entity_id = $1`, [failing])).toHaveLength(1);

    expect(await filesOnDisk()).toContain(`${id}.pdf`);
    await agent.caller.call('delete', `/api/presentations/${id}`).expect(204);
    await agent.caller.call('get', `/api/presentations/${id}`).expect(404);
    expect(await filesOnDisk()).not.toContain(`${id}.pdf`);
    expect(await db(`SELECT 1 FROM audit_logs WHERE action = 'presentation.delete' AND entity_id = $1`, [id])).toHaveLength(1);
  });

  it('expires files past their time (maintenance job): status expired, file removed, download 409; stats count it', async () => {
    const res = await agent.caller
      .call('post', '/api/presentations/generate', { propertyIds: [ids[2]], templateId: 'one-page', format: 'pdf', language: 'ru' })
      .expect(201);
    const id = res.body.data.id as string;
    await until(agent.caller, id, 'completed');
    await db(`UPDATE presentations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const result = await worker.get(WorkerPresentations).expire();
    expect(result.expired).toBe(1);
    const p = await get(agent.caller, id);
    expect(p.status).toBe('expired');
    expect(await filesOnDisk()).not.toContain(`${id}.pdf`);
    const refused = await file(agent.caller, `/api/presentations/${id}/download?lang=en`).expect(409);
    expect(refused.body.toString()).toContain('The file has expired');

    // A presentation whose job was lost is queued by the same job and made. Its run was killed
    // mid-write (that run counted itself: attempts 1) and left a temporary file: the next run removes it.
    const [{ id: lost }] = await db<{ id: string }>(
      `INSERT INTO presentations (title, property_ids, template_id, format, language, created_by, attempts, created_at, updated_at)
       VALUES ('lost', ARRAY[$1::uuid], 'one-page', 'pdf', 'ru', $2, 1, now() - interval '20 minutes', now() - interval '20 minutes') RETURNING id`,
      [ids[3], agent.id],
    );
    const incoming = path.join(dataDir, 'private', 'presentations', '.incoming');
    const leftover = path.join(incoming, `${lost}.pdf.99999.deadbeef.tmp`);
    await fs.writeFile(leftover, '%PDF-1.3 half');
    expect((await worker.get(WorkerPresentations).expire()).requeued).toBe(1);
    await until(agent.caller, lost, 'completed');
    expect(await fs.readdir(incoming)).toEqual([]);

    const stats = (await agent.caller.call('get', '/api/presentations/stats/overview').expect(200)).body.data;
    expect(stats.byStatus.expired).toBe(1);
    expect(stats.total).toBe(stats.byFormat.pdf + stats.byFormat.pptx);
    expect(stats.downloads).toBeGreaterThanOrEqual(2);
    const all = (await manager.caller.call('get', '/api/presentations/stats/overview').expect(200)).body.data;
    expect(all.total).toBeGreaterThan(stats.total);
  });
});
