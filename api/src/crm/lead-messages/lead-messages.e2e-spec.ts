import type { INestApplicationContext } from '@nestjs/common';
import { startWorker } from '../../../../worker/src/bootstrap';
import { startFakeSmtp, type FakeSmtp } from '../../../../worker/test/fake-smtp';
import { startFakeTelegram, type FakeTelegram } from '../../../../worker/test/fake-telegram';
import { eventually } from '@realty/testkit';
import { signInAs, startAccountsApi, type AccountsApi, type Caller } from '../../../test/accounts';
import { catalogProperties, insertProperty, withClient } from '../../../test/fixtures';

/**
 * Messages to a lead (issue 22; spec 02 §7 "CRM leads" send-email, send-telegram): API -> outbox
 * -> notifications queue -> worker -> local fake SMTP server / fake Telegram Bot API server,
 * with the rendered text; ownership, the field errors, the activity and audit rows, and Bot API
 * failures (a 4xx fails at once and marks the activity failed; a 5xx is retried).
 */
describe('send e-mail / Telegram to a lead', () => {
  let smtp: FakeSmtp;
  let telegram: FakeTelegram;
  let api: AccountsApi;
  let worker: INestApplicationContext;
  let agent: { caller: Caller; id: string; email: string };
  let other: Caller;
  let manager: Caller;
  let propertyId: string;
  let emailTemplate: string;
  let telegramTemplate: string;

  const db = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const insertLead = async (over: { email?: string; telegram?: string; firstName?: string; assignedTo?: string | null } = {}) =>
    (
      await db<{ id: string }>(
        `INSERT INTO leads (first_name, last_name, phone, email, telegram, source, topic, status, quality, assigned_to, property_id)
         VALUES ($1, 'Сейтова', '+77010000000', $2, $3, 'website', 'Аренда офиса', 'new', 'warm', $4, $5) RETURNING id`,
        [
          over.firstName ?? 'Айгерим',
          over.email ?? 'aigerim@example.kz',
          over.telegram ?? '',
          over.assignedTo === undefined ? agent.id : over.assignedTo,
          propertyId,
        ],
      )
    )[0].id;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    telegram = await startFakeTelegram();
    api = await startAccountsApi({
      env: {
        SMTP_URL: smtp.url,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        OUTBOX_POLL_MS: '100',
        PUBLIC_WEB_URL: 'http://web.test:3000',
      },
      seed: async (url, refs) => {
        await withClient(url, async (c) => {
          const spec = {
            ...catalogProperties()[0],
            slug: 'office-nurly-tau',
            title: { ru: 'Офис <Нурлы Тау>', en: 'Office <Nurly Tau>', kk: 'Кеңсе', zh: '办公室' },
          };
          propertyId = await insertProperty(c, refs, spec);
        });
      },
    });
    worker = await startWorker({ logger: false, retryDelayMs: 200 });
    agent = await signInAs(api, 'employee');
    await db(`UPDATE users SET first_name = 'Ерлан', last_name = 'Агентов', phone = '+7 701 555 11 22' WHERE id = $1`, [agent.id]);
    other = (await signInAs(api, 'employee')).caller;
    manager = (await signInAs(api, 'manager')).caller;
    const admin = (await signInAs(api, 'admin')).caller;
    emailTemplate = (
      await admin
        .call('post', '/api/crm/message-templates', {
          name: 'Приглашение',
          channel: 'email',
          subject: { ru: 'Просмотр: {{property.title}}', en: 'Viewing: {{property.title}}' },
          body: {
            ru: 'Здравствуйте, {{lead.firstName}}!\nОбъект: {{property.title}} {{property.url}}\n{{agent.name}}, {{agent.phone}}',
            en: 'Hello, {{lead.firstName}}! {{agent.email}}',
          },
        })
        .expect(201)
    ).body.data.id;
    telegramTemplate = (
      await admin
        .call('post', '/api/crm/message-templates', {
          name: 'TG',
          channel: 'telegram',
          body: { ru: '{{lead.firstName}}, это {{agent.name}}. <b>{{property.title}}</b>' },
        })
        .expect(201)
    ).body.data.id;
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await telegram?.close();
    await smtp?.close();
  });

  it('send-email: the rendered mail arrives; activity and audit are written; HTML values escaped', async () => {
    const leadId = await insertLead({ email: 'lead.one@example.kz', firstName: 'Айгерим <b>' });
    const res = await agent.caller.call('post', `/api/crm/leads/${leadId}/send-email`, { templateId: emailTemplate }).expect(202);
    expect(res.body.data).toMatchObject({ channel: 'email', to: 'lead.one@example.kz', subject: 'Просмотр: Офис <Нурлы Тау>' });

    const mail = await smtp.waitFor('lead.one@example.kz');
    expect(mail.headers.subject).toBe('Просмотр: Офис <Нурлы Тау>');
    expect(mail.text).toContain('Здравствуйте, Айгерим <b>!');
    expect(mail.text).toContain('Объект: Офис <Нурлы Тау> http://web.test:3000/property/office-nurly-tau');
    expect(mail.text).toContain('Ерлан Агентов, +7 701 555 11 22');
    expect(mail.html).toContain('Здравствуйте, Айгерим &lt;b&gt;!');
    expect(mail.html).toContain('Офис &lt;Нурлы Тау&gt;');

    const [activity] = await db<{ type: string; actor_id: string; data: Record<string, unknown>; body: string }>(
      `SELECT type, actor_id, data, body FROM activities WHERE lead_id = $1`,
      [leadId],
    );
    expect(activity).toMatchObject({
      type: 'email',
      actor_id: agent.id,
      data: expect.objectContaining({ templateId: emailTemplate, to: 'lead.one@example.kz' }),
    });
    expect(activity.body).toContain('Здравствуйте, Айгерим <b>!');
    const sent = await eventually('the e-mail activity marked sent', async () => {
      const [a] = await db<{ data: { status: string } }>(`SELECT data FROM activities WHERE lead_id = $1`, [leadId]);
      return a.data.status === 'sent' && a.data;
    });
    expect(sent).toMatchObject({ status: 'sent', messageId: expect.any(String) });
    const audit = await db(`SELECT action FROM audit_logs WHERE entity = 'lead' AND entity_id = $1`, [leadId]);
    expect(audit).toEqual([{ action: 'lead.send_email' }]);

    // in English on request
    await manager.call('post', `/api/crm/leads/${leadId}/send-email`, { templateId: emailTemplate, language: 'en' }).expect(202);
    const [, en] = await smtp.waitForCount('lead.one@example.kz', 2);
    expect(en.headers.subject).toBe('Viewing: Office <Nurly Tau>');
  });

  it('refuses another agent, a lead without e-mail or Telegram, a template of the other channel, an unknown lead', async () => {
    const leadId = await insertLead({ email: '' });
    await other.call('post', `/api/crm/leads/${leadId}/send-email`, { templateId: emailTemplate }).expect(403);
    const noEmail = await agent.caller.call('post', `/api/crm/leads/${leadId}/send-email`, { templateId: emailTemplate }).expect(400);
    expect(noEmail.body.error.fields).toEqual({ email: 'У лида нет адреса электронной почты' });
    const noTg = await agent.caller.call('post', `/api/crm/leads/${leadId}/send-telegram`, { templateId: telegramTemplate }).expect(400);
    expect(noTg.body.error.fields).toEqual({ telegram: 'У лида не указан Telegram (chat id или @username)' });
    const wrong = await agent.caller.call('post', `/api/crm/leads/${leadId}/send-telegram`, { templateId: emailTemplate }).expect(400);
    expect(Object.keys(wrong.body.error.fields)).toEqual(['templateId']);
    await agent.caller.call('post', `/api/crm/leads/${leadId}/send-email`, { templateId: 'nope' }).expect(400);
    await agent.caller
      .call('post', `/api/crm/leads/00000000-0000-4000-8000-000000000000/send-email`, { templateId: emailTemplate })
      .expect(404);
    expect(await db(`SELECT id FROM activities WHERE lead_id = $1`, [leadId])).toEqual([]);
    expect(await db(`SELECT id FROM outbox WHERE payload->'data'->>'leadId' = $1 OR payload->>'leadId' = $1`, [leadId])).toEqual([]);
  });

  it('send-telegram: the fake Bot API receives sendMessage with the chat id and the text; the activity is marked sent', async () => {
    const leadId = await insertLead({ telegram: '@aigerim_s' });
    const res = await agent.caller.call('post', `/api/crm/leads/${leadId}/send-telegram`, { templateId: telegramTemplate }).expect(202);
    expect(res.body.data).toMatchObject({ channel: 'telegram', to: '@aigerim_s', subject: null });
    const msg = await telegram.waitFor('@aigerim_s');
    expect(msg.text).toBe('Айгерим, это Ерлан Агентов. <b>Офис <Нурлы Тау></b>');
    expect(msg.token).toBe(telegram.token);
    const sent = await eventually('the activity marked sent', async () => {
      const [a] = await db<{ data: { status: string; messageId: number } }>(`SELECT data FROM activities WHERE lead_id = $1`, [leadId]);
      return a.data.status !== 'queued' && a.data;
    });
    expect(sent).toEqual(expect.objectContaining({ status: 'sent', messageId: expect.any(Number) }));
  });

  it('a Bot API 400 fails the job at once and marks the activity failed; a 502 is retried', async () => {
    const leadId = await insertLead({ telegram: '100200300' });
    telegram.failWith = { code: 400, description: 'Bad Request: chat not found' };
    const before = telegram.requests;
    await agent.caller.call('post', `/api/crm/leads/${leadId}/send-telegram`, { templateId: telegramTemplate }).expect(202);
    const failed = await eventually('the activity marked failed', async () => {
      const [a] = await db<{ data: { status: string; error: string } }>(`SELECT data FROM activities WHERE lead_id = $1`, [leadId]);
      return a.data.status !== 'queued' && a.data;
    });
    expect(failed).toMatchObject({ status: 'failed', error: 'Bot API 400: Bad Request: chat not found' });
    expect(telegram.requests).toBe(before + 1);

    const second = await insertLead({ telegram: '100200301' });
    telegram.failWith = { code: 502, description: 'Bad Gateway' };
    const start = telegram.requests;
    await agent.caller.call('post', `/api/crm/leads/${second}/send-telegram`, { templateId: telegramTemplate }).expect(202);
    await telegram.waitForRequests(start + 1);
    telegram.failWith = null;
    const msg = await telegram.waitFor('100200301', 30_000);
    expect(msg.text).toContain('Айгерим, это Ерлан Агентов.');
    const retried = await eventually('the retried activity marked', async () => {
      const [a] = await db<{ data: { status: string } }>(`SELECT data FROM activities WHERE lead_id = $1`, [second]);
      return a.data.status !== 'queued' && a.data;
    });
    expect(retried.status).toBe('sent');
  });

  it('503 TELEGRAM_NOT_CONFIGURED without a bot token, before anything is queued', async () => {
    const leadId = await insertLead({ telegram: '@aigerim_s' });
    const saved = process.env.TELEGRAM_BOT_TOKEN;
    delete process.env.TELEGRAM_BOT_TOKEN;
    try {
      const res = await agent.caller.call('post', `/api/crm/leads/${leadId}/send-telegram`, { templateId: telegramTemplate }).expect(503);
      expect(res.body.error.code).toBe('TELEGRAM_NOT_CONFIGURED');
    } finally {
      process.env.TELEGRAM_BOT_TOKEN = saved;
    }
    expect(await db(`SELECT id FROM activities WHERE lead_id = $1`, [leadId])).toEqual([]);
  });
});
