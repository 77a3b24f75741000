import { Module } from '@nestjs/common';
import { AdminHealthController, HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ controllers: [HealthController, AdminHealthController], providers: [HealthService] })
export class HealthModule {}
