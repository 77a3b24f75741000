import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** The audit log (spec 02 §2, §7): AuditService for every module that makes staff writes. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
