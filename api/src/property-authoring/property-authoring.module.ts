import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { PropertyAuthoringController } from './property-authoring.controller';
import { PropertyAuthoringRepository } from './property-authoring.repository';
import { PropertyAuthoringService } from './property-authoring.service';

/**
 * The listing write path (issue 21; spec 02 §4-§7): controller -> PropertyAuthoringService ->
 * PropertyAuthoringRepository (SQL) -> mapper. Uses PropertiesService only to drop the public
 * catalogue cache after a write; AuditService and Clock come from global modules.
 */
@Module({
  imports: [PropertiesModule],
  controllers: [PropertyAuthoringController],
  providers: [PropertyAuthoringRepository, PropertyAuthoringService],
})
export class PropertyAuthoringModule {}
