import type { Caller } from '../../../test/accounts';
import { signInAs, startAccountsApi, type AccountsApi } from '../../../test/accounts';
import { withClient } from '../../../test/fixtures';

/**
 * Message templates (issue 22 "Message templates"; spec 02 §2 /dashboard/admin/message-templates):
 * the CRM's roles read, admins write; unknown placeholders are refused at save with the field
 * map in the request's language; every write is on the audit log.
 */
describe('message templates API', () => {
  let api: AccountsApi;
  let admin: Caller;
  let employee: Caller;
  let manager: Caller;

  const template = (over: Record<string, unknown> = {}) => ({
    name: 'Приглашение на просмотр',
    channel: 'email',
    subject: { ru: 'Просмотр: {{property.title}}', en: 'Viewing: {{property.title}}' },
    body: { ru: 'Здравствуйте, {{lead.firstName}}! Ваш агент {{agent.name}}, {{agent.phone}}.', en: 'Hello, {{lead.firstName}}!' },
    ...over,
  });

  beforeAll(async () => {
    api = await startAccountsApi({ env: { OUTBOX_POLL_MS: '600000' } });
    admin = (await signInAs(api, 'admin')).caller;
    employee = (await signInAs(api, 'employee')).caller;
    manager = (await signInAs(api, 'manager')).caller;
  });
  afterAll(() => api?.close());

  it('admin creates, reads, updates and deletes; the CRM roles read; others are refused', async () => {
    const created = await admin.call('post', '/api/crm/message-templates', template()).expect(201);
    const t = created.body.data;
    expect(t).toMatchObject({ name: 'Приглашение на просмотр', channel: 'email', isActive: true });
    expect(t.subject).toEqual({ ru: 'Просмотр: {{property.title}}', en: 'Viewing: {{property.title}}' });

    await employee.call('post', '/api/crm/message-templates', template()).expect(403);
    await manager.call('put', `/api/crm/message-templates/${t.id}`, template()).expect(403);
    await employee.call('delete', `/api/crm/message-templates/${t.id}`).expect(403);
    const list = await employee.call('get', '/api/crm/message-templates').expect(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(t.id);
    await manager.call('get', `/api/crm/message-templates/${t.id}`).expect(200);

    const tg = await admin
      .call(
        'post',
        '/api/crm/message-templates',
        template({ name: 'Telegram', channel: 'telegram', subject: { ru: 'ignored' }, isActive: false }),
      )
      .expect(201);
    expect(tg.body.data.subject).toEqual({});
    const emailOnly = await employee.call('get', '/api/crm/message-templates?channel=email&active=true').expect(200);
    expect(emailOnly.body.data.map((x: { id: string }) => x.id)).toEqual([t.id]);

    const updated = await admin
      .call(
        'put',
        `/api/crm/message-templates/${t.id}`,
        template({ name: 'Новое имя', isActive: false, body: { ru: 'Текст {{client.name}}' } }),
      )
      .expect(200);
    expect(updated.body.data).toMatchObject({ name: 'Новое имя', isActive: false, body: { ru: 'Текст {{client.name}}' } });

    await admin.call('delete', `/api/crm/message-templates/${t.id}`).expect(204);
    await admin.call('get', `/api/crm/message-templates/${t.id}`).expect(404);
    await admin.call('delete', `/api/crm/message-templates/${t.id}`).expect(404);

    const audit = await withClient(api.databaseUrl, (c) =>
      c.query(`SELECT action FROM audit_logs WHERE entity = 'message_template' AND entity_id = $1 ORDER BY occurred_at, id`, [t.id]),
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['message_template.create', 'message_template.update', 'message_template.delete']);
  });

  it('refuses unknown placeholders and missing Russian texts with the field map, in the request language', async () => {
    const bad = await admin
      .call('post', '/api/crm/message-templates', template({ body: { ru: 'Привет, {{lead.middleName}}' }, subject: { ru: '{{ foo }}' } }))
      .expect(400);
    expect(bad.body.error.fields.body).toMatch(/^Неизвестная подстановка/);
    expect(bad.body.error.fields.subject).toMatch(/^Неизвестная подстановка/);

    const en = await admin
      .call('post', '/api/crm/message-templates?lang=en', template({ subject: {}, body: { en: 'only english' } }))
      .expect(400);
    expect(en.body.error.fields).toEqual({
      subject: 'Subject: Russian is required, at most 200 characters per language',
      body: 'Text: Russian is required, at most 4000 characters per language',
    });
    const other = await admin.call('post', '/api/crm/message-templates', template({ name: 'x', channel: 'sms' })).expect(400);
    expect(Object.keys(other.body.error.fields).sort()).toEqual(['channel', 'name']);
    // a Telegram template needs no subject
    await admin.call('post', '/api/crm/message-templates', template({ channel: 'telegram', subject: undefined })).expect(201);
  });
});
