import { Module } from '@nestjs/common';
import { WebsiteAnalyticsController } from './website-analytics.controller';
import { WebsiteAnalyticsService } from './website-analytics.service';

/** POST /api/website-analytics/track-page-view and /track-event. */
@Module({
  controllers: [WebsiteAnalyticsController],
  providers: [WebsiteAnalyticsService],
})
export class WebsiteAnalyticsModule {}
