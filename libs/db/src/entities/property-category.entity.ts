import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { LocalizedText } from '@realty/contracts';
import { PropertySubcategory } from './property-subcategory.entity';

/** Catalogue category behind /category/{slug} (spec 01 §2): offices, retail, warehouses. */
@Entity('property_categories')
export class PropertyCategory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  slug: string;

  @Column({ type: 'jsonb' })
  name: LocalizedText;

  @Column({ type: 'jsonb', nullable: true })
  description: LocalizedText | null;

  /** Icon key the web app maps to an SVG (e.g. 'building', 'store', 'warehouse'). */
  @Column({ type: 'varchar', length: 32, default: 'building' })
  icon: string;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;

  @OneToMany(() => PropertySubcategory, (s) => s.category)
  subcategories: Relation<PropertySubcategory[]>;
}
