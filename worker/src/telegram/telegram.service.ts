import { Injectable, Logger } from '@nestjs/common';
import { JobName, type JobPayloads } from '@realty/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { JobHandler } from '../jobs/job-handler.decorator';
import { BotApiTelegramSender, TelegramSendError, telegramSettingsFromEnv, type TelegramSender } from './telegram.sender';

/** Telegram text limit of the Bot API (characters). */
const TELEGRAM_TEXT_MAX = 4096;
/** A numeric chat id or an @username (5-32 letters, digits, underscores). */
const CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

/**
 * Notifications queue, Telegram part (issue 22 send-telegram): sends a lead's message through
 * the TelegramSender and records the outcome on the lead's timeline entry (activities.data.status
 * 'sent' with the message id, or 'failed' with the reason once no retry is left).
 */
@Injectable()
export class TelegramService {
  private readonly logger = new Logger(TelegramService.name);
  /** Read when the worker app is created (TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT). */
  sender: TelegramSender = new BotApiTelegramSender(telegramSettingsFromEnv());

  constructor(private readonly db: DataSource) {}

  /**
   * An invalid payload, no token or a Bot API 4xx (not 429) fails at once (UnrecoverableError);
   * 429, 5xx and network errors throw so BullMQ retries with backoff. The activity is marked
   * failed when the job will not be tried again.
   */
  @JobHandler(JobName.SendTelegram)
  async sendTelegram(job: Job<JobPayloads[JobName.SendTelegram]>): Promise<{ messageId: number }> {
    const p = job.data;
    if (
      !p ||
      typeof p.chatId !== 'string' ||
      !CHAT.test(p.chatId) ||
      typeof p.text !== 'string' ||
      !p.text ||
      p.text.length > TELEGRAM_TEXT_MAX
    ) {
      await this.mark(p?.activityId, { status: 'failed', error: 'invalid payload' });
      await this.markShare(p?.landingShareId, 'failed', null, 'invalid payload');
      throw new UnrecoverableError(`send-telegram ${job.id}: invalid payload`);
    }
    try {
      const sent = await this.sender.send(p.chatId, p.text);
      await this.mark(p.activityId, { status: 'sent', messageId: sent.messageId });
      await this.markShare(p.landingShareId, 'sent', sent.messageId, null);
      this.logger.log(
        `telegram message ${p.leadId ? `to lead ${p.leadId}` : `of landing share ${p.landingShareId}`} sent: ${sent.messageId}`,
      );
      return sent;
    } catch (err) {
      const permanent = err instanceof TelegramSendError && err.permanent;
      const lastAttempt = (job.attemptsMade ?? 0) + 1 >= (job.opts?.attempts ?? 1);
      const reason = (err as Error).message;
      if (permanent || lastAttempt) {
        await this.mark(p.activityId, { status: 'failed', error: reason.slice(0, 500) });
        await this.markShare(p.landingShareId, 'failed', null, reason.slice(0, 500));
      }
      if (permanent) throw new UnrecoverableError(`send-telegram ${job.id}: ${reason}`);
      throw err;
    }
  }

  /** Marks a landing share's row (issue 23 share to Telegram; no-op without an id). */
  private async markShare(
    shareId: string | undefined,
    status: 'sent' | 'failed',
    messageId: number | null,
    error: string | null,
  ): Promise<void> {
    if (!shareId) return;
    await this.db.query(`UPDATE landing_shares SET status = $2, message_id = $3, error = $4 WHERE id = $1`, [
      shareId,
      status,
      messageId,
      error,
    ]);
  }

  /** Merges `data` into the activity's data (no-op without an id). */
  private async mark(activityId: string | undefined, data: Record<string, unknown>): Promise<void> {
    if (!activityId) return;
    await this.db.query(`UPDATE activities SET data = data || $2::jsonb WHERE id = $1`, [activityId, JSON.stringify(data)]);
  }
}
