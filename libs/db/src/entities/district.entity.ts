import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DistrictSlug, LocalizedText } from '@realty/contracts';

/** A district of Almaty (spec 01 §3: almaly, auezov, bostandyk, medeu). */
@Entity('districts')
export class District {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32, unique: true })
  slug: DistrictSlug;

  /** {ru,en,kk,zh}, e.g. ru 'Алмалинский'. */
  @Column({ type: 'jsonb' })
  name: LocalizedText;

  /** Bounding box used to place demo listings inside the district (degrees). */
  @Column({ type: 'jsonb', nullable: true })
  bounds: { south: number; west: number; north: number; east: number } | null;
}
