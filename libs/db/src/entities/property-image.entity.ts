import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Property } from './property.entity';

/** Resized variants written by the worker's media job (storage keys). */
export interface ImageVariants {
  /** Card thumbnail, 480 px wide, JPEG. */
  thumb: string;
  /** Gallery size, 1280 px wide, JPEG. */
  gallery: string;
  /** Card thumbnail as WebP. */
  thumbWebp: string;
  /** Gallery size as WebP. */
  galleryWebp: string;
}

/** An image of a listing; the first by sortOrder is the main image (spec 01 §3). */
@Entity('property_images')
@Index('ix_property_images_property', ['propertyId', 'sortOrder'])
export class PropertyImage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId: string;

  @ManyToOne(() => Property, (p) => p.images, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'property_id' })
  property: Relation<Property>;

  /** Storage key of the original file, e.g. 'properties/demo/office-03.jpg'. */
  @Column({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  /** Null until the media job has made the variants; pages use the original meanwhile. */
  @Column({ type: 'jsonb', nullable: true })
  variants: ImageVariants | null;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
