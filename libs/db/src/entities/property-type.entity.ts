import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LocalizedText, PropertyTypeSlug } from '@realty/contracts';

/** Property type (spec 01 §3): office, retail, warehouse, coworking. */
@Entity('property_types')
export class PropertyType {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32, unique: true })
  slug: PropertyTypeSlug;

  @Column({ type: 'jsonb' })
  name: LocalizedText;
}
