import { Module } from '@nestjs/common';
import { LocalFileStorage } from '@realty/db';
import { PropertiesModule } from '../properties/properties.module';
import { UploadsController } from './uploads.controller';
import { UPLOAD_FILE_STORAGE, UploadsService } from './uploads.service';

/** Uploads (spec 02 §7): property images, documents, deletion, limits. */
@Module({
  imports: [PropertiesModule],
  controllers: [UploadsController],
  providers: [UploadsService, { provide: UPLOAD_FILE_STORAGE, useFactory: () => new LocalFileStorage() }],
})
export class UploadsModule {}
