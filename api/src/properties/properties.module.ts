import { Module } from '@nestjs/common';

/** Placeholder until the properties read API lands. */
@Module({})
export class PropertiesModule {}
