import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { BlogKind, BlogModerationStatus, BlogPostStatus, LocalizedText } from '@realty/contracts';
import { BlogCategory } from './blog-category.entity';
import { User } from './user.entity';

/**
 * A news item or article (spec 01 §3 Blog post / Article): title, excerpt and content per
 * language, content as HTML (sanitised by the API before it leaves, spec 01 §5), a cover image
 * (storage key), the author (a user) with a display role, reading time (content length / 1000
 * rounded up, spec 01 §9), views. Only status 'published' with publishedAt set is public.
 */
@Entity('blog_posts')
export class BlogPost {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 220, unique: true })
  slug: string;

  @Column({ name: 'category_id', type: 'int', nullable: true })
  categoryId: number | null;

  @ManyToOne(() => BlogCategory, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'category_id' })
  category: Relation<BlogCategory> | null;

  @Column({ type: 'jsonb' })
  title: LocalizedText;

  @Column({ type: 'jsonb' })
  excerpt: LocalizedText;

  /** HTML per language. */
  @Column({ type: 'jsonb' })
  content: LocalizedText;

  /** Storage key of the cover image, e.g. 'blog/demo/cover-03.jpg', or null. */
  @Column({ name: 'cover_image_key', type: 'varchar', length: 300, nullable: true })
  coverImageKey: string | null;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id' })
  author: Relation<User> | null;

  @Column({ name: 'author_role', type: 'jsonb', nullable: true })
  authorRole: LocalizedText | null;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  status: BlogPostStatus;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @Column({ name: 'reading_time_minutes', type: 'int', default: 1 })
  readingTimeMinutes: number;

  @Column({ name: 'views_count', type: 'int', default: 0 })
  viewsCount: number;

  @Column({ name: 'seo_title', type: 'jsonb', nullable: true })
  seoTitle: LocalizedText | null;

  @Column({ name: 'seo_description', type: 'jsonb', nullable: true })
  seoDescription: LocalizedText | null;

  @Column({ name: 'seo_keywords', type: 'jsonb', nullable: true })
  seoKeywords: LocalizedText | null;

  /** 'blog' | 'news' (issue 23: /dashboard/admin/news is the desk filtered to news). */
  @Column({ type: 'varchar', length: 8, default: 'blog' })
  kind: BlogKind;

  /** pending | approved | rejected (issue 23); public only when published AND approved. */
  @Column({ name: 'moderation_status', type: 'varchar', length: 12, default: 'approved' })
  moderationStatus: BlogModerationStatus;

  @Column({ name: 'moderation_note', type: 'varchar', length: 1000, nullable: true })
  moderationNote: string | null;

  /** A draft published by the maintenance job at this time once approved. */
  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true })
  scheduledAt: Date | null;

  @Column({ name: 'generated_by_ai', type: 'boolean', default: false })
  generatedByAi: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
