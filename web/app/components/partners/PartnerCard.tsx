import { escapeHtml, type PartnerDto } from '@realty/contracts';
import type { TFunction } from 'i18next';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon, MapIcon, spriteIconHtml } from '~/components/Icons';
import { ListLink } from '~/components/ListLink';
import { attr, innerHtml, telHref } from '~/lib/serving/html';
import type { CardPartner } from '~/lib/catalog/partner-card';
import { template } from '~/lib/i18n/texts';
import { partnerCategoryIconHtml } from './PartnerIcons';
import { initialOf } from './partner-utils';

/** "{floor} этаж, офис {office}" or just the floor, for partners inside the business centre. */
export function useFloorOffice() {
  const { t } = useTranslation('partners');
  return (p: Pick<PartnerDto, 'buildingFloor' | 'officeNumber'>): string | null => {
    if (p.buildingFloor === null) return null;
    return p.officeNumber
      ? t('card.floorOffice', { floor: p.buildingFloor, office: p.officeNumber })
      : t('card.floor', { floor: p.buildingFloor });
  };
}

/**
 * The card's labels, translated once per language (`useTexts('partners', partnerCardTexts)` in
 * the page, passed to every card) rather than a dozen `t` calls in each of ~90 cards.
 */
export const partnerCardTexts = (t: TFunction) => {
  const categories = new Map<string, string>();
  return {
    inBc: t('card.inBc'),
    floorOffice: template(t, 'card.floorOffice', ['floor', 'office']),
    floor: template(t, 'card.floor', ['floor']),
    rating: template(t, 'card.rating', ['rating']),
    reviews: template(t, 'card.reviews', ['n']),
    details: t('card.details'),
    website: t('card.website'),
    newWindow: t('card.newWindow'),
    favorite: t('card.favorite'),
    unfavorite: t('card.unfavorite'),
    select: t('card.select'),
    category(key: string): string {
      let text = categories.get(key);
      if (text === undefined) categories.set(key, (text = t(`categories.${key}`)));
      return text;
    },
  };
};
export type PartnerCardTexts = ReturnType<typeof partnerCardTexts>;

/**
 * The card's static parts as markup strings (lib/serving/html.ts, as the catalogue's cards do, decision
 * 018): /partners shows every partner (~90 cards) and hydrating them element by element was most
 * of the page's main-thread work on a phone. The links, the heart and the map button stay React.
 */
function staticParts(p: CardPartner, texts: PartnerCardTexts) {
  const cat = p.category;
  const badges =
    `<span class="partner-badge" style="color:${escapeHtml(cat.color)};border-color:${escapeHtml(cat.color)}">${partnerCategoryIconHtml(cat.icon, 14)}${escapeHtml(texts.category(cat.key))}</span>` +
    (p.isInBusinessCenter ? `<span class="partner-badge partner-badge--bc">${escapeHtml(texts.inBc)}</span>` : '');
  const where =
    p.buildingFloor === null
      ? ''
      : p.officeNumber
        ? texts.floorOffice({ floor: p.buildingFloor, office: p.officeNumber })
        : texts.floor({ floor: p.buildingFloor });
  const rating = p.rating.toFixed(1);
  const facts =
    `<li>${spriteIconHtml('pin', 16)}<span>${escapeHtml(p.address)}${where ? `, ${escapeHtml(where)}` : ''}</span></li>` +
    (p.phone ? `<li>${spriteIconHtml('phone', 16)}<a${attr('href', telHref(p.phone))}>${escapeHtml(p.phone)}</a></li>` : '') +
    `<li class="partner-card__rating">${spriteIconHtml('star', 16)}<span><span aria-hidden="true">${rating}</span><span class="sr-only">${escapeHtml(texts.rating({ rating }))}</span> · ${escapeHtml(texts.reviews({ n: p.reviewsCount }))}</span></li>`;
  return { badges, facts };
}

/**
 * Partner card (spec 01 §2 Partners): logo initial, name, category badge, 'in the business
 * centre' badge, description, address with floor and office, phone, rating with reviews,
 * discount, a details button and a website button. The heart toggles locally only (spec).
 * With `onSelect`, a click on the card (outside its links and buttons) or its map button
 * selects the partner on the map. `texts`: partnerCardTexts of the page's language.
 */
export function PartnerCard({
  partner: p,
  texts,
  selected = false,
  onSelect,
  headingLevel = 3,
}: {
  partner: CardPartner;
  texts: PartnerCardTexts;
  selected?: boolean;
  onSelect?: (id: string) => void;
  headingLevel?: 2 | 3;
}) {
  const [liked, setLiked] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const onCardClick = (e: MouseEvent<HTMLElement>) => {
    if (!onSelect) return;
    if ((e.target as HTMLElement).closest('a, button, input, label')) return;
    onSelect(p.id);
  };
  const parts = staticParts(p, texts);
  return (
    <article
      className={`partner-card${selected ? ' partner-card--selected' : ''}${onSelect ? ' partner-card--selectable' : ''}`}
      onClick={onCardClick}
      aria-current={selected ? 'true' : undefined}
      data-partner-id={p.id}
    >
      <header className="partner-card__head">
        <span className="partner-card__logo" style={{ background: p.category.color }} aria-hidden="true">
          {initialOf(p.name)}
        </span>
        <div className="partner-card__title">
          <Heading>
            <ListLink to={p.href}>{p.name}</ListLink>
          </Heading>
          <div className="partner-card__badges" dangerouslySetInnerHTML={innerHtml(parts.badges)} />
        </div>
        <button
          type="button"
          className="icon-btn partner-card__heart"
          aria-pressed={liked}
          aria-label={liked ? texts.unfavorite : texts.favorite}
          onClick={() => setLiked((v) => !v)}
        >
          <HeartIcon filled={liked} size={20} />
        </button>
      </header>
      <p className="partner-card__desc">{p.description}</p>
      <ul className="partner-card__facts" dangerouslySetInnerHTML={innerHtml(parts.facts)} />
      {p.discount ? <p className="partner-card__discount">{p.discount}</p> : null}
      <div className="partner-card__actions">
        <ListLink to={p.href} className="btn btn-primary btn-sm">
          {texts.details}
        </ListLink>
        {p.websiteUrl ? (
          <a className="btn btn-secondary btn-sm" href={p.websiteUrl} target="_blank" rel="noopener noreferrer">
            {texts.website}
            <span className="sr-only"> {texts.newWindow}</span>
          </a>
        ) : null}
        {onSelect && p.latitude !== null && p.longitude !== null ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm partner-card__locate"
            aria-pressed={selected}
            onClick={() => onSelect(p.id)}
          >
            <MapIcon size={16} />
            <span>{texts.select}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
