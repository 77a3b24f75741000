import type { INestApplicationContext } from '@nestjs/common';
import { JobName } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startWorker } from '../../../../worker/src/bootstrap';
import { LeadImportService } from '../../../../worker/src/lead-import/lead-import.service';
import { signInAs, startAccountsApi, type AccountsApi, type Caller } from '../../../test/accounts';
import { binary, insertLeads } from '../../../test/crm-leads';
import { withClient } from '../../../test/fixtures';

/**
 * POST /api/crm/leads/import and the worker's jobs end to end (issue 22 "import ... processed in
 * the worker: column mapping, a dry-run preview, per-row errors downloadable, duplicates by
 * phone or e-mail flagged and merged on request, progress shown"; "the import of a 100,000-row
 * file (row errors and duplicates counted exactly), and an export -> import round trip giving
 * the same leads"). Real PostgreSQL, Redis, files and the worker's real handlers.
 */
describe('lead import, API -> queue -> worker', () => {
  let api: AccountsApi;
  let worker: INestApplicationContext;
  let dataDir: string;
  let agent: { caller: Caller; id: string; email: string };
  let other: { caller: Caller; id: string; email: string };
  let manager: { caller: Caller; id: string; email: string };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-lead-import-'));
    api = await startAccountsApi({ env: { DATA_DIR: dataDir, OUTBOX_POLL_MS: '100' } });
    worker = await startWorker({
      logger: false,
      retryDelayMs: 200,
      handlers: [LeadImportService],
      jobs: [JobName.LeadImportPreview, JobName.LeadImportRun],
      schedules: [],
    });
    agent = await signInAs(api, 'employee');
    other = await signInAs(api, 'employee');
    manager = await signInAs(api, 'manager');
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const db = <T>(fn: Parameters<typeof withClient<T>>[1]) => withClient(api.databaseUrl, fn);

  /** A multipart POST (no CSRF token, spec 02 §7) of one file as `who`. */
  const upload = (who: Caller | null, data: Buffer, name: string) => {
    let t = request(api.server).post('/api/crm/leads/import');
    if (who?.accessToken) t = t.set('Authorization', `Bearer ${who.accessToken}`);
    return t.attach('file', data, { filename: name });
  };
  const state = async (who: Caller, id: string) => (await who.call('get', `/api/crm/leads/import/${id}`).expect(200)).body.data;
  const until = (who: Caller, id: string, status: string, timeoutMs = 20_000) =>
    eventually(
      `import ${id} ${status}`,
      async () => {
        const s = await state(who, id);
        if (s.status === 'failed' && status !== 'failed') throw new Error(`import failed: ${s.failure}`);
        return s.status === status && s;
      },
      { timeoutMs, intervalMs: 100 },
    );
  /** Uploads and waits for the preview. */
  const uploaded = async (who: Caller, data: Buffer, name: string, timeoutMs?: number) => {
    const res = await upload(who, data, name).expect(201);
    expect(res.body.data.status).toBe('uploaded');
    return until(who, res.body.data.id, 'previewed', timeoutMs);
  };
  const errorsCsv = async (who: Caller, id: string) => {
    const res = await request(api.server)
      .get(`/api/crm/leads/import/${id}/errors`)
      .set('Authorization', `Bearer ${who.accessToken}`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return parse(res.body as Buffer, { bom: true, relax_column_count: true }) as string[][];
  };

  it('refuses anonymous callers (401), site users (403), other files (415) and no file (400)', async () => {
    await upload(null, Buffer.from('phone\n1'), 'a.csv').expect(401);
    const user = await signInAs(api, 'user');
    await upload(user.caller, Buffer.from('phone\n1'), 'a.csv').expect(403);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refused = await upload(agent.caller, png, 'x.csv').expect(415);
    expect(refused.body.error.code).toBe('UNSUPPORTED_FILE_TYPE');
    const none = await request(api.server)
      .post('/api/crm/leads/import')
      .set('Authorization', `Bearer ${agent.caller.accessToken}`)
      .field('x', '1')
      .expect(400);
    expect(Object.keys(none.body.error.fields)).toEqual(['file']);
  });

  it('previews with the suggested mapping, dry-runs without writing, then runs with a custom mapping and merges duplicates', async () => {
    const [existing] = await db((c) => insertLeads(c, [{ firstName: '', phone: '+7 (702) 000-00-01', email: '', ownerId: other.id }]));
    const csv = [
      'Имя,Фамилия,Телефон,Почта,Источник,Статус,Заметка,Ответственный',
      'Алия,Омарова,8 702 000 00 01,aliya@example.kz,referral,contacted,первая,' + other.email,
      'Ержан,,+7 705 555 66 77,,telegram,new,вторая,nobody@example.kz',
      'Без,Контактов,,,website,new,третья,',
      'Дина,Ли,+7 705 555-66-77,dina@example.kz,SOCIAL,QUALIFIED,четвёртая,',
      'Плохой,Статус,+7 707 123 45 67,,website,maybe,пятая,',
      'Марат,,,MARAT@example.kz,,,шестая,',
    ].join('\r\n');
    const previewed = await uploaded(agent.caller, Buffer.from(csv), 'лиды.csv');
    expect(previewed.originalName).toBe('лиды.csv');
    expect(previewed.format).toBe('csv');
    expect(previewed.totalRows).toBe(6);
    expect(previewed.preview.columns).toEqual(['Имя', 'Фамилия', 'Телефон', 'Почта', 'Источник', 'Статус', 'Заметка', 'Ответственный']);
    expect(previewed.preview.suggestedMapping).toEqual(['firstName', 'lastName', 'phone', 'email', 'source', 'status', '', 'ownerEmail']);
    expect(previewed.preview.rows).toHaveLength(6);
    expect(previewed.preview.rows[2]).toEqual({
      row: 4,
      values: { firstName: 'Без', lastName: 'Контактов', source: 'website', status: 'new' },
      errors: { phone: 'Нужен телефон или e-mail' },
    });
    expect(previewed.preview.rows[4].errors).toEqual({ status: expect.any(String) });

    const id = previewed.id;
    const mapping = ['firstName', 'lastName', 'phone', 'email', 'source', 'status', 'message', 'ownerEmail'];
    const before = await db(async (c) => (await c.query(`SELECT count(*)::int AS n FROM leads`)).rows[0].n as number);

    // 400 for a mapping that does not fit; 403 for another employee
    const bad = await agent.caller
      .call('post', `/api/crm/leads/import/${id}/run`, { mapping: ['phone', 'phone', '', '', '', '', '', ''] })
      .expect(400);
    expect(bad.body.error.fields.mapping).toBe('Одно поле выбрано для нескольких колонок');
    await agent.caller.call('post', `/api/crm/leads/import/${id}/run`, { mapping: ['firstName'] }).expect(400);
    await agent.caller.call('post', `/api/crm/leads/import/${id}/run`, { mapping: ['firstName', '', '', '', '', '', '', ''] }).expect(400);
    await other.caller.call('post', `/api/crm/leads/import/${id}/run`, { mapping }).expect(403);
    await other.caller.call('get', `/api/crm/leads/import/${id}`).expect(403);

    // dry run: counts, errors file, nothing written
    const started = await agent.caller
      .call('post', `/api/crm/leads/import/${id}/run`, { mapping, mergeDuplicates: true, dryRun: true })
      .expect(200);
    expect(started.body.data.status).toBe('running');
    const dry = await until(agent.caller, id, 'previewed');
    expect(dry.dryRun).toBe(true);
    expect(dry.dryRunResult).toEqual({ totalRows: 6, createdCount: 2, duplicateCount: 2, mergedCount: 2, errorCount: 2 });
    expect(dry.preview.mapping).toEqual(mapping);
    expect(await db(async (c) => (await c.query(`SELECT count(*)::int AS n FROM leads`)).rows[0].n)).toBe(before);
    const dryErrors = await errorsCsv(agent.caller, id);
    expect(dryErrors.map((r) => r.slice(0, 2))).toEqual([
      ['row', 'field'],
      ['4', 'phone'],
      ['6', 'status'],
    ]);

    // the real run, merging: row 2 into the existing lead (same phone), row 5 into row 3's new lead
    await agent.caller.call('post', `/api/crm/leads/import/${id}/run`, { mapping, mergeDuplicates: true }).expect(200);
    const done = await until(agent.caller, id, 'completed');
    expect(done).toMatchObject({ totalRows: 6, processedRows: 6, createdCount: 2, duplicateCount: 2, mergedCount: 2, errorCount: 2 });
    expect(done.finishedAt).not.toBeNull();

    const leads = await db(
      async (c) =>
        (
          await c.query(
            `SELECT id, first_name, last_name, phone, email, source, status, message, assigned_to, duplicate_of_id FROM leads
            WHERE created_at > now() - interval '1 hour' ORDER BY created_at, phone`,
          )
        ).rows,
    );
    const merged = leads.find((l) => l.id === existing)!;
    // the existing lead kept its phone and owner and got the empty fields filled
    expect(merged).toMatchObject({
      first_name: 'Алия',
      last_name: 'Омарова',
      phone: '+7 (702) 000-00-01',
      email: 'aliya@example.kz',
      message: 'первая',
    });
    expect(merged.assigned_to).toBe(other.id);
    const erzhan = leads.find((l) => l.first_name === 'Ержан')!;
    // owner e-mail of no CRM user: the importing user; merged row 5 filled its last name and e-mail
    expect(erzhan).toMatchObject({ last_name: 'Ли', email: 'dina@example.kz', source: 'telegram', status: 'new', assigned_to: agent.id });
    const marat = leads.find((l) => l.email === 'marat@example.kz')!;
    expect(marat).toMatchObject({ source: 'other', status: 'new', assigned_to: agent.id });
    expect(leads.filter((l) => l.first_name === 'Дина' || l.first_name === 'Плохой' || l.first_name === 'Без')).toEqual([]);
    const activities = await db(
      async (c) =>
        (await c.query(`SELECT type, lead_id, data FROM activities WHERE data->>'importId' = $1 ORDER BY type, data->>'row'`, [id])).rows,
    );
    expect(activities.map((a) => [a.type, a.lead_id, a.data.row])).toEqual([
      ['import', erzhan.id, 3],
      ['import', marat.id, 7],
      ['merged', existing, 2],
      ['merged', erzhan.id, 5],
    ]);

    const errors = await errorsCsv(agent.caller, id);
    expect(errors[0]).toEqual([
      'row',
      'field',
      'message',
      'Имя',
      'Фамилия',
      'Телефон',
      'Почта',
      'Источник',
      'Статус',
      'Заметка',
      'Ответственный',
    ]);
    expect(errors.slice(1)).toEqual([
      ['4', 'phone', 'Нужен телефон или e-mail', 'Без', 'Контактов', '', '', 'website', 'new', 'третья', ''],
      ['6', 'status', expect.any(String), 'Плохой', 'Статус', "'+7 707 123 45 67", '', 'website', 'maybe', 'пятая', ''],
    ]);
    const audit = await db(
      async (c) => (await c.query(`SELECT action FROM audit_logs WHERE entity_id = $1 ORDER BY occurred_at`, [id])).rows,
    );
    expect(audit.map((a) => a.action)).toEqual(['lead_import.create', 'lead_import.run', 'lead_import.run', 'lead_import.complete']);

    // a completed import never runs again; a manager may read it
    await agent.caller.call('post', `/api/crm/leads/import/${id}/run`, { mapping }).expect(409);
    await manager.caller.call('get', `/api/crm/leads/import/${id}`).expect(200);
  });

  it('imports an XLSX file and flags duplicates without merging', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Лист1');
    sheet.addRow(['First name', 'Phone', 'E-mail', 'Budget', 'Quality']);
    sheet.addRow(['Xlsx One', '+7 708 100 00 01', 'x1@example.kz', 2500000, 'hot']);
    sheet.addRow(['Xlsx Two', '+7 708 100 00 02', { text: 'x2@example.kz', hyperlink: 'mailto:x2@example.kz' }, '1 200 000,50', 'cold']);
    sheet.addRow(['Xlsx Again', '87081000001', '', null, '']);
    sheet.addRow(['Xlsx Bad', '+7 708 100 00 03', 'not-an-email', -5, 'hot']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const previewed = await uploaded(agent.caller, file, 'leads.xlsx');
    expect(previewed.format).toBe('xlsx');
    expect(previewed.preview.suggestedMapping).toEqual(['firstName', 'phone', 'email', 'budget', 'quality']);
    await agent.caller
      .call('post', `/api/crm/leads/import/${previewed.id}/run`, { mapping: previewed.preview.suggestedMapping })
      .expect(200);
    const done = await until(agent.caller, previewed.id, 'completed');
    expect(done).toMatchObject({ totalRows: 4, createdCount: 3, duplicateCount: 1, mergedCount: 0, errorCount: 1 });
    const rows = await db(
      async (c) =>
        (
          await c.query(
            `SELECT id, first_name, email, budget::text AS budget, quality, duplicate_of_id FROM leads WHERE first_name LIKE 'Xlsx%' ORDER BY first_name`,
          )
        ).rows,
    );
    const one = rows.find((r) => r.first_name === 'Xlsx One');
    expect(rows.map((r) => [r.first_name, r.email, r.budget, r.quality, r.duplicate_of_id])).toEqual([
      ['Xlsx Again', '', null, 'warm', one.id],
      ['Xlsx One', 'x1@example.kz', '2500000.00', 'hot', null],
      ['Xlsx Two', 'x2@example.kz', '1200000.50', 'cold', null],
    ]);
    const errors = await errorsCsv(agent.caller, previewed.id);
    expect(errors.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['5', 'budget'],
      ['5', 'email'],
    ]);
  });

  it('export -> import round trip gives the same leads', async () => {
    const owner = await signInAs(api, 'employee');
    const source = [
      {
        firstName: 'Круг',
        lastName: 'Первый',
        phone: '+7 709 000 00 01',
        email: 'r1@example.kz',
        telegram: '@r1',
        source: 'referral',
        topic: 'Покупка',
        message: 'Текст, "кавычки"\nи строка',
        status: 'qualified',
        quality: 'hot',
        budget: 990000.25,
      },
      {
        firstName: 'Круг',
        lastName: 'Второй',
        phone: '',
        email: 'r2@example.kz',
        source: 'whatsapp',
        topic: 'Аренда офиса',
        message: null,
        status: 'postponed',
        quality: 'cold',
        budget: null,
      },
      {
        firstName: '=1+1',
        lastName: '-минус',
        phone: '8 709 000 00 03',
        email: '',
        source: 'cold_call',
        topic: 'Просмотр',
        message: '@упоминание',
        status: 'lost',
        quality: 'warm',
        budget: 1,
      },
    ].map((l) => ({ ...l, ownerId: owner.id }));
    await db((c) => insertLeads(c, source));
    const columns =
      'first_name, last_name, phone, email, telegram, source, topic, message, status, quality, budget::text AS budget, assigned_to';
    const read = () =>
      db(
        async (c) =>
          (await c.query(`SELECT ${columns} FROM leads WHERE assigned_to = $1 AND deleted_at IS NULL ORDER BY last_name`, [owner.id])).rows,
      );
    const original = await read();
    expect(original).toHaveLength(3);

    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await request(api.server)
        .get(`/api/crm/leads/export?format=${format}&scope=all&agentId=${owner.id}`)
        .set('Authorization', `Bearer ${manager.caller.accessToken}`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      // the originals go (soft delete), so the imported ones are not their duplicates
      await db((c) => c.query(`UPDATE leads SET deleted_at = now() WHERE assigned_to = $1 AND deleted_at IS NULL`, [owner.id]));
      const previewed = await uploaded(manager.caller, exported.body as Buffer, `leads.${format}`);
      expect(previewed.preview.suggestedMapping).toEqual([
        '',
        'firstName',
        'lastName',
        'phone',
        'email',
        'telegram',
        'source',
        'topic',
        'message',
        'status',
        'quality',
        'budget',
        'ownerEmail',
        '',
      ]);
      await manager.caller
        .call('post', `/api/crm/leads/import/${previewed.id}/run`, { mapping: previewed.preview.suggestedMapping })
        .expect(200);
      const done = await until(manager.caller, previewed.id, 'completed');
      expect(done).toMatchObject({ totalRows: 3, createdCount: 3, duplicateCount: 0, errorCount: 0 });
      expect(await read()).toEqual(original);
    }
  });

  it('imports 100,000 rows with exactly counted errors and duplicates', async () => {
    // Rows i = 0..99999 with a unique phone and e-mail each, except:
    // i % 1000 = 7: no phone and no e-mail (100 errors); i % 1000 = 13: unknown status (100 errors);
    // i % 500 = 250: the phone of row i - 1 (200 duplicates of earlier rows);
    // i % 1000 = 400: its e-mail belongs to a lead already in the database (100 duplicates).
    const N = 100_000;
    await db((c) =>
      c.query(
        `INSERT INTO leads (first_name, email, source, topic, quality, assigned_to)
         SELECT 'Уже есть', 'bulk' || (g * 1000 + 400) || '@import.kz', 'website', 'Аренда', 'warm', $1 FROM generate_series(0, 99) g`,
        [other.id],
      ),
    );
    const phone = (i: number) => `+7 7${String(i).padStart(9, '0')}`;
    const lines = ['Имя;Фамилия;Телефон;E-mail;Источник;Статус;Бюджет'];
    for (let i = 0; i < N; i++) {
      const bad = i % 1000 === 7;
      const p = bad ? '' : i % 500 === 250 ? phone(i - 1) : phone(i);
      const e = bad ? '' : `bulk${i}@import.kz`;
      const status = i % 1000 === 13 ? 'unknown' : ['new', 'contacted', 'qualified'][i % 3];
      lines.push(`Имя${i};Фамилия ${i};${p};${e};${['website', 'referral', 'telegram'][i % 3]};${status};${(i % 50) * 100000 + 1}`);
    }
    const file = Buffer.from(lines.join('\n'));
    const previewed = await uploaded(agent.caller, file, 'big.csv', 120_000);
    expect(previewed.totalRows).toBe(N);
    expect(previewed.preview.suggestedMapping).toEqual(['firstName', 'lastName', 'phone', 'email', 'source', 'status', 'budget']);
    const started = Date.now();
    await agent.caller
      .call('post', `/api/crm/leads/import/${previewed.id}/run`, { mapping: previewed.preview.suggestedMapping })
      .expect(200);
    // progress is stored every batch
    const midway = await eventually(
      'progress',
      async () => {
        const s = await state(agent.caller, previewed.id);
        return s.processedRows > 0 && s.processedRows < N && s;
      },
      { timeoutMs: 60_000, intervalMs: 50 },
    ).catch(() => null);
    const done = await until(agent.caller, previewed.id, 'completed', 180_000);
    console.log(`100,000-row import: ${Date.now() - started} ms (progress seen at ${midway?.processedRows ?? 'none'})`);
    expect(done).toMatchObject({
      totalRows: N,
      processedRows: N,
      createdCount: N - 200,
      duplicateCount: 300,
      mergedCount: 0,
      errorCount: 200,
    });
    const counted = await db(
      async (c) =>
        (
          await c.query(
            `SELECT count(*)::int AS created, count(*) FILTER (WHERE duplicate_of_id IS NOT NULL)::int AS flagged
             FROM leads WHERE email LIKE 'bulk%@import.kz' AND first_name <> 'Уже есть'`,
          )
        ).rows[0],
    );
    expect(counted).toEqual({ created: N - 200, flagged: 300 });
    const errors = await errorsCsv(agent.caller, previewed.id);
    expect(errors.length).toBe(201);
    expect(errors[1].slice(0, 4)).toEqual(['9', 'phone', 'Нужен телефон или e-mail', 'Имя7']);
  }, 300_000);
});
