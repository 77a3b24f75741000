import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  MESSAGE_TEMPLATES_PAGE_SIZE,
  type MessageTemplateDto,
  type MessageTemplateWriteDto,
  type MessageTemplatesQuery,
} from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { Paged } from '../../common/envelope.interceptor';
import { TemplatesRepository, toTemplateDto, type TemplateRow, type TemplateValues } from './templates.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the audit log keeps of a template. */
const auditView = (r: TemplateRow) => ({ name: r.name, channel: r.channel, subject: r.subject, body: r.body, isActive: r.is_active });

/**
 * Message templates (issue 22; spec 02 §2 /dashboard/admin/message-templates): list and read
 * for the CRM's roles, writes for admins, each write on the audit log in its transaction.
 * Placeholders are checked by the DTO (MessageTemplateWriteDto, 400 fields.subject / body).
 */
@Injectable()
export class TemplatesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: TemplatesRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(q: MessageTemplatesQuery): Promise<Paged<MessageTemplateDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? MESSAGE_TEMPLATES_PAGE_SIZE;
    const { rows, total } = await this.repository.list(this.db.manager, { channel: q.channel, active: q.active }, page, limit);
    return new Paged(rows.map(toTemplateDto), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** 404 for an unknown id. */
  async get(id: string): Promise<MessageTemplateDto> {
    const row = UUID.test(id) ? await this.repository.find(this.db.manager, id) : null;
    if (!row) throw ApiException.notFound();
    return toTemplateDto(row);
  }

  async create(actor: AuthUser, client: RequestClient, dto: MessageTemplateWriteDto): Promise<MessageTemplateDto> {
    const values = valuesOf(dto);
    return this.db.transaction(async (m) => {
      const row = await this.repository.insert(m, values, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'message_template.create', entity: 'message_template', entityId: row.id, before: null, after: auditView(row) },
      );
      return toTemplateDto(row);
    });
  }

  /** Every field replaced. 404 unknown. */
  async update(actor: AuthUser, client: RequestClient, id: string, dto: MessageTemplateWriteDto): Promise<MessageTemplateDto> {
    const values = valuesOf(dto);
    return this.db.transaction(async (m) => {
      const before = UUID.test(id) ? await this.repository.find(m, id, true) : null;
      if (!before) throw ApiException.notFound();
      const after = await this.repository.update(m, id, values, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'message_template.update', entity: 'message_template', entityId: id, before: auditView(before), after: auditView(after) },
      );
      return toTemplateDto(after);
    });
  }

  /** 404 unknown. Activities sent with it keep their text (it is copied into the activity). */
  async remove(actor: AuthUser, client: RequestClient, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = UUID.test(id) ? await this.repository.find(m, id, true) : null;
      if (!before) throw ApiException.notFound();
      await this.repository.remove(m, id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'message_template.delete', entity: 'message_template', entityId: id, before: auditView(before), after: null },
      );
    });
  }
}

/** The stored values of a validated DTO: a Telegram template has no subject. */
function valuesOf(dto: MessageTemplateWriteDto): TemplateValues {
  return {
    name: dto.name,
    channel: dto.channel,
    subject: dto.channel === 'email' ? (dto.subject ?? {}) : {},
    body: dto.body,
    isActive: dto.isActive ?? true,
  };
}
