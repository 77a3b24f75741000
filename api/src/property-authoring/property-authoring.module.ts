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
import { StaffDashboardController } from './staff-dashboard.controller';
import { StaffDashboardService } from './staff-dashboard.service';

/**
 * The listing write path (issue 21; spec 02 §4-§7): controller -> PropertyAuthoringService ->
 * PropertyAuthoringRepository (SQL) -> mapper; the staff list and bulk status
 * (PropertyManage*), the employee dashboard (StaffDashboard*), and the form's reads and image
 * order (PropertyEditing*). Uses PropertiesService only to drop the public catalogue cache after a
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
  ],
})
export class PropertyAuthoringModule {}
