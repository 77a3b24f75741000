import { Link } from '@remix-run/react';
import type { Language, PartnerDto } from '@realty/contracts';
import { pickText } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { PartnerCategoryIcon } from '~/components/partners/PartnerIcons';
import { categoryDisplay, initialOf, partnerHref } from '~/components/partners/partner-utils';
import { ArrowRightIcon, PartnersIcon } from './icons';

/**
 * Partners preview (spec 01 §2 Home): 4 featured partners (GET /partners?featured=true&limit=8,
 * 4 shown, spec 01 §7, §9) and a link to /partners. Without partners (API down) it is a text
 * block with the link.
 */
export function PartnersPreview({ partners = [], lang }: { partners?: PartnerDto[]; lang: Language }) {
  const { t } = useTranslation('home');
  const { t: tp } = useTranslation('partners');
  return (
    <section className="home-section home-partners" aria-labelledby="home-partners-title">
      <div className="container">
        <div className="home-partners-card">
          <span className="home-partners-icon">
            <PartnersIcon />
          </span>
          <div className="home-partners-copy">
            <h2 id="home-partners-title">{t('partners.title')}</h2>
            <p>{t('partners.text')}</p>
          </div>
          <Link to="/partners" className="btn btn-primary">
            <span>{t('partners.link')}</span>
            <ArrowRightIcon />
          </Link>
        </div>
        {partners.length ? (
          <ul className="home-partners-list">
            {partners.slice(0, 4).map((p) => {
              const cat = categoryDisplay(p);
              return (
                <li key={p.id} className="home-partner">
                  <span className="home-partner__logo" style={{ background: cat.color }} aria-hidden="true">
                    {initialOf(p.name)}
                  </span>
                  <div>
                    <h3>
                      <Link to={partnerHref(p)}>{p.name}</Link>
                    </h3>
                    <p className="home-partner__cat" style={{ color: cat.color }}>
                      <PartnerCategoryIcon icon={cat.icon} size={14} />
                      {tp(`categories.${cat.key}`)}
                      {p.isInBusinessCenter ? <span className="home-partner__bc"> · {tp('card.inBc')}</span> : null}
                    </p>
                    <p className="home-partner__desc">{pickText(p.discountInfo, lang) || pickText(p.description, lang)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
