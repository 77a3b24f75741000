import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { FavoritesQuery, type FavoriteStateDto, type PropertyListItem } from '@realty/contracts';
import { Authenticated, CurrentUser, type AuthUser } from '../common/decorators';
import type { Paged } from '../common/envelope.interceptor';
import { FavoritesService } from './favorites.service';

/**
 * Favourites of the signed-in user, any role (spec 01 §7: POST and DELETE
 * /properties/{id}/favorites, GET /user/favorites). 401 without a valid token; writes need
 * X-CSRF-Token. `idOrSlug` is a listing's uuid or slug; only public listings (active, not
 * deleted) can be added or removed (404 otherwise).
 */
@Controller()
@Authenticated()
export class FavoritesController {
  constructor(private readonly favorites: FavoritesService) {}

  /** POST /api/properties/:idOrSlug/favorites -> 200 {propertyId, favorited: true, favoritesCount}. Idempotent. 404 unless public. */
  @Post('properties/:idOrSlug/favorites')
  @HttpCode(200)
  add(@CurrentUser() user: AuthUser, @Param('idOrSlug') idOrSlug: string): Promise<FavoriteStateDto> {
    return this.favorites.add(user.id, idOrSlug);
  }

  /** DELETE /api/properties/:idOrSlug/favorites -> 200 {propertyId, favorited: false, favoritesCount}. Idempotent. 404 unless public. */
  @Delete('properties/:idOrSlug/favorites')
  @HttpCode(200)
  remove(@CurrentUser() user: AuthUser, @Param('idOrSlug') idOrSlug: string): Promise<FavoriteStateDto> {
    return this.favorites.remove(user.id, idOrSlug);
  }

  /**
   * GET /api/user/favorites?page&limit -> 200 data PropertyListItem[] (the catalogue's cards),
   * most recently added first; meta {total, page, limit (default 50, at most 100), totalPages}.
   * Listings that are no longer public are left out.
   */
  @Get('user/favorites')
  list(@CurrentUser() user: AuthUser, @Query() query: FavoritesQuery): Promise<Paged<PropertyListItem>> {
    return this.favorites.list(user.id, query);
  }

  /** GET /api/user/favorites/ids -> 200 data string[]: ids of the public favourite listings (hearts on cards). */
  @Get('user/favorites/ids')
  ids(@CurrentUser() user: AuthUser): Promise<string[]> {
    return this.favorites.ids(user.id);
  }
}
