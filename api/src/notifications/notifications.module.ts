import { Global, Module } from '@nestjs/common';
import { NotificationWriter } from './notification.writer';

/**
 * Staff notifications (issue 22; spec 02 §2 "/dashboard/notifications"): NotificationWriter for
 * every module whose change notifies someone (global), and the read API.
 */
@Global()
@Module({
  controllers: [],
  providers: [NotificationWriter],
  exports: [NotificationWriter],
})
export class NotificationsModule {}
