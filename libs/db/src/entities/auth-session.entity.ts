import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** Why a session (refresh-token family) was ended. */
export type SessionRevokeReason = 'logout' | 'reuse' | 'password_reset' | 'password_change' | 'blocked';

/**
 * A sign-in session = one refresh-token family (DESIGN "Auth and sessions"). Every refresh
 * rotates the token inside the family; presenting an already rotated token revokes the
 * whole family. Access tokens carry the session id (`sid`), so a revoked session also stops
 * its access tokens at once.
 */
@Entity('auth_sessions')
export class AuthSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  /** true: refresh tokens live 30 days; false: 1 day. */
  @Column({ name: 'remember_me', type: 'boolean', default: false })
  rememberMe: boolean;

  /** The client's User-Agent at sign-in (truncated to 300 characters), for a sessions list. */
  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;

  /** The client's IP at sign-in. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Last successful refresh. */
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' })
  lastUsedAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true })
  revokedReason: SessionRevokeReason | null;
}
