import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A page view of the public site (spec 01 §3 "Analytics page view"), from the browser or the server render. */
@Entity('website_page_views')
@Index('ix_website_page_views_created', ['createdAt'])
@Index('ix_website_page_views_path_created', ['path', 'createdAt'])
export class WebsitePageView {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 2000 })
  path: string;

  @Column({ name: 'utm_source', type: 'varchar', length: 200, nullable: true })
  utmSource: string | null;

  @Column({ name: 'utm_medium', type: 'varchar', length: 200, nullable: true })
  utmMedium: string | null;

  @Column({ name: 'utm_campaign', type: 'varchar', length: 200, nullable: true })
  utmCampaign: string | null;

  @Column({ name: 'utm_term', type: 'varchar', length: 200, nullable: true })
  utmTerm: string | null;

  @Column({ name: 'utm_content', type: 'varchar', length: 200, nullable: true })
  utmContent: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  language: string | null;

  @Column({ name: 'screen_resolution', type: 'varchar', length: 32, nullable: true })
  screenResolution: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  referrer: string | null;

  /** The browser's clock (spec field `timestamp`); created_at is the server's. */
  @Column({ name: 'client_timestamp', type: 'timestamptz', nullable: true })
  clientTimestamp: Date | null;

  @Column({ name: 'session_id', type: 'varchar', length: 64, nullable: true })
  sessionId: string | null;

  /** 'client' (the browser tracker) or 'server' (counted from the server render, JavaScript off). */
  @Column({ type: 'varchar', length: 8, default: 'client' })
  origin: 'client' | 'server';

  @Column({ name: 'is_bot', type: 'boolean', default: false })
  isBot: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** An event of the public site (spec 01 §3 "Analytics event": eventName, properties, timestamp). */
@Entity('website_events')
@Index('ix_website_events_created', ['createdAt'])
@Index('ix_website_events_path_created', ['path', 'createdAt'])
export class WebsiteEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'event_name', type: 'varchar', length: 100 })
  eventName: string;

  @Column({ type: 'jsonb', nullable: true })
  properties: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  path: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;

  @Column({ name: 'client_timestamp', type: 'timestamptz', nullable: true })
  clientTimestamp: Date | null;

  @Column({ name: 'session_id', type: 'varchar', length: 64, nullable: true })
  sessionId: string | null;

  @Column({ name: 'is_bot', type: 'boolean', default: false })
  isBot: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
