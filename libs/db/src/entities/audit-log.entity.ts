import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One staff write, on record (spec 02 §2 "Audit logs", §7 Audit; issue 21): who, when, what
 * action on which entity and id, the changed fields before and after, from which address and
 * user agent. Written in the same transaction as the change (AuditService.record) and never
 * changed afterwards: the table refuses UPDATE, DELETE and TRUNCATE (migration AuditLog).
 *
 * The actor is a snapshot (id, e-mail, role), not a foreign key: a deleted user's history stays,
 * and a cascade would be an UPDATE the table refuses.
 */
@Entity('audit_logs')
@Index('ix_audit_logs_occurred', ['occurredAt', 'id'])
@Index('ix_audit_logs_actor_occurred', ['actorId', 'occurredAt'])
@Index('ix_audit_logs_entity_occurred', ['entity', 'entityId', 'occurredAt'])
@Index('ix_audit_logs_action_occurred', ['action', 'occurredAt'])
export class AuditLog {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @Column({ name: 'actor_email', type: 'varchar', length: 254, default: '' })
  actorEmail: string;

  @Column({ name: 'actor_role', type: 'varchar', length: 32, default: '' })
  actorRole: string;

  /** What was done, as `<entity>.<verb>` (e.g. user.create, user.role, property.approve). */
  @Column({ type: 'varchar', length: 64 })
  action: string;

  /** The kind of record (user, property, property_image, …). */
  @Column({ type: 'varchar', length: 64 })
  entity: string;

  @Column({ name: 'entity_id', type: 'varchar', length: 64, nullable: true })
  entityId: string | null;

  /** The changed fields as they were (null for a creation). */
  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  /** The changed fields as they became (null for a deletion). */
  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;
}
