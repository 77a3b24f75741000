import type { INestApplicationContext } from '@nestjs/common';
import { redisConnection, redisUrl } from '@realty/jobs';
import { startWorker } from '../../../worker/src/bootstrap';
import { startFakeSmtp, type FakeSmtp } from '../../../worker/test/fake-smtp';
import { Caller, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { OutboxRelay } from './outbox.relay';

/**
 * The outbox (issue 4 "a lead is never lost when Redis or the mailer is down"): the API reaches
 * Redis through a TCP proxy the test stops and starts. With Redis gone the lead is still stored
 * (201) with its notification in the outbox; once Redis is back the relay enqueues it and the
 * real worker handler delivers it to the fake SMTP server exactly once.
 */
describe('outbox relay: Redis down, then back', () => {
  let smtp: FakeSmtp;
  let proxy: TcpProxy;
  let api: AccountsApi;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    const real = new URL(redisUrl());
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 6379) });
    api = await startAccountsApi({ env: { REDIS_URL: proxy.url, OUTBOX_POLL_MS: '200', SALES_EMAIL: 'sales@outbox.test', SMTP_URL: smtp.url } });
    // the worker talks to the real Redis directly (same key prefix), so only the API loses it
    worker = await startWorker({ logger: false, retryDelayMs: 200, connection: redisConnection(real.toString()) });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await proxy?.close();
    await smtp?.close();
  });

  const outboxRow = async (leadId: string) =>
    withClient(api.databaseUrl, async (c) => {
      const r = await c.query(`SELECT id, attempts, dispatched_at, last_error FROM outbox WHERE payload->'data'->>'leadId' = $1`, [leadId]);
      return r.rows as Array<{ id: string; attempts: number; dispatched_at: Date | null; last_error: string | null }>;
    });

  it('stores the lead while Redis is down and delivers its notification exactly once when Redis is back', async () => {
    const caller = await Caller.create(api.server);
    await proxy.stop();
    const res = await caller
      .call('post', '/api/leads', {
        firstName: 'Асель',
        lastName: 'Нурланова',
        phone: '+7 701 765 43 21',
        email: 'asel@example.kz',
        source: 'website_contact_page',
        topic: 'Офис в аренду',
        message: 'Ищу офис на 80 м² с 1 декабря.',
      })
      .expect(201);
    const leadId: string = res.body.data.id;
    const lead = await withClient(api.databaseUrl, async (c) => (await c.query(`SELECT status, quality FROM leads WHERE id = $1`, [leadId])).rows[0]);
    expect(lead).toEqual({ status: 'new', quality: 'warm' });

    // a while without Redis: the row waits, nothing is sent
    await new Promise((r) => setTimeout(r, 1500));
    await api.app.get(OutboxRelay).idle();
    const waiting = await outboxRow(leadId);
    expect(waiting).toHaveLength(1);
    expect(waiting[0].dispatched_at).toBeNull();
    expect(smtp.messages.filter((m) => m.rcptTo.includes('sales@outbox.test'))).toHaveLength(0);

    // Redis is back: the relay enqueues (job id = outbox id) and the worker sends the e-mail
    await proxy.start();
    const mail = await smtp.waitFor('sales@outbox.test', 20_000);
    expect(mail.headers.subject).toBe('Новая заявка: Офис в аренду — Асель Нурланова');
    expect(mail.text).toContain('Телефон: +7 701 765 43 21');
    expect(mail.text).toContain(`Номер заявки: ${leadId}`);
    const [row] = await outboxRow(leadId);
    expect(row.dispatched_at).not.toBeNull();

    // relaying again (as a second API process or a crash before the UPDATE would) sends nothing new
    await withClient(api.databaseUrl, (c) => c.query(`UPDATE outbox SET dispatched_at = NULL WHERE id = $1`, [row.id]));
    api.app.get(OutboxRelay).kick();
    await api.app.get(OutboxRelay).idle();
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.messages.filter((m) => m.rcptTo.includes('sales@outbox.test'))).toHaveLength(1);
    expect((await outboxRow(leadId))[0].dispatched_at).not.toBeNull();
  });

  it('keeps the lead when the mailer refuses: the worker retries until it is accepted', async () => {
    smtp.rejectWith = 450;
    const caller = await Caller.create(api.server);
    const res = await caller.call('post', '/api/leads', { phone: '+77017000000', source: 'website_contact_form', topic: 'Обращение с сайта', message: 'Перезвоните после обеда' }).expect(201);
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.messages.filter((m) => m.text.includes(res.body.data.id))).toHaveLength(0);
    smtp.rejectWith = null;
    const delivered = await smtp.waitForCount('sales@outbox.test', 2, 30_000);
    expect(delivered[1].text).toContain(res.body.data.id);
  });
});
