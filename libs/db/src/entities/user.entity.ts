import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { Language, UserStatus } from '@realty/contracts';
import { Role } from './role.entity';

/** A person who signs in: visitor (role user) or staff; agents are staff users (spec 02 §3). */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Unique case-insensitively (index uq_users_email_lower on lower(email), see the migration). */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** argon2id hash; null for agents who never sign in. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 50 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 50, default: '' })
  lastName: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  @Column({ name: 'avatar_url', type: 'varchar', length: 500, nullable: true })
  avatarUrl: string | null;

  @Column({ type: 'varchar', length: 2, default: 'ru' })
  language: Language;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: UserStatus;

  @Column({ name: 'role_id' })
  roleId: number;

  @ManyToOne(() => Role, { eager: true })
  @JoinColumn({ name: 'role_id' })
  role: Relation<Role>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
