import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DASHBOARD_DAYS, PROPERTY_STATUSES, type EmployeeDashboardDto } from '@realty/contracts';
import type { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { PropertyManageRepository } from './property-manage.repository';

/** How many listings each "waits on me" list shows. */
const WAITING_MAX = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The employee dashboard (issue 21; spec 02 §7 GET /analytics/dashboard): the caller's own
 * listings only, whatever their role. "The last 30 days" is [now - 30 days, now) by the
 * injected Clock (tests fix it).
 */
@Injectable()
export class StaffDashboardService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: PropertyManageRepository,
    private readonly clock: Clock,
  ) {}

  async forUser(userId: string): Promise<EmployeeDashboardDto> {
    const to = this.clock.date();
    const from = new Date(to.getTime() - DASHBOARD_DAYS * DAY_MS);
    const m = this.db.manager;
    const [byStatus, activity, rejected, onModeration] = await Promise.all([
      this.repository.countByStatus(m, userId),
      this.repository.activity(m, userId, from, to),
      this.repository.rejected(m, userId, WAITING_MAX),
      this.repository.onModeration(m, userId, WAITING_MAX),
    ]);
    const listings = { total: 0, active: 0, pending: 0, inactive: 0 };
    for (const r of byStatus) {
      if ((PROPERTY_STATUSES as readonly string[]).includes(r.status)) listings[r.status] = Number(r.n);
      listings.total += Number(r.n);
    }
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : '');
    return {
      listings,
      period: { from: from.toISOString(), to: to.toISOString(), days: DASHBOARD_DAYS },
      views: Number(activity.views),
      favorites: Number(activity.favorites),
      enquiries: Number(activity.enquiries),
      rejected: rejected.map((r) => ({
        id: r.id,
        title: r.title ?? '',
        status: r.status,
        reason: r.rejection_reason ?? '',
        notes: r.rejection_notes,
        at: iso(r.rejected_at ?? r.updated_at),
      })),
      onModeration: onModeration.map((r) => ({ id: r.id, title: r.title ?? '', status: r.status, since: iso(r.updated_at) })),
    };
  }
}
