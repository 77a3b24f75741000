import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@realty/db';
import { AiModule } from './ai/ai.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BlogModule } from './blog/blog.module';
import { CrmModule } from './crm/crm.module';
import { SecurityModule } from './common/guards.module';
import { RedisModule } from './common/redis.module';
import { FavoritesModule } from './favorites/favorites.module';
import { GeocodingModule } from './geocoding/geocoding.module';
import { HealthModule } from './health/health.module';
import { LandingsModule } from './landings/landings.module';
import { PropertyAuthoringModule } from './property-authoring/property-authoring.module';
import { ReferenceDataModule } from './reference-data/reference-data.module';
import { PropertyLeadsModule } from './property-leads/property-leads.module';
import { LeadsModule } from './leads/leads.module';
import { MailSinkModule } from './mail-sink/mail-sink.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OutboxModule } from './outbox/outbox.module';
import { PartnersModule } from './partners/partners.module';
import { PresentationsModule } from './presentations/presentations.module';
import { PropertiesModule } from './properties/properties.module';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';
import { WebsiteAnalyticsModule } from './website-analytics/website-analytics.module';

/**
 * Root module of the HTTP API; one module per domain (DESIGN "api"). SecurityModule adds the
 * global guards (CSRF, access policy, per-route limits) and GET /api/csrf-token.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({ useFactory: () => dataSourceOptions() }),
    RedisModule,
    SecurityModule,
    AuditModule,
    HealthModule,
    PropertiesModule,
    PropertyAuthoringModule,
    ReferenceDataModule,
    AuthModule,
    UsersModule,
    UploadsModule,
    FavoritesModule,
    PartnersModule,
    BlogModule,
    OutboxModule,
    LeadsModule,
    PropertyLeadsModule,
    WebsiteAnalyticsModule,
    MailSinkModule,
    GeocodingModule,
    NotificationsModule,
    CrmModule,
    PresentationsModule,
    AiModule,
    LandingsModule,
  ],
})
export class AppModule {}
