import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';
import { ActivityRecorder } from '../crm/shared/activity.recorder';
import { LeadIntake } from '../crm/leads/lead-intake.service';

/** Lead intake: POST /api/leads (public forms); the service is used by enquiries too. The CRM's LeadIntake runs in each lead's transaction. */
@Module({
  imports: [PropertiesModule],
  controllers: [LeadsController],
  providers: [LeadsService, LeadIntake, ActivityRecorder],
  exports: [LeadsService],
})
export class LeadsModule {}
