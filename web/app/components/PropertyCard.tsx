import { escapeHtml, type DealType, type Language } from '@realty/contracts';
import { formatArea, formatPrice, formatPricePerSqm } from '@realty/i18n';
import type { TFunction } from 'i18next';
import { attr, innerHtml } from '~/lib/serving/html';
import type { CardProperty } from '~/lib/catalog/property-card';
import { counted, template, useTexts } from '~/lib/i18n/texts';
import { FavoriteControl, useFavorite } from './FavoriteLink';
import { spriteIconHtml } from './Icons';
import { ListLink } from './ListLink';
import { webpSrcset } from './PropertyImage';

export type { CardProperty } from '~/lib/catalog/property-card';

/** Listings with more favourites than this are shown as premium (spec 01 §3). */
export const PREMIUM_FAVORITES = 10;
const MAX_FEATURE_BADGES = 4;
const IMAGE_SIZES = '(min-width: 1240px) 300px, (min-width: 640px) 50vw, 100vw';

/** /property/{slug or id}. */
export function propertyHref(p: { slug?: string | null; id: string }): string {
  return `/property/${encodeURIComponent(p.slug || p.id)}`;
}

/** The card's labels, translated once per language (see useTexts) rather than a dozen times per card. */
const cardTexts = (t: TFunction) => {
  const features = new Map<string, string>();
  return {
    noTitle: t('card.noTitle'),
    noImage: t('card.noImage'),
    premium: t('card.premium'),
    area: t('card.area'),
    views: t('card.views'),
    favorites: t('card.favorites'),
    features: t('card.features'),
    dealType: { rent: t('dealTypes.rent'), sale: t('dealTypes.sale') } as Record<DealType, string>,
    floor: template(t, 'card.floor', ['floor', 'total']),
    moreFeatures: counted(t, 'card.moreFeatures'),
    feature(f: string): string {
      let text = features.get(f);
      if (text === undefined) features.set(f, (text = t(`features.${f}`, { defaultValue: f }) as string));
      return text;
    },
  };
};
type CardTexts = ReturnType<typeof cardTexts>;

/**
 * The card's static parts as markup strings (lib/serving/html.ts): a page renders 50 cards, and as
 * React elements these parts were most of the page's server render. Only the title link and
 * the favourite control, which react to the visitor, stay React elements.
 */
function staticParts(
  p: CardProperty,
  title: string,
  lang: Language,
  texts: CardTexts,
  favoritesCount: number,
  eager: boolean,
  lcp: boolean,
) {
  const img = p.image;
  const media = img
    ? `${img.webp ? `<source type="image/webp"${attr('srcSet', webpSrcset(img))}${attr('sizes', IMAGE_SIZES)}/>` : ''}<img${attr('src', img.src)}${attr('alt', title)}${attr('width', img.width)}${attr('height', img.height)} loading="${eager ? 'eager' : 'lazy'}" decoding="${eager ? 'auto' : 'async'}"${lcp ? ' fetchpriority="high"' : ''}/>`
    : `${spriteIconHtml('building', 40)}<span>${escapeHtml(texts.noImage)}</span>`;
  const premium =
    p.favoritesCount > PREMIUM_FAVORITES
      ? `<span class="badge badge--premium">${spriteIconHtml('star', 12)}${escapeHtml(texts.premium)}</span>`
      : '';
  const badges = `<span class="badge badge--${escapeHtml(p.dealType)}">${escapeHtml(texts.dealType[p.dealType] ?? p.dealType)}</span>${premium}`;
  const address = `${spriteIconHtml('pin', 16)}<span>${escapeHtml(p.address)}</span>`;
  const showFloor = (p.floor ?? 0) > 0 && (p.totalFloors ?? 0) > 0;
  const facts =
    `<li>${spriteIconHtml('area', 16)}<span class="sr-only">${escapeHtml(texts.area)}: </span>${escapeHtml(formatArea(p.area, lang))}</li>` +
    (showFloor
      ? `<li>${spriteIconHtml('floor', 16)}${escapeHtml(texts.floor({ floor: p.floor ?? 0, total: p.totalFloors ?? 0 }))}</li>`
      : '');
  const extra = p.features.length - MAX_FEATURE_BADGES;
  const features = p.features.length
    ? p.features
        .slice(0, MAX_FEATURE_BADGES)
        .map((f) => `<li>${escapeHtml(texts.feature(f))}</li>`)
        .join('') +
      (extra > 0
        ? `<li><span aria-hidden="true">+${extra}</span><span class="sr-only">${escapeHtml(texts.moreFeatures(extra))}</span></li>`
        : '')
    : null;
  const footer =
    `<p class="property-card__price"><strong>${escapeHtml(formatPrice(p.price, p.dealType, lang))}</strong>` +
    (p.pricePerSqm > 0 ? `<span>${escapeHtml(formatPricePerSqm(p.pricePerSqm, lang))}</span>` : '') +
    `</p><p class="property-card__stats"><span${attr('title', texts.views)}>${spriteIconHtml('eye', 16)}<span class="sr-only">${escapeHtml(texts.views)}: </span>${escapeHtml(p.viewsCount)}</span>` +
    `<span${attr('title', texts.favorites)}>${spriteIconHtml('heart', 16, 'none')}<span class="sr-only">${escapeHtml(texts.favorites)}: </span>${escapeHtml(favoritesCount)}</span></p>`;
  return { media, badges, address, facts, features, footer };
}

/**
 * Property card (spec 01 §2 Card): image, deal-type and premium badges, favourite heart,
 * title linking to /property/{slug or id}, address, area, floor/total floors (only when both
 * above 0), feature badges, price, price per m², view and favourites counts. The title link
 * stretches over the card, so the card has a single link besides the favourite heart (no nested
 * interactive elements). `priority`: the first cards above the fold load their image eagerly;
 * `lcp`: this card's image is the page's largest paint (fetchpriority=high).
 */
export function PropertyCard({
  property,
  lang,
  priority = false,
  lcp = false,
}: {
  property: CardProperty;
  lang: Language;
  priority?: boolean;
  lcp?: boolean;
}) {
  const texts = useTexts('catalog', cardTexts);
  const title = property.title || texts.noTitle;
  // The favourites count follows a pending toggle at once (optimistic); the heart shares the state.
  const favorite = useFavorite(property.id, property.favoritesCount);
  const parts = staticParts(property, title, lang, texts, favorite.count, priority, lcp);
  return (
    <article className="property-card">
      <div className="property-card__media">
        {property.image ? (
          <picture dangerouslySetInnerHTML={innerHtml(parts.media)} />
        ) : (
          <div className="property-card__noimage" dangerouslySetInnerHTML={innerHtml(parts.media)} />
        )}
        <div className="property-card__badges" dangerouslySetInnerHTML={innerHtml(parts.badges)} />
        <FavoriteControl title={title} propertyId={property.id} fav={favorite} />
      </div>
      <div className="property-card__body">
        <h3 className="property-card__title">
          <ListLink to={property.href} className="stretched-link">
            {title}
          </ListLink>
        </h3>
        <p className="property-card__address" dangerouslySetInnerHTML={innerHtml(parts.address)} />
        <ul className="property-card__facts" dangerouslySetInnerHTML={innerHtml(parts.facts)} />
        {parts.features !== null ? (
          <ul className="feature-badges" aria-label={texts.features} dangerouslySetInnerHTML={innerHtml(parts.features)} />
        ) : null}
        <div className="property-card__footer" dangerouslySetInnerHTML={innerHtml(parts.footer)} />
      </div>
    </article>
  );
}
