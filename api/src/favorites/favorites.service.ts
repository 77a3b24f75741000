import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FAVORITES_PAGE_SIZE, type FavoriteStateDto, type FavoritesQuery, type PropertyListItem } from '@realty/contracts';
import { Favorite } from '@realty/db';
import type { DataSource } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { Paged } from '../common/envelope.interceptor';
import { PropertiesService } from '../properties/properties.service';

/**
 * Favourites (spec 01 §3, §7). properties.favorites_count always equals the number of
 * favourites rows of the listing: the row change and the counter change are one SQL statement
 * (data-modifying CTEs run in one transaction), and the counter moves only when a row was
 * really inserted (INSERT ... ON CONFLICT DO NOTHING RETURNING) or deleted (DELETE ...
 * RETURNING). Concurrent toggles serialise on the favourites primary key and the listing row.
 */
@Injectable()
export class FavoritesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly properties: PropertiesService,
  ) {}

  /** Adds the public listing to the user's favourites (adding twice keeps one). 404 unless public. */
  async add(userId: string, idOrSlug: string): Promise<FavoriteStateDto> {
    const propertyId = await this.publicId(idOrSlug);
    const rows: Array<{ favorites_count: number }> = await this.db.query(
      `WITH ins AS (
         INSERT INTO favorites (user_id, property_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING property_id
       ), upd AS (
         UPDATE properties SET favorites_count = favorites_count + 1 WHERE id IN (SELECT property_id FROM ins) RETURNING favorites_count
       )
       SELECT COALESCE((SELECT favorites_count FROM upd), (SELECT favorites_count FROM properties WHERE id = $2)) AS favorites_count`,
      [userId, propertyId],
    );
    this.properties.cardsChanged();
    return { propertyId, favorited: true, favoritesCount: Number(rows[0].favorites_count) };
  }

  /** Removes the public listing from the user's favourites (removing twice is fine). 404 unless public. */
  async remove(userId: string, idOrSlug: string): Promise<FavoriteStateDto> {
    const propertyId = await this.publicId(idOrSlug);
    const rows: Array<{ favorites_count: number }> = await this.db.query(
      `WITH del AS (
         DELETE FROM favorites WHERE user_id = $1 AND property_id = $2 RETURNING property_id
       ), upd AS (
         UPDATE properties SET favorites_count = GREATEST(favorites_count - 1, 0) WHERE id IN (SELECT property_id FROM del) RETURNING favorites_count
       )
       SELECT COALESCE((SELECT favorites_count FROM upd), (SELECT favorites_count FROM properties WHERE id = $2)) AS favorites_count`,
      [userId, propertyId],
    );
    this.properties.cardsChanged();
    return { propertyId, favorited: false, favoritesCount: Number(rows[0].favorites_count) };
  }

  /** The user's public favourite listings as cards, most recently added first, paged. */
  async list(userId: string, query: FavoritesQuery): Promise<Paged<PropertyListItem>> {
    const page = query.page ?? 1;
    const limit = query.limit ?? FAVORITES_PAGE_SIZE;
    const [rows, total] = await Promise.all([
      this.favoritesQuery(userId)
        .select('p.id', 'id')
        .orderBy('f.createdAt', 'DESC')
        .addOrderBy('p.id', 'DESC')
        .limit(limit)
        .offset((page - 1) * limit)
        .getRawMany<{ id: string }>(),
      this.favoritesQuery(userId).getCount(),
    ]);
    const items = await this.properties.cardsByIds(rows.map((r) => r.id));
    return new Paged(items, { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** Ids of the user's public favourite listings, most recently added first (to mark hearts on cards). */
  async ids(userId: string): Promise<string[]> {
    const rows = await this.favoritesQuery(userId)
      .select('p.id', 'id')
      .orderBy('f.createdAt', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /** Public listings (the properties module's own predicate) joined with the user's favourites. */
  private favoritesQuery(userId: string) {
    return this.properties.filteredQuery({}).innerJoin(Favorite, 'f', 'f.propertyId = p.id AND f.userId = :userId', { userId });
  }

  private async publicId(idOrSlug: string): Promise<string> {
    const id = await this.properties.publicId(idOrSlug);
    if (!id) throw ApiException.notFound();
    return id;
  }
}
