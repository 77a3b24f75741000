import type { AccountsApi } from './accounts';
import { withClient } from './fixtures';

/**
 * Rows the CRM schedule tests (tasks, viewings, calendar, feed; issue 22) need, straight in
 * the database: listings, leads, clients, deals.
 */
export function scheduleDb(api: Pick<AccountsApi, 'databaseUrl' | 'refs'>) {
  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  let n = 0;
  return {
    db,
    /** An active listing (title `title`); its id. */
    async listing(title = 'Офис для показа', ownerId: string | null = null): Promise<string> {
      n += 1;
      const rows = await db<{ id: string }>(
        `INSERT INTO properties (slug, title, description, category_id, property_type_id, deal_type, status, price, area, address, owner_id)
         VALUES ($1, $2, '{"ru":"Описание объекта для теста"}', $3, $4, 'rent', 'active', 300000, 80, 'ул. Абая, 10, Алматы', $5) RETURNING id`,
        [
          `schedule-${process.pid}-${n}`,
          JSON.stringify({ ru: title, en: title }),
          api.refs.categories.offices,
          api.refs.types.office,
          ownerId,
        ],
      );
      return rows[0].id;
    },
    /** A lead assigned to `agentId`; its id. */
    async lead(agentId: string | null, name = 'Иван'): Promise<string> {
      const rows = await db<{ id: string }>(
        `INSERT INTO leads (first_name, last_name, phone, source, topic, quality, assigned_to)
         VALUES ($1, 'Петров', '+77010000000', 'contact_form', 'Аренда', 'warm', $2) RETURNING id`,
        [name, agentId],
      );
      return rows[0].id;
    },
    /** A client owned by `ownerId`; its id. */
    async client(ownerId: string | null, name = 'Алия'): Promise<string> {
      const rows = await db<{ id: string }>(
        `INSERT INTO clients (first_name, last_name, phone, owner_id) VALUES ($1, 'Касымова', '+77020000000', $2) RETURNING id`,
        [name, ownerId],
      );
      return rows[0].id;
    },
    /** A deal owned by `ownerId`; its id. */
    async deal(ownerId: string | null, title = 'Аренда офиса'): Promise<string> {
      const rows = await db<{ id: string }>(`INSERT INTO deals (title, type, owner_id) VALUES ($1, 'rent', $2) RETURNING id`, [
        title,
        ownerId,
      ]);
      return rows[0].id;
    },
  };
}
