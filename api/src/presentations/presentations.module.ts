import { Module } from '@nestjs/common';
import { PresentationQueue } from './presentation-queue';
import { PresentationsController } from './presentations.controller';
import { PresentationsRepository } from './presentations.repository';
import { PresentationsService } from './presentations.service';

/**
 * Presentations (issue 23; spec 02 §7 Presentations): controller -> service -> repository (SQL),
 * and the producer of GeneratePresentation jobs. Rendering is the worker's (worker/src/presentations/).
 */
@Module({
  controllers: [PresentationsController],
  providers: [PresentationsRepository, PresentationsService, PresentationQueue],
})
export class PresentationsModule {}
