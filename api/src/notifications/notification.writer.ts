import { Injectable } from '@nestjs/common';
import type { NotificationType } from '@realty/contracts';
import type { EntityManager } from 'typeorm';

/** One staff notification: its text is rendered from `type` + `data` in the reader's language. */
export interface NotificationEntry {
  userId: string;
  type: NotificationType;
  data?: Record<string, unknown>;
  /** Where the notification leads in the staff area, e.g. /dashboard/crm/leads/{id}. */
  link?: string | null;
}

/**
 * Writes staff notifications (issue 22 "Notifications") inside the caller's transaction, so a
 * notice exists exactly when its cause committed. The worker's scheduled checks (waiting
 * leads, due tasks, viewings soon) insert the same rows.
 */
@Injectable()
export class NotificationWriter {
  /** Inserts one notification per entry (none for an empty list). Throws what the database throws. */
  async notify(manager: EntityManager, entries: readonly NotificationEntry[]): Promise<void> {
    for (const e of entries) {
      await manager.query(`INSERT INTO notifications (user_id, type, data, link) VALUES ($1, $2, $3, $4)`, [
        e.userId,
        e.type,
        JSON.stringify(e.data ?? {}),
        e.link ?? null,
      ]);
    }
  }
}
