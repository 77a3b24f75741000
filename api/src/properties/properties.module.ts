import { Module } from '@nestjs/common';
import { LocalFileStorage } from '@realty/db';
import { PropertiesController } from './properties.controller';
import { PROPERTY_FILE_STORAGE, PropertiesService } from './properties.service';

/** Public properties read API (spec 01 §7): list, map, categories, detail, similar. */
@Module({
  controllers: [PropertiesController],
  providers: [PropertiesService, { provide: PROPERTY_FILE_STORAGE, useFactory: () => new LocalFileStorage() }],
  exports: [PropertiesService],
})
export class PropertiesModule {}
