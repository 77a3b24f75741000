import { Module } from '@nestjs/common';
import { ActivitiesRepository } from './shared/activities.repository';
import { ActivityRecorder } from './shared/activity.recorder';
import { PropertiesModule } from '../properties/properties.module';
import { ClientsController } from './clients/clients.controller';
import { ClientsRepository } from './clients/clients.repository';
import { ClientsService } from './clients/clients.service';
import { DealsController } from './deals/deals.controller';
import { DealsRepository } from './deals/deals.repository';
import { DealsService } from './deals/deals.service';

/**
 * The CRM (issue 22; spec 02 §2-§4, §7 "CRM leads", "CRM clients", "Deals", "Tasks",
 * "Calendar"): one module, one folder per record kind (leads, clients, deals, tasks, viewings,
 * calendar, activities, templates), each controller -> service -> repository (SQL).
 * Every write runs in one transaction with its activity (ActivityRecorder) and its audit row
 * (AuditService, global); ownership rules are in shared/crm-access.ts.
 */
@Module({
  imports: [PropertiesModule],
  controllers: [ClientsController, DealsController],
  providers: [ActivityRecorder, ActivitiesRepository, ClientsRepository, ClientsService, DealsRepository, DealsService],
})
export class CrmModule {}
