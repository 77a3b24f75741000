import { Injectable, StreamableFile } from '@nestjs/common';
import type { LeadsExportQuery } from '@realty/contracts';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser } from '../../common/decorators';
import { supervises } from '../shared/crm-access';
import { LeadExportRepository, type LeadExportCursor, type LeadExportRow } from './lead-export.repository';
import { LEAD_EXPORT_TYPES, leadExportStream } from './lead-export.writer';

/** Leads read per keyset query of an export. */
export const LEAD_EXPORT_BATCH = 1000;

/** Asia/Almaty is UTC+5 all year. */
const ALMATY_OFFSET_MS = 5 * 3600_000;

/** The lead export (issue 22 "GET /api/crm/leads/export (CSV and XLSX, streamed, with the current filters)"). */
@Injectable()
export class LeadExportService {
  constructor(
    private readonly repo: LeadExportRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Every lead matching the list's filters (scope 'my' by default), newest first, as a file
   * streamed in keyset batches of LEAD_EXPORT_BATCH, named leads-YYYY-MM-DD.<ext> after today in
   * Almaty. An employee exports their own leads only (a bulk copy of the agency's client base is a
   * supervisor's act): scope=all or another agent's id is 403 FORBIDDEN for them.
   */
  export(actor: AuthUser, query: LeadsExportQuery): StreamableFile {
    if (!supervises(actor) && (query.scope === 'all' || (query.agentId && query.agentId.toLowerCase() !== actor.id))) {
      throw ApiException.forbidden();
    }
    const { type, ext } = LEAD_EXPORT_TYPES[query.format];
    const day = new Date(this.clock.now() + ALMATY_OFFSET_MS).toISOString().slice(0, 10);
    return new StreamableFile(leadExportStream(query.format, this.rows(actor, query)), {
      type,
      disposition: `attachment; filename="leads-${day}.${ext}"`,
    });
  }

  /** The filtered leads, newest first, LEAD_EXPORT_BATCH at a time. */
  private async *rows(actor: AuthUser, query: LeadsExportQuery): AsyncGenerator<LeadExportRow> {
    let cursor: LeadExportCursor | null = null;
    for (;;) {
      const batch = await this.repo.batchAfter(actor, query, cursor, LEAD_EXPORT_BATCH);
      for (const row of batch) yield row;
      if (batch.length < LEAD_EXPORT_BATCH) return;
      const last = batch[batch.length - 1];
      cursor = { atKey: last.at_key, id: last.id };
    }
  }
}
