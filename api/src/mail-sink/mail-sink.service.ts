import { HttpStatus, Injectable } from '@nestjs/common';
import type { CaughtMailDto, CaughtMailSummaryDto } from '@realty/contracts';
import path from 'node:path';
import { ApiException } from '../common/api.exception';
import { MailStore } from './mail-store';

/**
 * Reads the mails the local mail sink caught (docs/decisions/028). On only when MAIL_SINK_DIR is
 * set (the local demo and the browser tests); otherwise every call answers 404 MAIL_SINK_OFF.
 */
@Injectable()
export class MailSinkService {
  private readonly store: MailStore | null;

  constructor() {
    const dir = process.env.MAIL_SINK_DIR;
    this.store = dir ? new MailStore(path.resolve(dir)) : null;
  }

  /** The caught mails, newest first (at most MAIL_SINK_MAX). 404 MAIL_SINK_OFF when the sink is not configured. */
  list(): Promise<CaughtMailSummaryDto[]> {
    return this.on().list();
  }

  /** One caught mail with its bodies. 404 NOT_FOUND for an unknown id; 404 MAIL_SINK_OFF as for list(). */
  async get(id: string): Promise<CaughtMailDto> {
    const mail = await this.on().get(id);
    if (!mail) throw ApiException.notFound();
    return mail;
  }

  private on(): MailStore {
    if (!this.store) throw new ApiException(HttpStatus.NOT_FOUND, 'MAIL_SINK_OFF', 'NOT_FOUND');
    return this.store;
  }
}
