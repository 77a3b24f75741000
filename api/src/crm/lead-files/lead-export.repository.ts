import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LeadsQuery } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/decorators';
import { leadFiltersSql } from '../leads/lead-filters.sql';

/** One lead as exported (spec 02 §3 Lead; amounts in ₸). */
export interface LeadExportRow {
  id: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  telegram: string;
  source: string;
  topic: string;
  message: string | null;
  status: string;
  quality: string;
  /** numeric(16,2) as text, or null. */
  budget: string | null;
  owner_email: string | null;
  created_at: Date;
  /** created_at as PostgreSQL's text (microseconds kept) for the keyset. */
  at_key: string;
}

/** Where the previous batch stopped. */
export interface LeadExportCursor {
  atKey: string;
  id: string;
}

/** SQL reads of the lead export (issue 22 "export ... with the current filters"). */
@Injectable()
export class LeadExportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The next `size` leads matching the list's filters (leadFiltersSql: the same WHERE as GET
   * /api/crm/leads) after `cursor`, newest first: a keyset read on (created_at, id), so every
   * batch costs the same however deep the export is (index ix_leads_live_created).
   */
  async batchAfter(
    actor: Pick<AuthUser, 'id'>,
    filters: LeadsQuery,
    cursor: LeadExportCursor | null,
    size: number,
  ): Promise<LeadExportRow[]> {
    const where = leadFiltersSql(actor, filters);
    const params = [...where.params];
    let sql = where.sql;
    if (cursor) {
      params.push(cursor.atKey, cursor.id);
      sql += ` AND (l.created_at, l.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    }
    params.push(size);
    return this.db.query(
      `SELECT l.id, l.first_name, l.last_name, l.phone, l.email, l.telegram, l.source, l.topic, l.message, l.status, l.quality,
              l.budget::text AS budget, u.email AS owner_email, l.created_at, l.created_at::text AS at_key
         FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
        WHERE ${sql}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT $${params.length}`,
      params,
    );
  }
}
