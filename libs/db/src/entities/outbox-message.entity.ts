import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A message of the transactional outbox (docs/decisions/015-outbox-relay.md): written in the same
 * transaction as the business row, relayed to its queue by the API's OutboxRelay (the job id is
 * the outbox id, so it is enqueued exactly once), then marked dispatched.
 */
@Entity('outbox')
export class OutboxMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The job name it becomes (a JobName of @realty/jobs). */
  @Column({ type: 'varchar', length: 64 })
  topic: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Not relayed before this time (backoff after a failed attempt). */
  @Column({ name: 'available_at', type: 'timestamptz', default: () => 'now()' })
  availableAt: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
