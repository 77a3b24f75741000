import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  TASKS_PAGE_SIZE,
  type TaskBulkResultDto,
  type TaskDto,
  type TaskStatus,
  type TaskWriteDto,
  type TasksQuery,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { ApiException } from '../../common/api.exception';
import { Clock } from '../../common/clock';
import type { AuthUser, RequestClient } from '../../common/decorators';
import { Paged } from '../../common/envelope.interceptor';
import { ScheduleLinksRepository, toSubject } from '../schedule/schedule-links.repository';
import { ActivityRecorder } from '../shared/activity.recorder';
import { assertCanChange, listScope, supervises } from '../shared/crm-access';
import { TasksRepository, type TaskRow, type TaskValues } from './tasks.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPEN: readonly TaskStatus[] = ['pending', 'in_progress', 'overdue'];

/** What the audit log keeps of a task. */
function auditView(
  r: Pick<TaskRow, 'title' | 'type' | 'priority' | 'status' | 'assigned_to' | 'lead_id' | 'client_id' | 'deal_id'> & {
    due_date: Date | string | null;
  },
) {
  return {
    title: r.title,
    type: r.type,
    priority: r.priority,
    status: r.status,
    dueDate: r.due_date ? new Date(r.due_date).toISOString() : null,
    assignedTo: r.assigned_to,
    leadId: r.lead_id,
    clientId: r.client_id,
    dealId: r.deal_id,
  };
}

/**
 * Tasks of the CRM (issue 22 "Tasks"; spec 02 §2 /dashboard/crm/tasks, §3 Task, §9 refresh):
 * list ('my' = assigned to me by default), create, read, change, complete, soft delete.
 * Rules: an employee assigns tasks only to themselves and changes only tasks assigned to them
 * (403 otherwise); manager, admin and super_admin assign to any active staff member and change
 * any task. `overdue` = open (pending | in_progress) and due before the API clock's now.
 * Every write: audit row (task.create | task.update | task.complete | task.delete) in its
 * transaction; a completion also writes an activity 'task' {taskId, title, completed: true} on
 * the linked lead / client / deal.
 */
@Injectable()
export class TasksService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: TasksRepository,
    private readonly links: ScheduleLinksRepository,
    private readonly activities: ActivityRecorder,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/crm/tasks (filters: TasksQuery). */
  async list(actor: AuthUser, q: TasksQuery): Promise<Paged<TaskDto>> {
    const limit = q.limit ?? TASKS_PAGE_SIZE;
    const page = q.page ?? 1;
    const now = this.clock.date();
    const assigneeId = listScope(q.scope) === 'my' ? actor.id : (q.agentId ?? null);
    const { rows, total } = await this.repository.page(
      this.db.manager,
      { assigneeId, status: q.status, priority: q.priority, type: q.type, dueFrom: q.dueFrom, dueTo: q.dueTo, q: q.q, now },
      q.sort ?? 'due',
      q.dir ?? (q.sort === 'created' ? 'desc' : 'asc'),
      (page - 1) * limit,
      limit,
    );
    return new Paged(
      rows.map((r) => this.dto(actor, r, now)),
      { total, page, limit, totalPages: Math.ceil(total / limit) },
    );
  }

  /** GET /api/crm/tasks/{id}; 404 unknown or deleted. */
  async get(actor: AuthUser, id: string): Promise<TaskDto> {
    const row = UUID.test(id) ? await this.repository.find(this.db.manager, id) : null;
    if (!row) throw ApiException.notFound();
    return this.dto(actor, row, this.clock.date());
  }

  /** POST /api/crm/tasks -> the new task (pending unless a status is given). 400 assignee / links. */
  async create(actor: AuthUser, dto: TaskWriteDto, client: RequestClient): Promise<TaskDto> {
    const id = await this.db.transaction(async (m) => {
      const values = await this.values(m, actor, dto, null);
      const newId = await this.repository.insert(m, values, actor.id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'task.create', entity: 'task', entityId: newId, after: auditView(values) },
      );
      return newId;
    });
    return this.get(actor, id);
  }

  /** PUT /api/crm/tasks/{id}: the whole task again. 404; 403 not the caller's; 400 as create. */
  async update(actor: AuthUser, id: string, dto: TaskWriteDto, client: RequestClient): Promise<TaskDto> {
    await this.db.transaction(async (m) => {
      const before = await this.lockOwn(m, actor, id);
      const values = await this.values(m, actor, dto, before);
      await this.repository.update(m, id, values, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'task.update', entity: 'task', entityId: id, before: auditView(before), after: auditView(values) },
      );
      if (values.status === 'completed' && before.status !== 'completed') await this.recordCompletion(m, actor, { ...before, ...values });
    });
    return this.get(actor, id);
  }

  /**
   * POST /api/crm/tasks/{id}/complete -> the task, completed (completed_at = now). Completing a
   * completed task changes nothing (no second activity). 404; 403.
   */
  async complete(actor: AuthUser, id: string, client: RequestClient): Promise<TaskDto> {
    await this.db.transaction(async (m) => {
      const before = await this.lockOwn(m, actor, id);
      await this.completeLocked(m, actor, before, client);
    });
    return this.get(actor, id);
  }

  /** POST /api/crm/tasks/bulk-complete {ids}: each as `complete`, refusals per id; one transaction. */
  async bulkComplete(actor: AuthUser, ids: string[], client: RequestClient): Promise<TaskBulkResultDto> {
    const result: TaskBulkResultDto = { completed: [], refused: [] };
    const unique = [...new Set(ids.map((i) => i.toLowerCase()))].sort();
    await this.db.transaction(async (m) => {
      for (const id of unique) {
        const row = await this.repository.find(m, id, true);
        if (!row) result.refused.push({ id, reason: 'notFound' });
        else if (!supervises(actor) && row.assigned_to !== actor.id) result.refused.push({ id, reason: 'forbidden' });
        else if (row.status === 'completed') result.refused.push({ id, reason: 'unchanged' });
        else {
          await this.completeLocked(m, actor, row, client);
          result.completed.push(id);
        }
      }
    });
    return result;
  }

  /** DELETE /api/crm/tasks/{id} -> 204 (soft delete). 404; 403. */
  async remove(actor: AuthUser, id: string, client: RequestClient): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.lockOwn(m, actor, id);
      await this.repository.softDelete(m, id, this.clock.date());
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'task.delete', entity: 'task', entityId: id, before: auditView(before) },
      );
    });
  }

  private async completeLocked(m: EntityManager, actor: AuthUser, before: TaskRow, client: RequestClient): Promise<void> {
    if (before.status === 'completed') return;
    await this.repository.complete(m, before.id, this.clock.date());
    await this.audit.record(
      m,
      { user: actor, client },
      {
        action: 'task.complete',
        entity: 'task',
        entityId: before.id,
        before: { status: before.status },
        after: { status: 'completed' },
      },
    );
    await this.recordCompletion(m, actor, before);
  }

  /** The activity 'task' of a completion on the task's lead / client / deal (none when it links nothing). */
  private async recordCompletion(
    m: EntityManager,
    actor: AuthUser,
    t: Pick<TaskRow, 'id' | 'title' | 'lead_id' | 'client_id' | 'deal_id'>,
  ): Promise<void> {
    if (!t.lead_id && !t.client_id && !t.deal_id) return;
    await this.activities.record(m, {
      type: 'task',
      leadId: t.lead_id,
      clientId: t.client_id,
      dealId: t.deal_id,
      actorId: actor.id,
      body: t.title,
      data: { taskId: t.id, title: t.title, completed: true },
    });
  }

  /** The task locked for a write; 404 unknown; 403 when the caller may not change it. */
  private async lockOwn(m: EntityManager, actor: AuthUser, id: string): Promise<TaskRow> {
    const row = UUID.test(id) ? await this.repository.find(m, id, true) : null;
    if (!row) throw ApiException.notFound();
    assertCanChange(actor, row.assigned_to);
    return row;
  }

  /** The columns of a write, checked: assignee (self for an employee; active staff), links exist. */
  private async values(m: EntityManager, actor: AuthUser, dto: TaskWriteDto, before: TaskRow | null): Promise<TaskValues> {
    const assignee = dto.assignedTo ?? (before ? before.assigned_to : null) ?? actor.id;
    if (!supervises(actor) && assignee !== actor.id) throw ApiException.validation({ assignedTo: 'crmSchedule.assignSelf' });
    if (assignee !== before?.assigned_to && !(await this.links.isActiveStaff(m, assignee)))
      throw ApiException.validation({ assignedTo: 'crmSchedule.staffInactive' });
    await this.links.assertLinks(m, dto);
    return {
      title: dto.title.trim(),
      description: dto.description?.trim() || null,
      type: dto.type ?? before?.type ?? 'other',
      priority: dto.priority ?? before?.priority ?? 'medium',
      status: dto.status ?? (before && before.status !== 'overdue' ? before.status : 'pending'),
      due_date: dto.dueDate ?? null,
      assigned_to: assignee,
      lead_id: dto.leadId ?? null,
      client_id: dto.clientId ?? null,
      deal_id: dto.dealId ?? null,
    };
  }

  private dto(actor: AuthUser, r: TaskRow, now: Date): TaskDto {
    const name = (id: string | null, n: string | null) => (id ? { id, name: n ?? '' } : null);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      type: r.type,
      priority: r.priority,
      status: r.status,
      overdue: r.status === 'overdue' || (OPEN.includes(r.status) && r.due_date !== null && new Date(r.due_date).getTime() < now.getTime()),
      dueDate: r.due_date ? new Date(r.due_date).toISOString() : null,
      assignee: name(r.assigned_to, r.assignee_name),
      createdBy: name(r.created_by, r.author_name),
      leadId: r.lead_id,
      clientId: r.client_id,
      dealId: r.deal_id,
      subject: toSubject(r),
      completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      editable: supervises(actor) || r.assigned_to === actor.id,
    };
  }
}
