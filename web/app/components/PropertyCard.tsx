import { Link } from '@remix-run/react';
import type { Language, PropertyListItem } from '@realty/contracts';
import { formatArea, formatPrice, formatPricePerSqm, pickText } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { FavoriteLink, useFavorite } from './FavoriteLink';
import { AreaIcon, BuildingIcon, EyeIcon, FloorIcon, HeartIcon, PinIcon, StarIcon } from './Icons';
import { PropertyImage } from './PropertyImage';

/** Listings with more favourites than this are shown as premium (spec 01 §3). */
export const PREMIUM_FAVORITES = 10;
const MAX_FEATURE_BADGES = 4;

export function propertyHref(p: { slug?: string | null; id: string }): string {
  return `/property/${encodeURIComponent(p.slug || p.id)}`;
}

/**
 * Property card (spec 01 §2 Card). The title link stretches over the card, so the card has a
 * single link besides the favourite heart (no nested interactive elements).
 * `priority`: the first cards above the fold load their image eagerly.
 */
export function PropertyCard({ property, lang, priority = false }: { property: PropertyListItem; lang: Language; priority?: boolean }) {
  const { t } = useTranslation('catalog');
  const title = pickText(property.title, lang, t('card.noTitle'));
  const image = property.images?.[0];
  const premium = property.favoritesCount > PREMIUM_FAVORITES;
  const features = property.features ?? [];
  const extra = features.length - MAX_FEATURE_BADGES;
  const showFloor = (property.floor ?? 0) > 0 && (property.totalFloors ?? 0) > 0;
  // The favourites count follows a pending toggle at once (optimistic).
  const favoritesCount = useFavorite(property.id, property.favoritesCount).count;
  return (
    <article className="property-card">
      <div className="property-card__media">
        {image ? (
          <PropertyImage image={image} variant="thumb" alt={title} eager={priority} sizes="(min-width: 1240px) 300px, (min-width: 640px) 50vw, 100vw" />
        ) : (
          <div className="property-card__noimage">
            <BuildingIcon size={40} />
            <span>{t('card.noImage')}</span>
          </div>
        )}
        <div className="property-card__badges">
          <span className={`badge badge--${property.dealType}`}>{t(`dealTypes.${property.dealType}`)}</span>
          {premium ? (
            <span className="badge badge--premium">
              <StarIcon size={12} />
              {t('card.premium')}
            </span>
          ) : null}
        </div>
        <FavoriteLink title={title} propertyId={property.id} />
      </div>
      <div className="property-card__body">
        <h3 className="property-card__title">
          <Link to={propertyHref(property)} className="stretched-link">
            {title}
          </Link>
        </h3>
        <p className="property-card__address">
          <PinIcon size={16} />
          <span>{property.address}</span>
        </p>
        <ul className="property-card__facts">
          <li>
            <AreaIcon size={16} />
            <span className="sr-only">{t('card.area')}: </span>
            {formatArea(property.area, lang)}
          </li>
          {showFloor ? (
            <li>
              <FloorIcon size={16} />
              {t('card.floor', { floor: property.floor, total: property.totalFloors })}
            </li>
          ) : null}
        </ul>
        {features.length ? (
          <ul className="feature-badges" aria-label={t('card.features')}>
            {features.slice(0, MAX_FEATURE_BADGES).map((f) => (
              <li key={f}>{t(`features.${f}`, { defaultValue: f })}</li>
            ))}
            {extra > 0 ? (
              <li>
                <span aria-hidden="true">+{extra}</span>
                <span className="sr-only">{t('card.moreFeatures', { count: extra })}</span>
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="property-card__footer">
          <p className="property-card__price">
            <strong>{formatPrice(property.price, property.dealType, lang)}</strong>
            {property.pricePerSqm > 0 ? <span>{formatPricePerSqm(property.pricePerSqm, lang)}</span> : null}
          </p>
          <p className="property-card__stats">
            <span title={t('card.views')}>
              <EyeIcon size={16} />
              <span className="sr-only">{t('card.views')}: </span>
              {property.viewsCount}
            </span>
            <span title={t('card.favorites')}>
              <HeartIcon size={16} />
              <span className="sr-only">{t('card.favorites')}: </span>
              {favoritesCount}
            </span>
          </p>
        </div>
      </div>
    </article>
  );
}
