import { Global, Module } from '@nestjs/common';
import { OutboxRelay } from './outbox.relay';

/** The transactional outbox and its relay to BullMQ (available to every module). */
@Global()
@Module({
  providers: [OutboxRelay],
  exports: [OutboxRelay],
})
export class OutboxModule {}
