import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LocalizedText } from '@realty/contracts';

/** A news/article category (spec 01 §3 "Blog category: id, nameRu"). */
@Entity('blog_categories')
export class BlogCategory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  slug: string;

  @Column({ type: 'jsonb' })
  name: LocalizedText;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;
}
