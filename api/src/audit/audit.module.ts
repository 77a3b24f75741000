import { Global, Module } from '@nestjs/common';
import { AuditLogsController } from './audit-logs.controller';
import { AuditLogsRepository } from './audit-logs.repository';
import { AuditLogsService } from './audit-logs.service';
import { AuditService } from './audit.service';

/**
 * The audit log (spec 02 §2, §7): AuditService for every module that makes staff writes
 * (global), and the read API /api/admin/audit-logs, /api/admin/audit-logs/export, /api/audit-logs/:id.
 */
@Global()
@Module({
  controllers: [AuditLogsController],
  providers: [AuditService, AuditLogsService, AuditLogsRepository],
  exports: [AuditService],
})
export class AuditModule {}
