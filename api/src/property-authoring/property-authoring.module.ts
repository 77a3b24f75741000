import { Module } from '@nestjs/common';
import { LocalFileStorage } from '@realty/db';
import { PropertiesModule } from '../properties/properties.module';
import { PropertyAuthoringController } from './property-authoring.controller';
import { PropertyAuthoringRepository } from './property-authoring.repository';
import { PropertyAuthoringService } from './property-authoring.service';
import { PropertyEditingController } from './property-editing.controller';
import { PropertyEditingRepository } from './property-editing.repository';
import { LISTING_FILE_STORAGE, PropertyEditingService } from './property-editing.service';
import { PropertyManageController } from './property-manage.controller';
import { PropertyManageRepository } from './property-manage.repository';
import { PropertyManageService } from './property-manage.service';
import { PropertyModerationRepository } from './property-moderation.repository';
import { MODERATION_FILE_STORAGE, PropertyModerationService } from './property-moderation.service';
import { StaffDashboardController } from './staff-dashboard.controller';
import { StaffDashboardService } from './staff-dashboard.service';

/**
 * The listing write path (issue 21; spec 02 §4-§7): controller -> PropertyAuthoringService ->
 * PropertyAuthoringRepository (SQL) -> mapper; the staff list and bulk status
 * (PropertyManage*), the employee dashboard (StaffDashboard*), the form's reads and image order
 * (PropertyEditing*), and the admin's reads of the moderation queue and the deleted listings
 * (PropertyModeration*). Uses PropertiesService only to drop the public catalogue cache after a
 * write; AuditService and Clock come from global modules.
 */
@Module({
  imports: [PropertiesModule],
  controllers: [PropertyManageController, PropertyAuthoringController, PropertyEditingController, StaffDashboardController],
  providers: [
    PropertyAuthoringRepository,
    PropertyAuthoringService,
    PropertyManageRepository,
    PropertyManageService,
    PropertyEditingRepository,
    PropertyEditingService,
    StaffDashboardService,
    { provide: LISTING_FILE_STORAGE, useFactory: () => new LocalFileStorage() },
    PropertyModerationRepository,
    PropertyModerationService,
    { provide: MODERATION_FILE_STORAGE, useFactory: () => new LocalFileStorage() },
  ],
})
export class PropertyAuthoringModule {}
