import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { PropertyAuthoringRepository } from '../property-authoring/property-authoring.repository';
import { AiSessionsController } from './ai-sessions.controller';
import { AiSessionsService } from './ai-sessions.service';
import { AiController } from './ai.controller';
import { AiRepository } from './ai.repository';
import { AiService } from './ai.service';

/**
 * AI content (issue 23; spec 02 §7 AI, AI property sessions): controller -> service -> repository.
 * The worker runs the requests (worker/src/ai); the listing writes reuse the listing
 * repository (its rules: issue 21). AuditService, Clock and OutboxRelay come from global modules.
 */
@Module({
  imports: [PropertiesModule],
  controllers: [AiController, AiSessionsController],
  providers: [AiRepository, AiService, AiSessionsService, PropertyAuthoringRepository],
})
export class AiModule {}
