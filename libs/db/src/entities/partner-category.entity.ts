import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LocalizedText } from '@realty/contracts';

/** A partner category with its display data (spec 01 §3: banks, restaurants, fitness, beauty, retail, medical). */
@Entity('partner_categories')
export class PartnerCategory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  slug: string;

  @Column({ type: 'jsonb' })
  name: LocalizedText;

  /** Icon key the web app maps to an SVG (see PARTNER_CATEGORY_STYLE). */
  @Column({ type: 'varchar', length: 32, default: 'dot' })
  icon: string;

  /** CSS colour, e.g. '#1d4ed8'. */
  @Column({ type: 'varchar', length: 16, default: '#6b7280' })
  color: string;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;
}
