import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface NotificationRow {
  id: string;
  type: string;
  data: Record<string, unknown>;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
}

/** SQL of a reader's notifications (table notifications). */
@Injectable()
export class NotificationsRepository {
  /** One page of `userId`'s notifications, newest first, with the total. */
  async list(
    m: EntityManager,
    userId: string,
    unreadOnly: boolean,
    page: number,
    limit: number,
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const where = `user_id = $1${unreadOnly ? ' AND read_at IS NULL' : ''}`;
    const [rows, count] = await Promise.all([
      m.query(
        `SELECT id, type, data, link, read_at, created_at FROM notifications WHERE ${where}
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, (page - 1) * limit],
      ) as Promise<NotificationRow[]>,
      m.query(`SELECT count(*)::int AS n FROM notifications WHERE ${where}`, [userId]) as Promise<Array<{ n: number }>>,
    ]);
    return { rows, total: count[0].n };
  }

  async unreadCount(m: EntityManager, userId: string): Promise<number> {
    const rows = (await m.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`, [userId])) as Array<{
      n: number;
    }>;
    return rows[0].n;
  }

  /** Marks one of `userId`'s notifications read (kept when already read); null when not theirs. */
  async markRead(m: EntityManager, userId: string, id: string, now: Date): Promise<NotificationRow | null> {
    const rows = (await m.query(
      `UPDATE notifications SET read_at = coalesce(read_at, $3) WHERE id = $1 AND user_id = $2
        RETURNING id, type, data, link, read_at, created_at`,
      [id, userId, now],
    )) as [NotificationRow[], number];
    return rows[0][0] ?? null;
  }

  /** Marks every unread notification of `userId` read; answers how many. */
  async markAllRead(m: EntityManager, userId: string, now: Date): Promise<number> {
    const rows = (await m.query(`UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL`, [userId, now])) as [
      unknown,
      number,
    ];
    return rows[1];
  }
}
