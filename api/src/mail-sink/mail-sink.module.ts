import { Module } from '@nestjs/common';
import { MailSinkController } from './mail-sink.controller';
import { MailSinkService } from './mail-sink.service';

/** The local mail sink's admin routes (docs/decisions/028); the SMTP side runs as its own process (main.ts). */
@Module({ controllers: [MailSinkController], providers: [MailSinkService] })
export class MailSinkModule {}
