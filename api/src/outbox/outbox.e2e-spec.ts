import type { INestApplicationContext } from '@nestjs/common';
import { JobProducer, QueueName, redisConnection, redisUrl } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { startWorker } from '../../../worker/src/bootstrap';
import { startFakeSmtp, type FakeSmtp } from '../../../worker/test/fake-smtp';
import { Caller, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { REDIS } from '../common/redis.module';
import { OutboxRelay, outboxJobId } from './outbox.relay';

const SALES = 'sales@outbox.test';

/**
 * The outbox (issue 4 "a lead is never lost when Redis or the mailer is down"): the API reaches
 * Redis through a TCP proxy the test stops and starts. With Redis gone the lead is still stored
 * (201) with its notification in the outbox; once Redis is back the relay enqueues it and the
 * real worker handler delivers it to the fake SMTP server exactly once.
 *
 * "Nothing was sent" is checked on the queue, not by waiting: the worker can only mail what the
 * relay put on the notifications queue (job id `outbox-<row id>`), so no job, or one completed
 * job and nothing pending, means no (further) e-mail. Each test finds its own lead's mail, so
 * either runs alone or in any order.
 */
describe('outbox relay: Redis down, then back', () => {
  let smtp: FakeSmtp;
  let proxy: TcpProxy;
  let proxyDown = false;
  let api: AccountsApi;
  let worker: INestApplicationContext;
  let producer: JobProducer;
  /** The notifications queue as the API and the worker see it (real Redis, the API's prefix). */
  let queue: Queue;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    const real = new URL(redisUrl());
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 6379) });
    api = await startAccountsApi({ env: { REDIS_URL: proxy.url, OUTBOX_POLL_MS: '200', SALES_EMAIL: SALES, SMTP_URL: smtp.url } });
    // the worker talks to the real Redis directly (same key prefix), so only the API loses it
    worker = await startWorker({ logger: false, retryDelayMs: 200, connection: redisConnection(real.toString()) });
    producer = new JobProducer(redisConnection(real.toString()), api.redisPrefix);
    queue = producer.queue(QueueName.Notifications);
  });
  beforeEach(() => {
    smtp.rejectWith = null;
  });
  afterEach(async () => {
    // a test that failed with Redis cut off must not leave the next one without it
    if (proxyDown) await proxy.start();
    proxyDown = false;
  });
  afterAll(async () => {
    await producer?.close();
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
  /** The e-mails to sales about this lead. */
  const mailsOf = (leadId: string) => smtp.messages.filter((m) => m.rcptTo.includes(SALES) && m.text.includes(leadId));
  /** Jobs the worker has still to run on the notifications queue. */
  const pendingJobs = async () =>
    Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).reduce((a, b) => a + b, 0);

  it('stores the lead while Redis is down and delivers its notification exactly once when Redis is back', async () => {
    const relay = api.app.get(OutboxRelay);
    const apiRedis = api.app.get<Redis>(REDIS);
    const caller = await Caller.create(api.server);
    await proxy.stop();
    proxyDown = true;
    await eventually('the API to see Redis gone', () => apiRedis.status !== 'ready');
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
    const lead = await withClient(
      api.databaseUrl,
      async (c) => (await c.query(`SELECT status, quality FROM leads WHERE id = $1`, [leadId])).rows[0],
    );
    expect(lead).toEqual({ status: 'new', quality: 'warm' });

    // without Redis a relay round (the one the commit started, then one driven here) moves
    // nothing: the row waits untouched and no job exists for the worker to send
    await relay.idle();
    expect(await relay.relayPending()).toBe(0);
    const waiting = await outboxRow(leadId);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ dispatched_at: null, attempts: 0, last_error: null });
    expect(await queue.getJob(outboxJobId(waiting[0].id))).toBeUndefined();
    expect(mailsOf(leadId)).toHaveLength(0);

    // Redis is back: the relay enqueues (job id = outbox id) and the worker sends the e-mail
    await proxy.start();
    proxyDown = false;
    const mail = await eventually('the notification of the lead', () => mailsOf(leadId)[0], { timeoutMs: 20_000 });
    expect(mail.headers.subject).toBe('Новая заявка: Офис в аренду — Асель Нурланова');
    expect(mail.text).toContain('Телефон: +7 701 765 43 21');
    expect(mail.text).toContain(`Номер заявки: ${leadId}`);
    const [row] = await outboxRow(leadId);
    expect(row.dispatched_at).not.toBeNull();
    const sent = await eventually('the job to complete', async () => {
      const job = await queue.getJob(outboxJobId(row.id));
      return job?.finishedOn ? job : null;
    });

    // relaying again (as a second API process or a crash before the UPDATE would) adds no job:
    // the one job stays completed and nothing is pending, so the worker has nothing more to send
    await withClient(api.databaseUrl, (c) => c.query(`UPDATE outbox SET dispatched_at = NULL WHERE id = $1`, [row.id]));
    relay.kick();
    await relay.idle();
    expect((await outboxRow(leadId))[0].dispatched_at).not.toBeNull();
    const again = await queue.getJob(outboxJobId(row.id));
    expect([again?.timestamp, again?.finishedOn, await again?.getState()]).toEqual([sent.timestamp, sent.finishedOn, 'completed']);
    expect(await pendingJobs()).toBe(0);
    expect(mailsOf(leadId)).toHaveLength(1);
  });

  it('keeps the lead when the mailer refuses: the worker retries until it is accepted', async () => {
    smtp.rejectWith = 450;
    const caller = await Caller.create(api.server);
    const res = await caller
      .call('post', '/api/leads', {
        phone: '+77017000000',
        source: 'website_contact_form',
        topic: 'Обращение с сайта',
        message: 'Перезвоните после обеда',
      })
      .expect(201);
    const leadId: string = res.body.data.id;
    const row = await eventually('the relayed outbox row', async () => (await outboxRow(leadId)).find((r) => r.dispatched_at));
    // the worker has tried once and the mailer refused: the job waits for its retry, nothing was sent
    const refused = await eventually('a refused attempt', async () => {
      const job = await queue.getJob(outboxJobId(row.id));
      return job && job.attemptsMade >= 1 ? job : null;
    });
    expect(refused.failedReason).toMatch(/450/);
    expect(await refused.getState()).not.toBe('failed');
    expect(mailsOf(leadId)).toHaveLength(0);
    smtp.rejectWith = null;
    const delivered = await eventually('the retried notification', () => mailsOf(leadId)[0], { timeoutMs: 30_000 });
    expect(delivered.text).toContain(leadId);
  });
});
