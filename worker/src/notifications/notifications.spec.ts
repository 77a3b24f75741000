import { Logger } from '@nestjs/common';
import { JobName, type SendEmailPayload } from '@realty/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp';
import { JOB_HANDLER_PROVIDERS } from '../worker.module';
import { jobHandlerOf } from '../jobs/job-handler.decorator';
import { renderEmail } from './email-templates';
import { DEFAULT_MAIL_FROM, NotificationsService, maskAddress, payloadProblem } from './notifications.service';

/** JobName.SendEmail handler: texts in ru/en/kk/zh, delivery over SMTP_URL from MAIL_FROM. */

type ResetPayload = Extract<SendEmailPayload, { template: 'password-reset' }>;
const resetPayload = (over: Partial<ResetPayload> = {}): ResetPayload => ({
  to: 'anna@example.kz',
  template: 'password-reset',
  locale: 'ru',
  data: { resetUrl: 'https://bc.example.kz/auth/reset-password?token=abc_DEF-123', firstName: 'Анна', expiresInMinutes: 60 },
  ...over,
});

const job = (data: SendEmailPayload) => ({ id: 'test-1', name: JobName.SendEmail, data }) as unknown as Job<SendEmailPayload>;

describe('password-reset e-mail texts', () => {
  it.each([
    ['ru', 'Восстановление пароля', 'Здравствуйте, Анна!', 'Ссылка действует 60 минут'],
    ['en', 'Password reset', 'Hello, Анна!', 'The link works for 60 minutes'],
    ['kk', 'Құпиясөзді қалпына келтіру', 'Сәлеметсіз бе, Анна!', 'Сілтеме 60 минут жарамды'],
    ['zh', '重置密码', 'Анна，您好！', '该链接 60 分钟内有效'],
  ] as const)('%s: subject, greeting, link and expiry', (locale, subject, greeting, expiry) => {
    const mail = renderEmail(resetPayload({ locale }));
    expect(mail.subject).toContain(subject);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(greeting);
      expect(part).toContain(expiry);
      expect(part).toContain('https://bc.example.kz/auth/reset-password?token=abc_DEF-123');
    }
    expect(mail.html).toContain(`<html lang="${locale}">`);
  });

  it('escapes what it puts into the HTML', () => {
    const mail = renderEmail(
      resetPayload({ data: { resetUrl: 'https://x.kz/?a=1&b="2"', firstName: '<b>Eve</b>', expiresInMinutes: 60 } }),
    );
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('href="https://x.kz/?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('lead-notification e-mail (issue 4: the sales team hears of each new lead)', () => {
  const lead = (locale: SendEmailPayload['locale']): SendEmailPayload => ({
    to: 'sales@almaty-bc.kz',
    template: 'lead-notification',
    locale,
    data: {
      leadId: '00000000-0000-4000-8000-000000000001',
      source: 'property_inquiry',
      topic: 'Запрос по объекту: Офис 12',
      name: 'Мария <Ким>',
      phone: '+7 701 000 00 00',
      email: '',
      message: 'Интересует объект: Офис 12',
      quality: 'warm',
      propertyTitle: 'Офис 12',
      propertyUrl: 'http://localhost:3000/property/office-12',
      createdAt: '2026-11-23T10:00:00.000Z',
    },
  });

  it.each([
    ['ru', 'Новая заявка: Запрос по объекту: Офис 12 — Мария <Ким>', 'Телефон: +7 701 000 00 00'],
    ['en', 'New lead: Запрос по объекту: Офис 12 — Мария <Ким>', 'Phone: +7 701 000 00 00'],
    ['kk', 'Жаңа өтінім', 'Телефон: +7 701 000 00 00'],
    ['zh', '新线索', '电话: +7 701 000 00 00'],
  ] as const)('%s: subject and the lead in text and (escaped) HTML', (locale, subject, phoneLine) => {
    const mail = renderEmail(lead(locale));
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain(phoneLine);
    expect(mail.text).toContain('http://localhost:3000/property/office-12');
    expect(mail.html).toContain('Мария &lt;Ким&gt;');
    expect(payloadProblem(lead(locale))).toBeNull();
  });
});

describe('payload checks', () => {
  it.each<[string, SendEmailPayload]>([
    ['invalid recipient', resetPayload({ to: 'a@b.kz\r\nBcc: x@y.kz' })],
    ['invalid recipient', resetPayload({ to: 'Eve <eve@example.kz>' })],
    ['unknown template', { ...resetPayload(), template: 'welcome' as 'password-reset' }],
    ['unknown locale', resetPayload({ locale: 'de' as 'ru' })],
    ['invalid resetUrl', resetPayload({ data: { resetUrl: 'javascript:alert(1)', firstName: 'A', expiresInMinutes: 60 } })],
  ])('%s', (problem, payload) => {
    expect(payloadProblem(payload)).toContain(problem);
  });

  it('masks addresses in logs', () => {
    expect(maskAddress('anna@example.kz')).toBe('a***@example.kz');
  });
});

describe('NotificationsService.sendEmail over SMTP', () => {
  let smtp: FakeSmtp;
  let service: NotificationsService;
  const saved = { url: process.env.SMTP_URL, from: process.env.MAIL_FROM };

  beforeAll(async () => {
    Logger.overrideLogger(false);
    smtp = await startFakeSmtp();
    process.env.SMTP_URL = smtp.url;
    delete process.env.MAIL_FROM;
    service = new NotificationsService();
  });
  afterAll(async () => {
    service.onModuleDestroy();
    await smtp.close();
    if (saved.url === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved.url;
    if (saved.from !== undefined) process.env.MAIL_FROM = saved.from;
  });

  it('is the registered handler of JobName.SendEmail', () => {
    expect(JOB_HANDLER_PROVIDERS).toContain(NotificationsService);
    expect(jobHandlerOf(NotificationsService.prototype.sendEmail)).toBe(JobName.SendEmail);
  });

  it('sends the rendered e-mail from MAIL_FROM (default) to the recipient', async () => {
    const result = await service.sendEmail(job(resetPayload({ to: 'dana@example.kz', locale: 'kk' })));
    expect(result).toEqual({ messageId: expect.any(String), accepted: 1 });
    const mail = await smtp.waitFor('dana@example.kz');
    expect(mail.mailFrom).toBe('no-reply@almaty-bc.kz');
    expect(mail.headers.from).toContain('no-reply@almaty-bc.kz');
    expect(mail.headers.from).toContain(DEFAULT_MAIL_FROM.split(' <')[0]);
    expect(mail.headers.to).toBe('dana@example.kz');
    expect(mail.headers.subject).toBe('Құпиясөзді қалпына келтіру — Алматы Бизнес Орталығы');
    expect(mail.text).toContain('https://bc.example.kz/auth/reset-password?token=abc_DEF-123');
    expect(mail.html).toContain('href="https://bc.example.kz/auth/reset-password?token=abc_DEF-123"');
  });

  it('fails for good on an invalid payload, and retryably when the SMTP server refuses', async () => {
    await expect(service.sendEmail(job(resetPayload({ to: 'not an address' })))).rejects.toBeInstanceOf(UnrecoverableError);
    smtp.rejectWith = 450;
    try {
      const failure = service.sendEmail(job(resetPayload({ to: 'busy@example.kz' })));
      await expect(failure).rejects.toThrow(/450|busy/);
      await expect(failure).rejects.not.toBeInstanceOf(UnrecoverableError);
    } finally {
      smtp.rejectWith = null;
    }
  });
});
