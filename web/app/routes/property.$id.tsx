import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import type { PropertyDetail, PropertyListItem } from '@realty/contracts';
import { formatArea, formatPrice, formatPricePerSqm, pickText } from '@realty/i18n/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteLink } from '~/components/FavoriteLink';
import { PropertyLeadForm } from '~/components/forms/PropertyLeadForm';
import { Gallery } from '~/components/Gallery';
import { CheckIcon, EyeIcon, MailIcon, PhoneIcon, PinIcon, StarIcon } from '~/components/Icons';
import { ErrorState, LoadingOverlay } from '~/components/ListingStates';
import { MapView } from '~/components/MapView';
import { PREMIUM_FAVORITES, propertyHref } from '~/components/PropertyCard';
import { PropertyGrid } from '~/components/PropertyGrid';
import { resolveImage } from '~/components/PropertyImage';
import { ShareButton } from '~/components/ShareButton';
import { i18nServer } from '~/i18n.server';
import { apiFor, mapTiles } from '~/lib/api/api.server';
import { telHref } from '~/lib/serving/html';
import type { PreloadHandle } from '~/lib/serving/head-preloads';
import { toCardProperties, type CardProperty } from '~/lib/catalog/property-card';
import { absoluteUrl, canonicalUrl, excerpt, listingJsonLd, seoMeta, type Seo } from '~/lib/serving/seo';
import { readPostedForm } from '~/lib/forms/forms.server';
import { propertyLeadAction } from '~/lib/forms/public-forms.server';
import { resultOf } from '~/lib/forms/public-forms';
import catalogCss from '~/styles/catalog.css?url';
import { pageMeta } from '~/lib/i18n/error-meta';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

const SIMILAR_LIMIT = 4;

/** /property/{id or slug} (spec 01 §2 Property detail). A missing listing answers HTTP 404 with 'Объект не найден'. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const idOrSlug = params.id ?? '';
  const { api, lang } = await apiFor(request);
  const [detail, similar, t, tc] = await Promise.all([
    api.properties.get(idOrSlug).then(
      (property) => ({ ok: true as const, property }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    api.properties.similar(idOrSlug, SIMILAR_LIMIT).catch(() => [] as PropertyListItem[]),
    i18nServer.getFixedT(lang, 'catalog'),
    i18nServer.getFixedT(lang, 'common'),
  ]);
  const contact = { email: tc('footer.email'), phone: tc('footer.phone') };
  const tiles = mapTiles();

  if (!detail.ok) {
    const notFound = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    if (!notFound) console.error(`property ${idOrSlug}: load failed`, detail.error);
    const seo: Seo = {
      title: notFound ? t('property.notFound') : t('catalog.error'),
      description: notFound ? t('property.notFoundText') : t('catalog.error'),
      canonical: canonicalUrl(request, `/property/${encodeURIComponent(idOrSlug)}`),
      noindex: true,
    };
    return data(
      {
        kind: notFound ? ('notFound' as const) : ('error' as const),
        seo,
        lang,
        property: null,
        similar: [] as CardProperty[],
        contact,
        tiles,
        initialIndex: 0,
        url: '',
      },
      { status: notFound ? 404 : 502 },
    );
  }

  const property: PropertyDetail = detail.property;
  const title = pickText(property.h1, lang) || pickText(property.title, lang, t('card.noTitle'));
  const url = canonicalUrl(request, propertyHref(property));
  const image = Number(new URL(request.url).searchParams.get('image'));
  const seo: Seo = {
    title: pickText(property.seoTitle, lang) || t('meta.propertyTitle', { title }),
    description: pickText(property.seoDescription, lang) || excerpt(pickText(property.description, lang) || title),
    keywords: pickText(property.seoKeywords, lang) || undefined,
    canonical: url,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: t('breadcrumbs.home'), item: absoluteUrl(request, '/') },
          { '@type': 'ListItem', position: 2, name: t('breadcrumbs.catalog'), item: absoluteUrl(request, '/catalog') },
          { '@type': 'ListItem', position: 3, name: title, item: url },
        ],
      },
      listingJsonLd(property, {
        url,
        title,
        description: excerpt(pickText(property.description, lang) || title, 300),
        image: property.images[0] ? absoluteUrl(request, property.images[0].galleryUrl ?? property.images[0].url) : null,
      }),
    ],
  };
  return data({
    kind: 'ok' as const,
    seo,
    lang,
    property,
    similar: toCardProperties(similar.filter((p) => p.id !== property.id).slice(0, SIMILAR_LIMIT), lang),
    contact,
    tiles,
    initialIndex: Number.isInteger(image) && image >= 1 && image <= property.images.length ? image - 1 : 0,
    url,
  });
}

/** The enquiry form (spec 01 §5 "Property enquiry"): POST /api/inquiries for this listing. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const idOrSlug = params.id ?? '';
  return propertyLeadAction(request, form, { id: idOrSlug, path: `/property/${encodeURIComponent(idOrSlug)}` });
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, () => seoMeta(args.data?.seo));

/** A form this page cannot read (400) shows the site's error screen here, under the visitor's header and language. */
export { ErrorBoundary } from '~/root';

/** The gallery's image (the one the link names, see Gallery) is the largest paint: preloaded ahead of the scripts (lib/serving/head-preloads.tsx). */
export const handle: PreloadHandle = {
  lcpImage: (data) => {
    const d = data as { property?: Pick<PropertyDetail, 'images'> | null; initialIndex?: number } | undefined;
    // initialIndex is already a valid index (or 0) from the loader.
    const image = d?.property?.images[d.initialIndex ?? 0];
    return image ? resolveImage(image, 'gallery') : null;
  },
};

/** The property's location: one marker, zoom 15, 400 px high (spec 01 §2), and a link to OpenStreetMap. */
function LocationMap({
  property: p,
  title,
  tiles,
  osm,
}: {
  property: PropertyDetail;
  title: string;
  tiles: ReturnType<typeof mapTiles>;
  osm: string;
}) {
  const { t } = useTranslation('catalog');
  const lat = p.latitude as number;
  const lng = p.longitude as number;
  const points = useMemo(() => [{ id: p.id, lat, lng, title, subtitle: p.address }], [p.id, lat, lng, title, p.address]);
  return (
    <>
      <MapView
        key={p.id}
        points={points}
        center={[lat, lng]}
        zoom={15}
        height={400}
        tileUrl={tiles.url}
        attribution={tiles.attribution}
        label={t('map.propertyLabel', { title })}
        fallback={<span>{p.address}</span>}
      />
      <p className="map-link">
        <a href={osm} target="_blank" rel="noopener noreferrer">
          {t('property.openMap')}
          <span className="sr-only"> {t('property.newWindow')}</span>
        </a>
      </p>
    </>
  );
}

export default function PropertyPage() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    navigation.state === 'loading' &&
    navigation.location?.pathname.startsWith('/property/') &&
    navigation.location.pathname !== location.pathname;

  if (d.kind === 'notFound') {
    return (
      <section className="container state-page" aria-labelledby="property-nf">
        <div className="state-block">
          <h1 id="property-nf">{t('property.notFound')}</h1>
          <p>{t('property.notFoundText')}</p>
          <Link to="/catalog" className="btn btn-primary">
            {t('property.backToCatalog')}
          </Link>
        </div>
      </section>
    );
  }
  if (d.kind === 'error' || !d.property) {
    return (
      <div className="container state-page">
        <ErrorState title={t('catalog.error')} reloadLabel={t('catalog.reload')} level={1} />
      </div>
    );
  }

  const p = d.property as PropertyDetail;
  const lang = d.lang;
  // The listing's name (breadcrumbs, alt texts, share) and its page heading (the SEO h1 field).
  const title = pickText(p.title, lang, t('card.noTitle'));
  const heading = pickText(p.h1, lang) || title;
  const description = pickText(p.description, lang);
  const agentName = p.agent ? `${p.agent.firstName ?? ''} ${p.agent.lastName ?? ''}`.trim() : '';
  const phone = p.agent?.phone || d.contact.phone;
  const hasCoords =
    typeof p.latitude === 'number' && typeof p.longitude === 'number' && Number.isFinite(p.latitude) && Number.isFinite(p.longitude);
  const floor = p.floor ?? 0;
  const rooms = Number(p.characteristics?.rooms ?? 0);
  const district = p.district ? t(`districts.${p.district}`) : null;
  const building = pickText(p.buildingComplexName, lang);
  const premium = p.favoritesCount > PREMIUM_FAVORITES;
  const osm = hasCoords ? `https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=15/${p.latitude}/${p.longitude}` : '';

  return (
    <div className="container property-page" aria-busy={loading || undefined}>
      {loading ? <LoadingOverlay label={t('property.loading')} /> : null}
      <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
        <ol>
          <li>
            <Link to="/">{t('breadcrumbs.home')}</Link>
          </li>
          <li>
            <Link to="/catalog">{t('breadcrumbs.catalog')}</Link>
          </li>
          <li>
            <span aria-current="page">{title}</span>
          </li>
        </ol>
      </nav>

      <div className="property-layout">
        <div className="property-main">
          <Gallery key={p.id} images={p.images} title={title} initialIndex={d.initialIndex} />

          <header className="property-head">
            <div className="property-head__badges">
              <span className={`badge badge--${p.dealType}`}>{t(`dealTypes.${p.dealType}`)}</span>
              <span className="badge badge--neutral">{t(`types.${p.type}`)}</span>
              {premium ? (
                <span className="badge badge--premium">
                  <StarIcon size={12} />
                  {t('card.premium')}
                </span>
              ) : null}
              <span className="property-head__views">
                <EyeIcon size={16} />
                {t('property.views', { count: p.viewsCount })}
              </span>
            </div>
            <h1>{heading}</h1>
            <p className="property-head__address">
              <PinIcon size={18} />
              <span>
                {p.address}
                {district ? `, ${district}` : ''}
              </span>
            </p>
          </header>

          <dl className="property-facts">
            <div>
              <dt>{t('property.area')}</dt>
              <dd>{formatArea(p.area, lang)}</dd>
            </div>
            {floor > 0 ? (
              <div>
                <dt>{t('property.floor')}</dt>
                <dd>{(p.totalFloors ?? 0) > 0 ? t('property.floorOf', { floor, total: p.totalFloors }) : floor}</dd>
              </div>
            ) : null}
            {rooms > 0 ? (
              <div>
                <dt>{t('property.rooms')}</dt>
                <dd>{rooms}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('property.price')}</dt>
              <dd>{formatPrice(p.price, p.dealType, lang)}</dd>
            </div>
            {p.pricePerSqm > 0 ? (
              <div>
                <dt>{t('property.pricePerSqm')}</dt>
                <dd>{formatPricePerSqm(p.pricePerSqm, lang)}</dd>
              </div>
            ) : null}
            {building ? (
              <div>
                <dt>{t('property.building')}</dt>
                <dd>{building}</dd>
              </div>
            ) : null}
          </dl>

          <section className="property-section" aria-labelledby="property-description">
            <h2 id="property-description">{t('property.description')}</h2>
            {description ? (
              <div className="property-description">
                {description
                  .split(/\n+/)
                  .filter((line) => line.trim())
                  .map((line, i) => (
                    <p key={i}>{line}</p>
                  ))}
              </div>
            ) : (
              <p className="muted">{t('property.noDescription')}</p>
            )}
          </section>

          <section className="property-section" aria-labelledby="property-features">
            <h2 id="property-features">{t('property.features')}</h2>
            {p.features?.length ? (
              <ul className="feature-list">
                {p.features.map((f) => (
                  <li key={f}>
                    <CheckIcon size={18} />
                    {t(`features.${f}`, { defaultValue: f })}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('property.noFeatures')}</p>
            )}
          </section>

          <section className="property-section" aria-labelledby="property-location">
            <h2 id="property-location">{t('property.location')}</h2>
            {hasCoords ? (
              <LocationMap property={p} title={title} tiles={d.tiles} osm={osm} />
            ) : (
              <p className="map-placeholder">{t('property.noCoordinates')}</p>
            )}
          </section>

          <PropertyLeadForm title={title} action={location.pathname} initial={resultOf(posted, 'property-lead')} />
        </div>

        <aside className="property-aside" aria-label={t('property.asideLabel')}>
          <div className="price-card">
            <p className="price-card__price">{formatPrice(p.price, p.dealType, lang)}</p>
            {p.pricePerSqm > 0 ? <p className="price-card__sqm">{formatPricePerSqm(p.pricePerSqm, lang)}</p> : null}
            <div className="price-card__actions">
              <FavoriteLink title={title} propertyId={p.id} withText className="btn btn-secondary fav-text" />
              <ShareButton url={d.url} title={title} />
            </div>
          </div>
          <section className="contact-card" aria-labelledby="contact-title">
            <h2 id="contact-title">{agentName ? t('property.contactAgent') : t('property.contactUs')}</h2>
            {agentName ? (
              <p className="contact-card__agent">
                {p.agent?.avatarUrl ? (
                  <img src={p.agent.avatarUrl} alt="" width={48} height={48} loading="lazy" />
                ) : (
                  <span className="avatar" aria-hidden="true">
                    {agentName.charAt(0)}
                  </span>
                )}
                <span>
                  <strong>{agentName}</strong>
                  <small>{t('property.agent')}</small>
                </span>
              </p>
            ) : null}
            <ul className="contact-card__links">
              <li>
                <a href={telHref(phone)} className="btn btn-primary">
                  <PhoneIcon />
                  <span>{phone}</span>
                </a>
              </li>
              <li>
                <a href={`mailto:${d.contact.email}?subject=${encodeURIComponent(title)}`} className="btn btn-secondary">
                  <MailIcon />
                  <span>{d.contact.email}</span>
                </a>
              </li>
            </ul>
          </section>
        </aside>
      </div>

      {d.similar.length ? (
        <section className="property-similar" aria-labelledby="similar-title">
          <h2 id="similar-title">{t('property.similar')}</h2>
          <PropertyGrid properties={d.similar} lang={lang} />
        </section>
      ) : null}
    </div>
  );
}
