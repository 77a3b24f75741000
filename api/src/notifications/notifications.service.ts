import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NOTIFICATIONS_PAGE_SIZE, notificationText, type Language, type NotificationDto, type NotificationType } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { Clock } from '../common/clock';
import { Paged } from '../common/envelope.interceptor';
import { NotificationsRepository, type NotificationRow } from './notifications.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDto(r: NotificationRow, lang: Language): NotificationDto {
  return {
    id: r.id,
    type: r.type as NotificationType,
    text: notificationText(r.type, r.data ?? {}, lang),
    data: r.data ?? {},
    link: r.link,
    read: r.read_at !== null,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * A reader's own notifications (issue 22 "Notifications"; spec 02 §2 /dashboard/notifications):
 * only the caller's rows are ever read or changed (another's id answers 404); texts are rendered
 * from type + data in the request's language.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: NotificationsRepository,
    private readonly clock: Clock,
  ) {}

  async list(userId: string, lang: Language, q: { unread?: boolean; page?: number; limit?: number }): Promise<Paged<NotificationDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? NOTIFICATIONS_PAGE_SIZE;
    const { rows, total } = await this.repository.list(this.db.manager, userId, q.unread === true, page, limit);
    return new Paged(
      rows.map((r) => toDto(r, lang)),
      { total, page, limit, totalPages: Math.ceil(total / limit) },
    );
  }

  async unreadCount(userId: string): Promise<{ count: number }> {
    return { count: await this.repository.unreadCount(this.db.manager, userId) };
  }

  /** 404 when the id is not one of the caller's notifications. */
  async markRead(userId: string, id: string, lang: Language): Promise<NotificationDto> {
    const row = UUID.test(id) ? await this.repository.markRead(this.db.manager, userId, id, this.clock.date()) : null;
    if (!row) throw ApiException.notFound();
    return toDto(row, lang);
  }

  async markAllRead(userId: string): Promise<{ updated: number }> {
    return { updated: await this.repository.markAllRead(this.db.manager, userId, this.clock.date()) };
  }
}
