import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { NotificationsQuery, type NotificationDto } from '@realty/contracts';
import { CacheControl } from '../common/cache-control';
import { Authenticated, Client, CurrentUser, type AuthUser, type RequestClient } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { NotificationsService } from './notifications.service';

/**
 * The caller's notifications (issue 22 "Notifications"; spec 02 §2 /dashboard/notifications).
 * Any signed-in user (401 otherwise); only their own rows. Writes need X-CSRF-Token. Reading is
 * not a staff change of records, so no audit row.
 */
@Controller('notifications')
@Authenticated()
@CacheControl('no-store')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** GET /api/notifications?unread&page&limit -> 200 NotificationDto[] newest first, meta paging. */
  @Get()
  list(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Query() q: NotificationsQuery): Promise<Paged<NotificationDto>> {
    return this.notifications.list(user.id, client.language, q);
  }

  /** GET /api/notifications/unread-count -> 200 {count}. */
  @Get('unread-count')
  unreadCount(@CurrentUser() user: AuthUser): Promise<{ count: number }> {
    return this.notifications.unreadCount(user.id);
  }

  /** POST /api/notifications/read-all -> 200 {updated}. */
  @Post('read-all')
  @HttpCode(200)
  readAll(@CurrentUser() user: AuthUser): Promise<{ updated: number }> {
    return this.notifications.markAllRead(user.id);
  }

  /** POST /api/notifications/:id/read -> 200 the notification; 404 not the caller's. */
  @Post(':id/read')
  @HttpCode(200)
  read(@CurrentUser() user: AuthUser, @Client() client: RequestClient, @Param('id') id: string): Promise<NotificationDto> {
    return this.notifications.markRead(user.id, id, client.language);
  }
}
