import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OPEN_DEAL_STAGES, OVERVIEW_LIST_MAX, type CrmOverviewDto, type CrmScope, type DealStage } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import type { AuthUser } from '../../common/decorators';
import { listScope, supervises } from '../shared/crm-access';
import { OverviewRepository } from './overview.repository';

/**
 * The CRM overview (issue 22 "/dashboard/crm": funnel, today's tasks, waiting leads). Scope
 * 'my' (default) counts the caller's deals and leads, 'all' everyone's; the waiting list of an
 * employee is always their own (supervisors see all). Today = the Almaty day of the Clock.
 */
@Injectable()
export class OverviewService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: OverviewRepository,
    private readonly clock: Clock,
  ) {}

  async overview(actor: AuthUser, requested: CrmScope | undefined): Promise<CrmOverviewDto> {
    const scope = listScope(requested);
    const now = this.clock.date();
    const owner = scope === 'my' ? actor.id : null;
    const waitingOwner = scope === 'all' && supervises(actor) ? null : actor.id;
    const m = this.db.manager;
    const [funnelRows, tasks, waiting, newLeads] = await Promise.all([
      this.repository.funnel(m, owner, now),
      this.repository.todayTasks(m, actor.id, now, OVERVIEW_LIST_MAX),
      this.repository.waitingLeads(m, waitingOwner, OVERVIEW_LIST_MAX),
      this.repository.newLeads(m, owner, now),
    ]);
    const by = new Map(funnelRows.map((r) => [r.stage, r]));
    const of = (stage: DealStage) => ({ count: by.get(stage)?.count ?? 0, amount: Number(by.get(stage)?.amount ?? 0) });
    return {
      scope,
      funnel: OPEN_DEAL_STAGES.map((stage) => ({ stage, ...of(stage) })),
      wonThisMonth: of('won'),
      lostThisMonth: of('lost'),
      todayTasks: tasks.map((t) => ({
        id: t.id,
        title: t.title,
        dueDate: t.due_date.toISOString(),
        priority: t.priority,
        overdue: t.due_date.getTime() < now.getTime(),
        leadId: t.lead_id,
      })),
      waitingLeads: waiting.map((l) => ({
        id: l.id,
        name: l.name,
        source: l.source,
        createdAt: l.created_at.toISOString(),
        waitingMinutes: Math.max(0, Math.floor((now.getTime() - l.created_at.getTime()) / 60_000)),
        ownerName: l.owner_name,
      })),
      waitingTotal: waiting[0]?.total ?? 0,
      newLeads,
    };
  }
}
