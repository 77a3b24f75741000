import { Link } from '@remix-run/react';
import { httpUrlOrNull, type Language, type PartnerDto } from '@realty/contracts';
import { pickText } from '@realty/i18n/format';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon, MapIcon, PhoneIcon, PinIcon, StarIcon } from '~/components/Icons';
import { PartnerCategoryIcon } from './PartnerIcons';
import { categoryDisplay, initialOf, partnerHref, telHref } from './partner-utils';

/** "{floor} этаж, офис {office}" or just the floor, for partners inside the business centre. */
export function useFloorOffice() {
  const { t } = useTranslation('partners');
  return (p: Pick<PartnerDto, 'buildingFloor' | 'officeNumber'>): string | null => {
    if (p.buildingFloor === null) return null;
    return p.officeNumber ? t('card.floorOffice', { floor: p.buildingFloor, office: p.officeNumber }) : t('card.floor', { floor: p.buildingFloor });
  };
}

/**
 * Partner card (spec 01 §2 Partners): logo initial, name, category badge, 'in the business
 * centre' badge, description, address with floor and office, phone, rating with reviews,
 * discount, a details button and a website button. The heart toggles locally only (spec).
 * With `onSelect`, a click on the card (outside its links and buttons) or its map button
 * selects the partner on the map.
 */
export function PartnerCard({ partner: p, lang, selected = false, onSelect, headingLevel = 3 }: { partner: PartnerDto; lang: Language; selected?: boolean; onSelect?: (id: string) => void; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('partners');
  const [liked, setLiked] = useState(false);
  const floorOffice = useFloorOffice()(p);
  const cat = categoryDisplay(p);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const onCardClick = (e: MouseEvent<HTMLElement>) => {
    if (!onSelect) return;
    if ((e.target as HTMLElement).closest('a, button, input, label')) return;
    onSelect(p.id);
  };
  const discount = pickText(p.discountInfo, lang);
  // Checked here too: the link must not depend on every source of partner data being the API's mapper.
  const website = httpUrlOrNull(p.websiteUrl);
  return (
    <article className={`partner-card${selected ? ' partner-card--selected' : ''}${onSelect ? ' partner-card--selectable' : ''}`} onClick={onCardClick} aria-current={selected ? 'true' : undefined} data-partner-id={p.id}>
      <header className="partner-card__head">
        <span className="partner-card__logo" style={{ background: cat.color }} aria-hidden="true">
          {initialOf(p.name)}
        </span>
        <div className="partner-card__title">
          <Heading>
            <Link to={partnerHref(p)}>{p.name}</Link>
          </Heading>
          <div className="partner-card__badges">
            <span className="partner-badge" style={{ color: cat.color, borderColor: cat.color }}>
              <PartnerCategoryIcon icon={cat.icon} size={14} />
              {t(`categories.${cat.key}`)}
            </span>
            {p.isInBusinessCenter ? <span className="partner-badge partner-badge--bc">{t('card.inBc')}</span> : null}
          </div>
        </div>
        <button type="button" className="icon-btn partner-card__heart" aria-pressed={liked} aria-label={liked ? t('card.unfavorite') : t('card.favorite')} onClick={() => setLiked((v) => !v)}>
          <HeartIcon filled={liked} size={20} />
        </button>
      </header>
      <p className="partner-card__desc">{pickText(p.description, lang)}</p>
      <ul className="partner-card__facts">
        <li>
          <PinIcon size={16} />
          <span>
            {p.address}
            {floorOffice ? `, ${floorOffice}` : ''}
          </span>
        </li>
        {p.phone ? (
          <li>
            <PhoneIcon size={16} />
            <a href={telHref(p.phone)}>{p.phone}</a>
          </li>
        ) : null}
        <li className="partner-card__rating">
          <StarIcon size={16} />
          <span>
            <span aria-hidden="true">{p.rating.toFixed(1)}</span>
            <span className="sr-only">{t('card.rating', { rating: p.rating.toFixed(1) })}</span> · {t('card.reviews', { n: p.reviewsCount })}
          </span>
        </li>
      </ul>
      {discount ? <p className="partner-card__discount">{discount}</p> : null}
      <div className="partner-card__actions">
        <Link to={partnerHref(p)} className="btn btn-primary btn-sm">
          {t('card.details')}
        </Link>
        {website ? (
          <a className="btn btn-secondary btn-sm" href={website} target="_blank" rel="noopener noreferrer">
            {t('card.website')}
            <span className="sr-only"> {t('card.newWindow')}</span>
          </a>
        ) : null}
        {onSelect && p.latitude !== null && p.longitude !== null ? (
          <button type="button" className="btn btn-secondary btn-sm partner-card__locate" aria-pressed={selected} onClick={() => onSelect(p.id)}>
            <MapIcon size={16} />
            <span>{t('card.select')}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
