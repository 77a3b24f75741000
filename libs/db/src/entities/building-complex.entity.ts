import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { LocalizedText } from '@realty/contracts';
import { District } from './district.entity';

/** A building or business centre that holds listings (spec 01 §3 buildingComplexName). */
@Entity('building_complexes')
export class BuildingComplex {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  slug: string;

  @Column({ type: 'jsonb' })
  name: LocalizedText;

  @Column({ type: 'varchar', length: 200 })
  address: string;

  @Column({ name: 'district_id', nullable: true })
  districtId: number | null;

  @ManyToOne(() => District, { nullable: true })
  @JoinColumn({ name: 'district_id' })
  district: Relation<District> | null;

  /** Building class: A, B+, B, C. */
  @Column({ name: 'building_class', type: 'varchar', length: 4, nullable: true })
  buildingClass: string | null;

  @Column({ name: 'total_floors', type: 'int', nullable: true })
  totalFloors: number | null;

  @Column({ name: 'year_built', type: 'int', nullable: true })
  yearBuilt: number | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;
}
