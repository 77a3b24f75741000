import { Module } from '@nestjs/common';
import { LocalFileStorage } from '@realty/db';
import { CatalogueCache } from './catalogue-cache';
import { PropertiesController } from './properties.controller';
import { PropertiesRepository } from './properties.repository';
import { PROPERTY_FILE_STORAGE, PropertiesService } from './properties.service';

/**
 * Public properties read API (spec 01 §7): list, map, categories, detail, similar. Layers:
 * controller -> PropertiesService -> PropertiesRepository (SQL), with the CatalogueCache
 * keeping the answers. The Clock comes from SecurityModule (global).
 */
@Module({
  controllers: [PropertiesController],
  providers: [PropertiesRepository, CatalogueCache, PropertiesService, { provide: PROPERTY_FILE_STORAGE, useFactory: () => new LocalFileStorage() }],
  exports: [PropertiesService],
})
export class PropertiesModule {}
