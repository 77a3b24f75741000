import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DATABASE_PROVIDERS } from './database/database.providers';
import { JobRunner } from './jobs/job-runner.service';
import { LeadImportService } from './lead-import/lead-import.service';
import { MaintenanceService } from './maintenance/maintenance.service';
import { ScheduleRemindersService } from './crm/schedule-reminders.service';
import { MediaService } from './media/media.service';
import { NotificationsService } from './notifications/notifications.service';
import { TelegramService } from './telegram/telegram.service';
import { FILE_STORAGE, WORKER_OPTIONS, type WorkerOptions } from './worker-options';
import { LeadWaitingService } from './crm/lead-waiting.service';
import { PresentationsService } from './presentations/presentations.service';
import { CONTENT_PROVIDER } from './ai/content-provider';
import { contentProviderFromEnv } from './ai/provider.factory';
import { BlogDeskJobs } from './blog/blog-desk.jobs';
import { AiGenerateService } from './ai/ai-generate.service';
import { LandingsService } from './landings/landings.service';

/** Providers that hold @JobHandler methods, one per domain. */
export const JOB_HANDLER_PROVIDERS = [
  MediaService,
  NotificationsService,
  MaintenanceService,
  LeadWaitingService,
  TelegramService,
  ScheduleRemindersService,
  LeadImportService,
  PresentationsService,
  BlogDeskJobs,
  AiGenerateService,
  LandingsService,
];

/** Root module of the worker process: database, storage, job handlers, job runtime. No HTTP. */
@Module({})
export class WorkerModule {
  static register(options: WorkerOptions): DynamicModule {
    return {
      module: WorkerModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: WORKER_OPTIONS, useValue: options },
        { provide: FILE_STORAGE, useValue: options.storage },
        { provide: CONTENT_PROVIDER, useValue: options.contentProvider ?? contentProviderFromEnv(process.env) },
        ...DATABASE_PROVIDERS,
        ...(options.handlers ?? JOB_HANDLER_PROVIDERS),
        JobRunner,
      ],
    };
  }
}
