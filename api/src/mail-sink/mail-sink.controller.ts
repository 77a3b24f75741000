import { Controller, Get, Param } from '@nestjs/common';
import type { CaughtMailDto, CaughtMailSummaryDto } from '@realty/contracts';
import { CacheControl } from '../common/cache-control';
import { Roles } from '../common/decorators';
import { MailSinkService } from './mail-sink.service';

/**
 * The local mail sink's mails (docs/decisions/028; dashboard /dashboard/admin/mail), so a
 * newcomer to the demo can follow a password reset or a lead notification. admin and
 * super_admin only: 401 without a valid token, 403 for other roles. Never cached.
 */
@Controller('admin/mail')
@Roles('admin', 'super_admin')
@CacheControl('private, no-store')
export class MailSinkController {
  constructor(private readonly mails: MailSinkService) {}

  /**
   * GET /api/admin/mail -> 200 data CaughtMailSummaryDto[] {id, receivedAt, from, to[], subject,
   * hasHtml}, newest first (at most MAIL_SINK_MAX, default 200). 404 MAIL_SINK_OFF when
   * MAIL_SINK_DIR is not set (production, or docker-compose with mailpit).
   */
  @Get()
  list(): Promise<CaughtMailSummaryDto[]> {
    return this.mails.list();
  }

  /** GET /api/admin/mail/:id -> 200 data CaughtMailDto (the summary plus text, html|null). 404 NOT_FOUND; 404 MAIL_SINK_OFF. */
  @Get(':id')
  get(@Param('id') id: string): Promise<CaughtMailDto> {
    return this.mails.get(id);
  }
}
