import { Module } from '@nestjs/common';
import { ActivitiesRepository } from './shared/activities.repository';
import { ActivityRecorder } from './shared/activity.recorder';

/**
 * The CRM (issue 22; spec 02 §2-§4, §7 "CRM leads", "CRM clients", "Deals", "Tasks",
 * "Calendar"): one module, one folder per record kind (leads, clients, deals, tasks, viewings,
 * calendar, activities, templates), each controller -> service -> repository (SQL).
 * Every write runs in one transaction with its activity (ActivityRecorder) and its audit row
 * (AuditService, global); ownership rules are in shared/crm-access.ts.
 */
@Module({
  imports: [],
  controllers: [],
  providers: [ActivityRecorder, ActivitiesRepository],
})
export class CrmModule {}
