import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Property } from './property.entity';
import { User } from './user.entity';

/**
 * A listing a user marked as favourite (spec 01 §3 "Favourites"). One row per (user,
 * listing); properties.favorites_count is kept equal to the number of rows by the API, in
 * the same statement as the insert or delete.
 */
@Entity('favorites')
@Index('ix_favorites_property', ['propertyId'])
export class Favorite {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ name: 'property_id', type: 'uuid' })
  propertyId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  @ManyToOne(() => Property, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'property_id' })
  property: Relation<Property>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
