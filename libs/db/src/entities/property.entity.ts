import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import type { DealType, LocalizedText, PropertyFeature, PropertyStatus } from '@realty/contracts';
import { BuildingComplex } from './building-complex.entity';
import { District } from './district.entity';
import { PropertyCategory } from './property-category.entity';
import { PropertyImage } from './property-image.entity';
import { PropertySubcategory } from './property-subcategory.entity';
import { PropertyType } from './property-type.entity';
import { numericTransformer } from './transformers';
import { User } from './user.entity';

/** Characteristics object of spec 01 §3 (floor, furniture, air_conditioning, rooms) plus common extras. */
export interface PropertyCharacteristics {
  floor?: number;
  furniture?: boolean;
  air_conditioning?: boolean;
  rooms?: number;
  parking?: boolean;
  /** Parking places included. */
  parking_spaces?: number;
  /** Ceiling height, metres. */
  ceiling_height?: number;
  meeting_rooms?: boolean;
  kitchen?: boolean;
  wifi?: boolean;
  /** Coworking desk type: hot (any free desk) or fixed. */
  desk_type?: 'hot' | 'fixed' | 'office';
  [key: string]: string | number | boolean | undefined;
}

/**
 * A listing (spec 01 §3). Texts are per language {ru,en,kk,zh}; `price` is in ₸ (per month
 * for rent, total for sale), `area` in m². Only status 'active' and not soft-deleted
 * listings are public. `search_text` is a generated column (see the migration) indexed
 * with pg_trgm for the catalogue search.
 */
@Entity('properties')
export class Property {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 220, unique: true })
  slug: string;

  @Column({ type: 'jsonb' })
  title: LocalizedText;

  @Column({ type: 'jsonb' })
  description: LocalizedText;

  @Column({ type: 'jsonb', nullable: true })
  h1: LocalizedText | null;

  @Column({ name: 'seo_title', type: 'jsonb', nullable: true })
  seoTitle: LocalizedText | null;

  @Column({ name: 'seo_description', type: 'jsonb', nullable: true })
  seoDescription: LocalizedText | null;

  @Column({ name: 'seo_keywords', type: 'jsonb', nullable: true })
  seoKeywords: LocalizedText | null;

  @Column({ name: 'category_id' })
  categoryId: number;

  @ManyToOne(() => PropertyCategory)
  @JoinColumn({ name: 'category_id' })
  category: Relation<PropertyCategory>;

  @Column({ name: 'subcategory_id', nullable: true })
  subcategoryId: number | null;

  @ManyToOne(() => PropertySubcategory, { nullable: true })
  @JoinColumn({ name: 'subcategory_id' })
  subcategory: Relation<PropertySubcategory> | null;

  @Column({ name: 'property_type_id' })
  propertyTypeId: number;

  @ManyToOne(() => PropertyType)
  @JoinColumn({ name: 'property_type_id' })
  propertyType: Relation<PropertyType>;

  @Column({ name: 'building_complex_id', nullable: true })
  buildingComplexId: number | null;

  @ManyToOne(() => BuildingComplex, { nullable: true })
  @JoinColumn({ name: 'building_complex_id' })
  buildingComplex: Relation<BuildingComplex> | null;

  @Column({ name: 'district_id', nullable: true })
  districtId: number | null;

  @ManyToOne(() => District, { nullable: true })
  @JoinColumn({ name: 'district_id' })
  district: Relation<District> | null;

  @Column({ name: 'deal_type', type: 'varchar', length: 8 })
  dealType: DealType;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: PropertyStatus;

  /** ₸; per month for rent, total for sale. */
  @Column({ type: 'bigint', transformer: numericTransformer })
  price: number;

  @Column({ name: 'price_currency', type: 'varchar', length: 3, default: 'KZT' })
  priceCurrency: string;

  /** m². */
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: numericTransformer })
  area: number;

  @Column({ type: 'int', nullable: true })
  floor: number | null;

  @Column({ name: 'total_floors', type: 'int', nullable: true })
  totalFloors: number | null;

  @Column({ type: 'varchar', length: 200 })
  address: string;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  characteristics: PropertyCharacteristics;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  features: PropertyFeature[];

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Column({ name: 'views_count', type: 'int', default: 0 })
  viewsCount: number;

  @Column({ name: 'favorites_count', type: 'int', default: 0 })
  favoritesCount: number;

  @Column({ name: 'agent_id', type: 'uuid', nullable: true })
  agentId: string | null;

  @ManyToOne(() => User, { nullable: true })
  @JoinColumn({ name: 'agent_id' })
  agent: Relation<User> | null;

  /** Staff member who authored the listing (spec 02 §3 owner). */
  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId: string | null;

  @ManyToOne(() => User, { nullable: true })
  @JoinColumn({ name: 'owner_id' })
  owner: Relation<User> | null;

  @OneToMany(() => PropertyImage, (i) => i.property)
  images: Relation<PropertyImage[]>;

  /**
   * An edit of the active listing by a non-admin, waiting for approval (the columns above stay
   * the public version meanwhile); null when none (decision 036). Shape: PropertyWriteValues.
   */
  @Column({ name: 'pending_changes', type: 'jsonb', nullable: true })
  pendingChanges: Record<string, unknown> | null;

  /** The last rejection of the listing's moderation, shown to its author (decision 036). */
  @Column({ name: 'rejection_reason', type: 'varchar', length: 500, nullable: true })
  rejectionReason: string | null;

  @Column({ name: 'rejection_notes', type: 'varchar', length: 2000, nullable: true })
  rejectionNotes: string | null;

  @Column({ name: 'rejected_at', type: 'timestamptz', nullable: true })
  rejectedAt: Date | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Soft delete (spec 02 §4: deleted properties can be restored). */
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
