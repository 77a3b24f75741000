import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { PropertyCategoriesController } from './property-categories.controller';
import { ReferenceDataController } from './reference-data.controller';
import { ReferenceDataRepository } from './reference-data.repository';
import { ReferenceDataService } from './reference-data.service';

/**
 * The reference-data administration (issue 21; spec 02 §2): categories with subcategories,
 * property types, building complexes. Controllers -> ReferenceDataService ->
 * ReferenceDataRepository (SQL) -> mapper. PropertiesService only to drop the public catalogue
 * caches after a write; AuditService comes from its global module.
 */
@Module({
  imports: [PropertiesModule],
  controllers: [PropertyCategoriesController, ReferenceDataController],
  providers: [ReferenceDataRepository, ReferenceDataService],
})
export class ReferenceDataModule {}
