import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { PropertiesModule } from '../properties/properties.module';
import { LandingsPublicController } from './landings-public.controller';
import { LandingsController } from './landings.controller';
import { LandingsRepository } from './landings.repository';
import { LandingsService } from './landings.service';

/**
 * Landing pages (issue 23; spec 02 §7 Landings): staff API, public read and enquiry. The
 * generation runs in the worker (landings queue, worker/src/landings). AuditService, OutboxRelay
 * and the Clock come from their global modules.
 */
@Module({
  imports: [PropertiesModule, LeadsModule],
  // the public controller first: 'public/:slug' must not be taken for ':id'
  controllers: [LandingsPublicController, LandingsController],
  providers: [LandingsRepository, LandingsService],
})
export class LandingsModule {}
