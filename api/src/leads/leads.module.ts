import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';

/** Lead intake: POST /api/leads (public forms); the service is used by enquiries too. */
@Module({
  imports: [PropertiesModule],
  controllers: [LeadsController],
  providers: [LeadsService],
  exports: [LeadsService],
})
export class LeadsModule {}
