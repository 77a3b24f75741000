import { Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { JobName, type JobPayloads, type SendEmailPayload } from '@realty/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';
import { isEmailTemplate, renderEmail } from './email-templates';

/** Default SMTP server: a local mail catcher (docker-compose, or the tests' fake server). */
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';
/** Default sender of every e-mail. */
export const DEFAULT_MAIL_FROM = 'Алматы Бизнес Центр <no-reply@almaty-bc.kz>';

/** Mail settings: SMTP_URL (smtp:// or smtps://, credentials in the URL) and MAIL_FROM. */
export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** SMTP_URL (default smtp://127.0.0.1:1025) and MAIL_FROM (default DEFAULT_MAIL_FROM) of `env`. */
export function mailSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MailSettings {
  return { smtpUrl: env.SMTP_URL || DEFAULT_SMTP_URL, from: env.MAIL_FROM || DEFAULT_MAIL_FROM };
}

/** Answer of a SendEmail job (kept in BullMQ's completed set). */
export interface SendEmailResult {
  messageId: string;
  accepted: number;
}

const LOCALES = ['ru', 'en', 'kk', 'zh'];
/** One address, no display name, no line breaks (no header injection). */
const ADDRESS = /^[^\s@<>"',;:]+@[^\s@<>"',;:]+\.[^\s@<>"',;:]+$/;

/**
 * Notifications queue: transactional e-mail over SMTP (DESIGN "Worker": e-mail behind one
 * interface configured by environment; tests use a local fake SMTP server).
 */
@Injectable()
export class NotificationsService implements OnModuleDestroy {
  private readonly logger = new Logger(NotificationsService.name);
  private transporter: SmtpTransporter | undefined;
  /** Read when the worker app is created (SMTP_URL, MAIL_FROM). */
  private readonly settings = mailSettingsFromEnv();

  /** The database, to mark a CRM message's activity sent or failed (absent in unit tests). */
  constructor(@Optional() private readonly db?: DataSource) {}

  /**
   * Renders the template in the payload's locale (ru, en, kk, zh) and sends it from MAIL_FROM
   * over SMTP_URL. An invalid payload fails at once (UnrecoverableError: retrying cannot help);
   * an SMTP error throws so BullMQ retries with backoff. The address is never logged in full.
   */
  @JobHandler(JobName.SendEmail)
  async sendEmail(job: Job<JobPayloads[JobName.SendEmail]>): Promise<SendEmailResult> {
    const payload = job.data;
    const problem = payloadProblem(payload);
    if (problem) throw new UnrecoverableError(`send-email ${job.id}: ${problem}`);
    const mail = renderEmail(payload);
    const activityId = payload.template === 'lead-message' ? payload.data.activityId : undefined;
    const send = () =>
      this.transport().sendMail({ from: this.settings.from, to: payload.to, subject: mail.subject, text: mail.text, html: mail.html });
    let info: Awaited<ReturnType<typeof send>>;
    try {
      info = await send();
    } catch (err) {
      // a CRM message's timeline entry says 'failed' once no retry is left (issue 22)
      if (activityId && (job.attemptsMade ?? 0) + 1 >= (job.opts?.attempts ?? 1))
        await this.markActivity(activityId, { status: 'failed', error: String((err as Error).message).slice(0, 500) });
      throw err;
    }
    await this.markActivity(activityId, { status: 'sent', messageId: info.messageId });
    this.logger.log(`${payload.template} e-mail (${payload.locale}) to ${maskAddress(payload.to)} sent: ${info.messageId}`);
    return { messageId: info.messageId, accepted: info.accepted.length };
  }

  /** Merges `data` into a CRM activity's data (lead-message e-mails; no-op without an id or a database). */
  private async markActivity(activityId: string | undefined, data: Record<string, unknown>): Promise<void> {
    if (!activityId || !this.db?.isInitialized) return;
    await this.db.query(`UPDATE activities SET data = data || $2::jsonb WHERE id = $1`, [activityId, JSON.stringify(data)]);
  }

  private transport(): SmtpTransporter {
    this.transporter ??= smtpTransport(this.settings.smtpUrl);
    return this.transporter;
  }

  onModuleDestroy(): void {
    this.transporter?.close();
    this.transporter = undefined;
  }
}

/** An SMTP transport for `url` with bounded waits (connect and greeting 10 s, socket idle 30 s). */
function smtpTransport(url: string) {
  return createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}
type SmtpTransporter = ReturnType<typeof smtpTransport>;

/** What is wrong with a SendEmail payload, or null. */
export function payloadProblem(p: SendEmailPayload | undefined): string | null {
  if (!p || typeof p !== 'object') return 'no payload';
  if (typeof p.to !== 'string' || p.to.length > 254 || !ADDRESS.test(p.to)) return 'invalid recipient';
  if (!isEmailTemplate(p.template)) return `unknown template "${String(p.template)}"`;
  if (!LOCALES.includes(p.locale)) return `unknown locale "${String(p.locale)}"`;
  if (p.template === 'password-reset') {
    const d = p.data;
    if (!d || typeof d.resetUrl !== 'string' || !/^https?:\/\//.test(d.resetUrl)) return 'invalid resetUrl';
    if (typeof d.firstName !== 'string' || typeof d.expiresInMinutes !== 'number') return 'invalid template data';
  }
  if (p.template === 'listing-rejected') {
    const d = p.data;
    if (
      !d ||
      typeof d.reason !== 'string' ||
      typeof d.propertyTitle !== 'string' ||
      typeof d.editUrl !== 'string' ||
      !/^https?:\/\//.test(d.editUrl)
    )
      return 'invalid template data';
  }
  if (p.template === 'lead-message') {
    const d = p.data;
    if (!d || typeof d.subject !== 'string' || typeof d.text !== 'string' || typeof d.html !== 'string') return 'invalid template data';
  }
  if (p.template === 'lead-notification') {
    const d = p.data;
    if (!d || typeof d.leadId !== 'string' || typeof d.name !== 'string' || typeof d.topic !== 'string') return 'invalid template data';
  }
  return null;
}

/** 'anna@example.kz' -> 'a***@example.kz' (logs never hold the full address). */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
}
