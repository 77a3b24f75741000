import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { FavoritesController } from './favorites.controller';
import { FavoritesService } from './favorites.service';

/** Favourites: /api/properties/:idOrSlug/favorites, /api/user/favorites[/ids] (signed-in users). */
@Module({
  imports: [PropertiesModule],
  controllers: [FavoritesController],
  providers: [FavoritesService],
})
export class FavoritesModule {}
