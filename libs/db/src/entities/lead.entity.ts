import type { LeadQuality, LeadStatus, QuizBudget, QuizFloor, QuizLocation } from '@realty/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { Property } from './property.entity';
import { numericTransformer } from './transformers';
import { User } from './user.entity';

/**
 * A sales lead (spec 01 §3 "Lead", spec 02 §3): created by the public forms (sources
 * website_contact_form, website_contact_page, office_quiz, property_inquiry) or by staff later.
 * Status starts as 'new'; quality is computed from what the visitor gave (leadQuality in
 * @realty/contracts). The quiz answers are structured columns. Empty phone/e-mail are ''.
 */
@Entity('leads')
@Index('ix_leads_status_created', ['status', 'createdAt'])
@Index('ix_leads_source', ['source'])
@Index('ix_leads_phone_created', ['phone', 'createdAt'])
export class Lead {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'first_name', type: 'varchar', length: 50, default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 50, default: '' })
  lastName: string;

  @Column({ type: 'varchar', length: 32, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 50 })
  source: string;

  @Column({ type: 'varchar', length: 100 })
  topic: string;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'varchar', length: 24, default: 'new' })
  status: LeadStatus;

  @Column({ type: 'varchar', length: 8 })
  quality: LeadQuality;

  /** ₸. */
  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true, transformer: numericTransformer })
  budget: number | null;

  @Column({ name: 'property_type', type: 'varchar', length: 50, nullable: true })
  propertyType: string | null;

  @Column({ name: 'quiz_location', type: 'varchar', length: 16, nullable: true })
  quizLocation: QuizLocation | null;

  @Column({ name: 'quiz_floor', type: 'varchar', length: 16, nullable: true })
  quizFloor: QuizFloor | null;

  /** m². */
  @Column({ name: 'quiz_area', type: 'integer', nullable: true })
  quizArea: number | null;

  @Column({ name: 'quiz_budget', type: 'varchar', length: 8, nullable: true })
  quizBudget: QuizBudget | null;

  @Column({ name: 'property_id', type: 'uuid', nullable: true })
  propertyId: string | null;

  @ManyToOne(() => Property, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'property_id' })
  property: Relation<Property> | null;

  /** The signed-in visitor who sent it, when any (their /dashboard/user/requests list). */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  /** The staff member working on it (CRM, later). */
  @Column({ name: 'assigned_to', type: 'uuid', nullable: true })
  assignedTo: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;

  // --- CRM (issue 22; migration 1764300000000-crm-foundation): owner = assignedTo.

  @Column({ type: 'varchar', length: 64, default: '' })
  telegram: string;

  /** The first call or contact status; ends the wait (spec 02 §3). */
  @Column({ name: 'first_contacted_at', type: 'timestamptz', nullable: true })
  firstContactedAt: Date | null;

  /** When the owner and their manager were told the lead waits too long (once). */
  @Column({ name: 'wait_notified_at', type: 'timestamptz', nullable: true })
  waitNotifiedAt: Date | null;

  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  clientId: string | null;

  @Column({ name: 'deal_id', type: 'uuid', nullable: true })
  dealId: string | null;

  /** The oldest live lead with the same phone or e-mail when this one arrived. */
  @Column({ name: 'duplicate_of_id', type: 'uuid', nullable: true })
  duplicateOfId: string | null;

  @Column({ name: 'merged_into_id', type: 'uuid', nullable: true })
  mergedIntoId: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
