import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { InquiriesController } from './inquiries.controller';
import { InquiriesService } from './inquiries.service';

/** POST /api/inquiries (public) and GET /api/user/inquiries (signed in). */
@Module({
  imports: [LeadsModule],
  controllers: [InquiriesController],
  providers: [InquiriesService],
})
export class InquiriesModule {}
