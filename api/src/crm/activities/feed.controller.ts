import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { FeedQuery, NoteWriteDto, type FeedItemDto } from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../../common/decorators';
import type { Paged } from '../../common/envelope.interceptor';
import { CRM_ROLES } from '../shared/crm-access';
import { FeedService } from './feed.service';

/** The activity feed (issue 22 "Activities"; spec 02 §2). employee, manager, admin, super_admin. */
@Controller('crm/activities')
@Roles(...CRM_ROLES)
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  /**
   * GET /api/crm/activities?scope=my|all&type&from&to (Almaty days)&cursor&limit (1..100, 30) -> 200
   * FeedItemDto[] (ActivityDto + subject {kind, id, name}), newest first; meta.nextCursor (keyset).
   */
  @Get()
  list(@CurrentUser() actor: AuthUser, @Query() q: FeedQuery): Promise<Paged<FeedItemDto>> {
    return this.feed.list(actor, q);
  }

  /** POST /api/crm/activities {subjectKind: lead|client|deal, subjectId, body (1..5000)} -> 201 the note; 400; 403. */
  @Post()
  @HttpCode(201)
  note(@CurrentUser() actor: AuthUser, @Body() dto: NoteWriteDto, @Client() client: RequestClient): Promise<FeedItemDto> {
    return this.feed.note(actor, dto, client);
  }
}
