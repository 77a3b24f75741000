import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@realty/db';
import { RedisModule } from './common/redis.module';
import { HealthModule } from './health/health.module';
import { PropertiesModule } from './properties/properties.module';

/** Root module of the HTTP API; one module per domain (DESIGN "api"). */
@Module({
  imports: [TypeOrmModule.forRootAsync({ useFactory: () => dataSourceOptions() }), RedisModule, HealthModule, PropertiesModule],
})
export class AppModule {}
