import { Api, GrammyError, HttpError } from 'grammy';

/**
 * Telegram behind one interface (issue 22 "Telegram through the Bot API behind a provider
 * interface"): the worker's handler only knows `TelegramSender`; the implementation speaks the
 * Bot API through grammy. Configured by TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT (default
 * https://api.telegram.org; tests point it at a local fake Bot API server).
 */
export interface TelegramSender {
  /** Sends `text` (plain text) to `chatId` (a numeric chat id or @username); answers the message id. */
  send(chatId: string, text: string): Promise<{ messageId: number }>;
}

/** The Bot API's default root. */
export const DEFAULT_TELEGRAM_API_ROOT = 'https://api.telegram.org';

export interface TelegramSettings {
  /** TELEGRAM_BOT_TOKEN; '' when not configured. */
  token: string;
  /** TELEGRAM_API_ROOT. */
  apiRoot: string;
}

export function telegramSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): TelegramSettings {
  return { token: (env.TELEGRAM_BOT_TOKEN ?? '').trim(), apiRoot: (env.TELEGRAM_API_ROOT ?? '').trim() || DEFAULT_TELEGRAM_API_ROOT };
}

/** Why a send failed: `permanent` ones (no token, a refused chat, a bad request) are not retried. */
export class TelegramSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly errorCode?: number,
  ) {
    super(message);
    this.name = 'TelegramSendError';
  }
}

/** A TelegramSender on the Bot API (grammy's Api client): sendMessage with plain text. */
export class BotApiTelegramSender implements TelegramSender {
  private readonly api: Api | null;

  constructor(private readonly settings: TelegramSettings) {
    this.api = settings.token ? new Api(settings.token, { apiRoot: settings.apiRoot }) : null;
  }

  /**
   * Throws TelegramSendError: permanent for no token and for Bot API 4xx answers other than
   * 429 (a chat that does not exist or blocked the bot will not change by retrying); transient
   * for 429, 5xx and network errors (BullMQ retries).
   */
  async send(chatId: string, text: string): Promise<{ messageId: number }> {
    if (!this.api) throw new TelegramSendError('Telegram is not configured: TELEGRAM_BOT_TOKEN is not set', true);
    try {
      const message = await this.api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
      return { messageId: message.message_id };
    } catch (err) {
      if (err instanceof GrammyError) {
        const permanent = err.error_code >= 400 && err.error_code < 500 && err.error_code !== 429;
        throw new TelegramSendError(`Bot API ${err.error_code}: ${err.description}`, permanent, err.error_code);
      }
      if (err instanceof HttpError) throw new TelegramSendError(`Bot API not reachable: ${err.message}`, false);
      throw err;
    }
  }
}
