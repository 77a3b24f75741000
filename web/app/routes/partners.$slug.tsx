import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { httpUrlOrNull, WEEK_DAYS, websiteLabel, type PartnerDto, type WorkingHours } from '@realty/contracts';
import { pickText } from '@realty/i18n/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, MailIcon, PhoneIcon, PinIcon, StarIcon } from '~/components/Icons';
import { MapView } from '~/components/MapView';
import { useFloorOffice } from '~/components/partners/PartnerCard';
import { PartnerCategoryIcon } from '~/components/partners/PartnerIcons';
import { categoryDisplay, initialOf, partnerHref } from '~/components/partners/partner-utils';
import { telHref } from '~/lib/serving/html';
import { i18nServer } from '~/i18n.server';
import { apiFor, mapTiles } from '~/lib/api/api.server';
import { breadcrumbJsonLd, canonicalUrl, excerpt, seoMeta, type Seo } from '~/lib/serving/seo';
import catalogCss from '~/styles/catalog.css?url';
import partnersCss from '~/styles/partners.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogCss },
  { rel: 'stylesheet', href: partnersCss },
];

const SCHEMA_DAYS: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** schema.org opening hours of structured working hours ('24:00' becomes '23:59'). */
function openingHours(hours: WorkingHours | null) {
  if (!hours) return undefined;
  return WEEK_DAYS.filter((d) => hours.days[d]).map((d) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: SCHEMA_DAYS[d],
    opens: hours.days[d]!.open,
    closes: hours.days[d]!.close === '24:00' ? '23:59' : hours.days[d]!.close,
  }));
}

/**
 * /partners/{slug or id} (spec 01 §2): the partner's page with description, services,
 * working hours, contacts, a map and the tenant discount. A missing partner answers 404 with
 * 'Партнер не найден'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params.slug ?? '';
  const { api, lang } = await apiFor(request);
  const [t, tc] = await Promise.all([i18nServer.getFixedT(lang, 'partners'), i18nServer.getFixedT(lang, 'company')]);
  let partner: PartnerDto | null = null;
  let status = 200;
  try {
    partner = await api.partners.get(key);
  } catch (error) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    if (!notFound) console.error(`partner ${key}: load failed`, error);
    status = notFound ? 404 : 502;
  }
  if (!partner) {
    const seo: Seo = {
      title: t('detail.notFound'),
      description: t('detail.notFoundText'),
      canonical: canonicalUrl(request, `/partners/${encodeURIComponent(key)}`),
      noindex: true,
    };
    return data({ partner: null, lang, seo, tiles: mapTiles() }, { status });
  }
  const canonical = canonicalUrl(request, partnerHref(partner));
  const category = t(`categories.${categoryDisplay(partner).key}`);
  const description = pickText(partner.description, lang);
  const website = httpUrlOrNull(partner.websiteUrl);
  const seo: Seo = {
    title: t('meta.detailTitle', { name: partner.name, category }),
    description: excerpt(description),
    keywords: t('meta.detailKeywords', { name: partner.name, category: category.toLowerCase() }),
    canonical,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: partner.name,
        description,
        url: canonical,
        telephone: partner.phone ?? undefined,
        email: partner.email ?? undefined,
        sameAs: website ? [website] : undefined,
        address: { '@type': 'PostalAddress', streetAddress: partner.address, addressLocality: 'Almaty', addressCountry: 'KZ' },
        geo:
          partner.latitude !== null ? { '@type': 'GeoCoordinates', latitude: partner.latitude, longitude: partner.longitude } : undefined,
        aggregateRating:
          partner.reviewsCount > 0
            ? { '@type': 'AggregateRating', ratingValue: partner.rating, reviewCount: partner.reviewsCount, bestRating: 5 }
            : undefined,
        openingHoursSpecification: openingHours(partner.workingHours),
      },
      breadcrumbJsonLd([
        { name: tc('breadcrumbs.home'), url: canonicalUrl(request, '/') },
        { name: t('title'), url: canonicalUrl(request, '/partners') },
        { name: partner.name, url: canonical },
      ]),
    ],
  };
  return data({ partner, lang, seo, tiles: mapTiles() });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => seoMeta(d?.seo);

function Hours({ hours }: { hours: WorkingHours | null }) {
  const { t } = useTranslation('partners');
  if (!hours) return <p>{t('detail.noHours')}</p>;
  return (
    <table className="partner-hours">
      <tbody>
        {WEEK_DAYS.map((d) => {
          const h = hours.days[d];
          return (
            <tr key={d}>
              <th scope="row">{t(`detail.days.${d}`)}</th>
              <td>{!h ? t('detail.closed') : h.open === '00:00' && h.close === '24:00' ? t('detail.allDay') : `${h.open}–${h.close}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export default function PartnerPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('partners');
  const floorOffice = useFloorOffice();
  const p = d.partner;
  // Only an http(s) URL becomes a link (issue 19 item 8), whatever the data says.
  const website = httpUrlOrNull(p?.websiteUrl);
  const points = useMemo(
    () =>
      p && p.latitude !== null && p.longitude !== null
        ? [{ id: p.id, lat: p.latitude, lng: p.longitude, title: p.name, subtitle: p.address }]
        : [],
    [p],
  );
  if (!p) {
    return (
      <section className="container state-page" aria-labelledby="partner-nf">
        <div className="state-block">
          <h1 id="partner-nf">{t('detail.notFound')}</h1>
          <p>{t('detail.notFoundText')}</p>
          <Link to="/partners" className="btn btn-primary">
            {t('detail.back')}
          </Link>
        </div>
      </section>
    );
  }
  const cat = categoryDisplay(p);
  const discount = pickText(p.discountInfo, d.lang);
  const where = floorOffice(p);
  return (
    <article className="container partner-page">
      <nav aria-label={t('detail.breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">{t('detail.home')}</Link>
          </li>
          <li>
            <Link to="/partners">{t('title')}</Link>
          </li>
          <li aria-current="page">{p.name}</li>
        </ol>
      </nav>
      <header className="partner-page__head">
        <span className="partner-card__logo partner-card__logo--lg" style={{ background: cat.color }} aria-hidden="true">
          {initialOf(p.name)}
        </span>
        <div>
          <h1>{p.name}</h1>
          <div className="partner-card__badges">
            <span className="partner-badge" style={{ color: cat.color, borderColor: cat.color }}>
              <PartnerCategoryIcon icon={cat.icon} size={14} />
              {t(`categories.${cat.key}`)}
            </span>
            {p.isInBusinessCenter ? <span className="partner-badge partner-badge--bc">{t('card.inBc')}</span> : null}
            <span className="partner-page__rating">
              <StarIcon size={16} /> {p.rating.toFixed(1)} · {t('card.reviews', { n: p.reviewsCount })}
              <span className="sr-only">{t('card.rating', { rating: p.rating.toFixed(1) })}</span>
            </span>
          </div>
        </div>
      </header>

      <div className="partner-page__grid">
        <div className="partner-page__main">
          <section aria-labelledby="partner-about">
            <h2 id="partner-about">{t('detail.about')}</h2>
            <p>{pickText(p.description, d.lang)}</p>
          </section>
          {discount ? (
            <section className="partner-page__discount" aria-labelledby="partner-discount">
              <h2 id="partner-discount">{t('detail.discount')}</h2>
              <p>{discount}</p>
            </section>
          ) : null}
          {p.services.length ? (
            <section aria-labelledby="partner-services">
              <h2 id="partner-services">{t('detail.services')}</h2>
              <ul className="partner-services">
                {p.services.map((s, i) => (
                  <li key={i}>
                    <CheckIcon size={16} />
                    {pickText(s, d.lang)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="partner-location">
            <h2 id="partner-location">{t('detail.location')}</h2>
            {points.length ? (
              <MapView
                key={p.id}
                points={points}
                center={[points[0].lat, points[0].lng]}
                zoom={17}
                height={360}
                tileUrl={d.tiles.url}
                attribution={d.tiles.attribution}
                label={t('map.label')}
                fallback={<span>{p.address}</span>}
              />
            ) : null}
          </section>
        </div>
        <aside className="partner-page__side">
          <section className="partner-panel" aria-labelledby="partner-contacts">
            <h2 id="partner-contacts">{t('detail.contacts')}</h2>
            <dl>
              <dt>
                <PinIcon size={16} /> {t('detail.address')}
              </dt>
              <dd>
                {p.address}
                {where ? `, ${where}` : ''}
              </dd>
              {p.phone ? (
                <>
                  <dt>
                    <PhoneIcon size={16} /> {t('detail.phone')}
                  </dt>
                  <dd>
                    <a href={telHref(p.phone)}>{p.phone}</a>
                  </dd>
                </>
              ) : null}
              {p.email ? (
                <>
                  <dt>
                    <MailIcon size={16} /> {t('detail.email')}
                  </dt>
                  <dd>
                    <a href={`mailto:${p.email}`}>{p.email}</a>
                  </dd>
                </>
              ) : null}
              {website ? (
                <>
                  <dt>{t('detail.website')}</dt>
                  <dd>
                    <a href={website} target="_blank" rel="noopener noreferrer">
                      {websiteLabel(website)}
                      <span className="sr-only"> {t('card.newWindow')}</span>
                    </a>
                  </dd>
                </>
              ) : null}
              {p.instagram ? (
                <>
                  <dt>{t('detail.instagram')}</dt>
                  <dd>{p.instagram}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <section className="partner-panel" aria-labelledby="partner-hours">
            <h2 id="partner-hours">{t('detail.hours')}</h2>
            <Hours hours={p.workingHours} />
          </section>
          <Link to="/partners" className="btn btn-secondary">
            {t('detail.back')}
          </Link>
        </aside>
      </div>
    </article>
  );
}
