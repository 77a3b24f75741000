import { Module } from '@nestjs/common';
import { LocalFileStorage } from '@realty/db';
import { CatalogCache } from './catalog-cache';
import { PropertiesController } from './properties.controller';
import { PropertiesRepository } from './properties.repository';
import { PROPERTY_FILE_STORAGE, PropertiesService } from './properties.service';

/**
 * Public properties read API (spec 01 §7): list, map, categories, detail, similar. Layers:
 * controller -> PropertiesService -> PropertiesRepository (SQL), with the CatalogCache
 * keeping the answers. The Clock comes from SecurityModule (global).
 */
@Module({
  controllers: [PropertiesController],
  providers: [
    PropertiesRepository,
    CatalogCache,
    PropertiesService,
    { provide: PROPERTY_FILE_STORAGE, useFactory: () => new LocalFileStorage() },
  ],
  exports: [PropertiesService],
})
export class PropertiesModule {}
