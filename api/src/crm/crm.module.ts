import { Module } from '@nestjs/common';
import { LeadFilesController } from './lead-files/lead-files.controller';
import { LeadExportRepository } from './lead-files/lead-export.repository';
import { LeadExportService } from './lead-files/lead-export.service';
import { LeadImportRepository } from './lead-files/lead-import.repository';
import { LeadImportService } from './lead-files/lead-import.service';
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
  // LeadFilesController first: its static crm/leads/export and crm/leads/import paths come before crm/leads/:id.
  controllers: [LeadFilesController],
  providers: [ActivityRecorder, ActivitiesRepository, LeadExportRepository, LeadExportService, LeadImportRepository, LeadImportService],
})
export class CrmModule {}
