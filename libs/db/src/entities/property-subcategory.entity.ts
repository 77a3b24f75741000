import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { LocalizedText } from '@realty/contracts';
import { PropertyCategory } from './property-category.entity';

/** Subcategory behind /category/{slug}/{subSlug} (spec 01 §2: office-space, coworking). */
@Entity('property_subcategories')
export class PropertySubcategory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'category_id' })
  categoryId: number;

  @ManyToOne(() => PropertyCategory, (c) => c.subcategories, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'category_id' })
  category: Relation<PropertyCategory>;

  @Column({ type: 'varchar', length: 64, unique: true })
  slug: string;

  @Column({ type: 'jsonb' })
  name: LocalizedText;

  @Column({ type: 'jsonb', nullable: true })
  description: LocalizedText | null;

  /** Extra filter keys the page offers (spec 01 §2), e.g. ['rooms','furniture']. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  filters: string[];

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;
}
