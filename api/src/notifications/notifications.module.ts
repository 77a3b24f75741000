import { Global, Module } from '@nestjs/common';
import { NotificationWriter } from './notification.writer';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * Staff notifications (issue 22; spec 02 §2 "/dashboard/notifications"): NotificationWriter for
 * every module whose change notifies someone (global), and the read API.
 */
@Global()
@Module({
  controllers: [NotificationsController],
  providers: [NotificationWriter, NotificationsService, NotificationsRepository],
  exports: [NotificationWriter],
})
export class NotificationsModule {}
