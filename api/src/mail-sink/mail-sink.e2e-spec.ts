import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { MailStore } from './mail-store';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/**
 * The local mail sink (issue 19 item 6, docs/decisions/028): a real SMTP conversation
 * (nodemailer) with the sink, and the admin routes reading what it caught.
 */
describe('mail sink', () => {
  let dir: string;
  let sink: SmtpSink;
  let api: AccountsApi;
  const callers: Record<'admin' | 'super_admin' | 'manager' | 'user', Caller> = {} as never;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'realty-mail-sink-'));
    // An injected clock: one second between mails, so "newest first" never rests on a tie.
    let t = Date.UTC(2026, 10, 20, 5, 0, 0);
    sink = await startSmtpSink({ host: '127.0.0.1', port: 0, store: new MailStore(dir, { now: () => (t += 1000) }) });
    api = await startAccountsApi({ env: { MAIL_SINK_DIR: dir } });
    for (const role of ['admin', 'super_admin', 'manager', 'user'] as const) {
      const email = freshEmail(role);
      await insertUser(api, { email, role });
      callers[role] = await Caller.create(api.server);
      await callers[role].login(email);
    }
  });

  afterAll(async () => {
    await api?.close();
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const send = (mail: { to: string; subject: string; text: string; html?: string }) =>
    createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true }).sendMail({
      from: 'Алматы Бизнес Центр <no-reply@almaty-bc.kz>',
      ...mail,
    });

  it('catches a mail sent over SMTP and lists it to admins, newest first; opens it with both bodies', async () => {
    await send({ to: 'first@example.kz', subject: 'Первое', text: 'one' });
    await send({
      to: 'anna@example.kz',
      subject: 'Восстановление пароля',
      text: 'Ссылка: https://bc.example.kz/auth/reset-password?token=abc',
      html: '<p>Ссылка: <a href="https://bc.example.kz/auth/reset-password?token=abc">сбросить</a></p><script>alert(1)</script>',
    });
    for (const role of ['admin', 'super_admin'] as const) {
      const res = await callers[role].call('get', '/api/admin/mail').expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const list = res.body.data as Array<Record<string, unknown>>;
      expect(list.map((m) => m.subject)).toEqual(['Восстановление пароля', 'Первое']);
      expect(list[0]).toEqual({
        id: expect.stringMatching(/^\d{13}-[0-9a-f]{8}$/),
        receivedAt: expect.any(String),
        from: '"Алматы Бизнес Центр" <no-reply@almaty-bc.kz>',
        to: ['anna@example.kz'],
        subject: 'Восстановление пароля',
        hasHtml: true,
      });
      const one = await callers[role].call('get', `/api/admin/mail/${list[0].id}`).expect(200);
      expect(one.body.data.text).toContain('https://bc.example.kz/auth/reset-password?token=abc');
      // The HTML is kept as sent; the page shows it in a sandboxed frame only.
      expect(one.body.data.html).toContain('<a href="https://bc.example.kz/auth/reset-password?token=abc">');
    }
  });

  it('is for admins only: 403 for other roles, 401 anonymous', async () => {
    const [first] = (await callers.admin.call('get', '/api/admin/mail').expect(200)).body.data;
    for (const role of ['manager', 'user'] as const) {
      expect((await callers[role].call('get', '/api/admin/mail').expect(403)).body.error.code).toBe('FORBIDDEN');
      await callers[role].call('get', `/api/admin/mail/${first.id}`).expect(403);
    }
    await callers.user.as(undefined).call('get', '/api/admin/mail').expect(401);
  });

  it('answers 404 for an unknown id or anything that is not one (no path outside the directory)', async () => {
    for (const id of ['0000000000000-00000000', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(40)]) {
      expect((await callers.admin.call('get', `/api/admin/mail/${id}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    }
  });

  it('keeps only the newest MAIL_SINK_MAX mails', async () => {
    const small = mkdtempSync(path.join(os.tmpdir(), 'realty-mail-sink-max-'));
    let t = Date.UTC(2026, 10, 20, 6, 0, 0);
    const store = new MailStore(small, { max: 3, now: () => (t += 1000) });
    const bounded = await startSmtpSink({ host: '127.0.0.1', port: 0, store });
    try {
      const transport = createTransport({ host: bounded.host, port: bounded.port, secure: false, ignoreTLS: true });
      for (let i = 1; i <= 5; i++)
        await transport.sendMail({ from: 'a@example.kz', to: 'b@example.kz', subject: `mail ${i}`, text: `${i}` });
      expect((await store.list()).map((m) => m.subject)).toEqual(['mail 5', 'mail 4', 'mail 3']);
      expect(readdirSync(small)).toHaveLength(3);
    } finally {
      await bounded.close();
      rmSync(small, { recursive: true, force: true });
    }
  });
});
