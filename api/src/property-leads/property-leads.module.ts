import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { PropertyLeadsController } from './property-leads.controller';
import { PropertyLeadsService } from './property-leads.service';

/** POST /api/inquiries (public) and GET /api/user/inquiries (signed in). */
@Module({
  imports: [LeadsModule],
  controllers: [PropertyLeadsController],
  providers: [PropertyLeadsService],
})
export class PropertyLeadsModule {}
