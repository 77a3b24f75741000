import { Module } from '@nestjs/common';
import { PartnersController } from './partners.controller';
import { PartnersService } from './partners.service';

/** Public partners API (spec 01 §7): list with filters and paging, detail by id or slug. */
@Module({ controllers: [PartnersController], providers: [PartnersService], exports: [PartnersService] })
export class PartnersModule {}
