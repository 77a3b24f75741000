import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CAUGHT_MAIL_ID, type CaughtMailDto, type CaughtMailSummaryDto } from '@realty/contracts';

/** How many caught mails are kept by default (MAIL_SINK_MAX). */
export const DEFAULT_MAIL_SINK_MAX = 200;

/** What the SMTP side hands over for one mail. */
export interface IncomingMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/**
 * The caught mails of the local mail sink (docs/decisions/028): one JSON file per mail under
 * `dir`, named by its id (`<received ms>-<8 hex>`), so the newest sort first by name. At most
 * `max` are kept: saving one more deletes the oldest. The SMTP server writes, the API reads.
 */
export class MailStore {
  private readonly max: number;
  private readonly now: () => number;

  constructor(
    readonly dir: string,
    options: { max?: number; now?: () => number } = {},
  ) {
    this.max = options.max && options.max > 0 ? Math.floor(options.max) : DEFAULT_MAIL_SINK_MAX;
    this.now = options.now ?? Date.now;
  }

  /** Stores `mail` (writes the file whole: a reader never sees half a mail), prunes to `max`; returns it with its id. */
  async save(mail: IncomingMail): Promise<CaughtMailDto> {
    await fs.mkdir(this.dir, { recursive: true });
    const at = this.now();
    const id = `${String(at).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
    const caught: CaughtMailDto = {
      id,
      receivedAt: new Date(at).toISOString(),
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      hasHtml: mail.html !== null,
      text: mail.text,
      html: mail.html,
    };
    const file = path.join(this.dir, `${id}.json`);
    await fs.writeFile(`${file}.tmp`, JSON.stringify(caught));
    await fs.rename(`${file}.tmp`, file);
    await this.prune();
    return caught;
  }

  /** The kept mails, newest first, without their bodies ([] when the directory does not exist yet). */
  async list(): Promise<CaughtMailSummaryDto[]> {
    const mails = await Promise.all((await this.ids()).map((id) => this.get(id)));
    return mails.filter((m): m is CaughtMailDto => m !== null).map(({ text: _text, html: _html, ...summary }) => summary);
  }

  /** One mail, or null for an unknown id or one that is not an id at all (never a path outside `dir`). */
  async get(id: string): Promise<CaughtMailDto | null> {
    if (!CAUGHT_MAIL_ID.test(id)) return null;
    try {
      return JSON.parse(await fs.readFile(path.join(this.dir, `${id}.json`), 'utf8')) as CaughtMailDto;
    } catch (error) {
      // Gone meanwhile (pruned), or never there.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Ids of the kept mails, newest first. */
  private async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -5))
      .filter((id) => CAUGHT_MAIL_ID.test(id))
      .sort()
      .reverse();
  }

  private async prune(): Promise<void> {
    const old = (await this.ids()).slice(this.max);
    await Promise.all(old.map((id) => fs.rm(path.join(this.dir, `${id}.json`), { force: true })));
  }
}
