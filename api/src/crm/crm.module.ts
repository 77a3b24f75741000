import { Module } from '@nestjs/common';
import { LeadFilesController } from './lead-files/lead-files.controller';
import { LeadExportRepository } from './lead-files/lead-export.repository';
import { LeadExportService } from './lead-files/lead-export.service';
import { LeadImportRepository } from './lead-files/lead-import.repository';
import { LeadImportService } from './lead-files/lead-import.service';
import { ActivitiesRepository } from './shared/activities.repository';
import { ActivityRecorder } from './shared/activity.recorder';
import { LeadConvertRepository } from './leads/lead-convert.repository';
import { LeadConvertService } from './leads/lead-convert.service';
import { LeadIntake } from './leads/lead-intake.service';
import { LeadMergeRepository } from './leads/lead-merge.repository';
import { LeadMergeService } from './leads/lead-merge.service';
import { LeadsQueryService } from './leads/leads-query.service';
import { LeadsController } from './leads/leads.controller';
import { LeadsRepository } from './leads/leads.repository';
import { LeadsService } from './leads/leads.service';
import { TemplatesController } from './templates/templates.controller';
import { TemplatesService } from './templates/templates.service';
import { TemplatesRepository } from './templates/templates.repository';
import { LeadMessagesController } from './lead-messages/lead-messages.controller';
import { LeadMessagesService } from './lead-messages/lead-messages.service';
import { LeadMessagesRepository } from './lead-messages/lead-messages.repository';
import { OverviewController } from './overview/overview.controller';
import { OverviewService } from './overview/overview.service';
import { OverviewRepository } from './overview/overview.repository';
import { PropertiesModule } from '../properties/properties.module';
import { ClientsController } from './clients/clients.controller';
import { ClientsRepository } from './clients/clients.repository';
import { ClientsService } from './clients/clients.service';
import { DealsController } from './deals/deals.controller';
import { DealsRepository } from './deals/deals.repository';
import { DealsService } from './deals/deals.service';
import { CalendarController } from './calendar/calendar.controller';
import { CalendarRepository } from './calendar/calendar.repository';
import { CalendarService } from './calendar/calendar.service';
import { FeedController } from './activities/feed.controller';
import { FeedRepository } from './activities/feed.repository';
import { FeedService } from './activities/feed.service';
import { ScheduleLinksRepository } from './schedule/schedule-links.repository';
import { TasksController } from './tasks/tasks.controller';
import { TasksRepository } from './tasks/tasks.repository';
import { TasksService } from './tasks/tasks.service';
import { ViewingsController } from './viewings/viewings.controller';
import { ViewingsRepository } from './viewings/viewings.repository';
import { ViewingsService } from './viewings/viewings.service';

/**
 * The CRM (issue 22; spec 02 §2-§4, §7 "CRM leads", "CRM clients", "Deals", "Tasks",
 * "Calendar"): one module, one folder per record kind (leads, clients, deals, tasks, viewings,
 * calendar, activities, templates), each controller -> service -> repository (SQL).
 * Every write runs in one transaction with its activity (ActivityRecorder) and its audit row
 * (AuditService, global); ownership rules are in shared/crm-access.ts.
 */
@Module({
  imports: [PropertiesModule],
  // LeadFilesController first: its static crm/leads/export and crm/leads/import paths come before crm/leads/:id.
  controllers: [
    LeadFilesController,
    LeadsController,
    TemplatesController,
    LeadMessagesController,
    OverviewController,
    ClientsController,
    DealsController,
    TasksController,
    ViewingsController,
    CalendarController,
    FeedController,
  ],
  providers: [
    ActivityRecorder,
    ActivitiesRepository,
    LeadsRepository,
    LeadsQueryService,
    LeadsService,
    LeadIntake,
    LeadConvertRepository,
    LeadConvertService,
    LeadMergeRepository,
    LeadMergeService,
    TemplatesService,
    TemplatesRepository,
    LeadMessagesService,
    LeadMessagesRepository,
    OverviewService,
    OverviewRepository,
    ClientsRepository,
    ClientsService,
    DealsRepository,
    DealsService,
    ScheduleLinksRepository,
    TasksRepository,
    TasksService,
    ViewingsRepository,
    ViewingsService,
    CalendarRepository,
    CalendarService,
    FeedRepository,
    FeedService,
    LeadExportRepository,
    LeadExportService,
    LeadImportRepository,
    LeadImportService,
  ],
})
export class CrmModule {}
