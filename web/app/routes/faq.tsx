import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { resources } from '@realty/i18n';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '~/components/Icons';
import { PageHero } from '~/components/company/PageHero';
import { getLanguage } from '~/i18n.server';
import { seoMeta } from '~/lib/serving/seo';
import { staticPage } from '~/lib/serving/static-page.server';
import companyCss from '~/styles/company.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: companyCss }];

/** FAQ categories (spec 01 §2 FAQ: all, rent, sale, payment, other). */
export const FAQ_CATEGORIES = ['all', 'rent', 'sale', 'payment', 'other'] as const;
type FaqItem = { category: string; q: string; a: string };

/** The ids of the questions matching a category and a search text (question or answer, case-insensitive). */
export function matchFaq(items: Record<string, FaqItem>, category: string, q: string): string[] {
  const needle = q.trim().toLocaleLowerCase();
  return Object.entries(items)
    .filter(([, item]) => category === 'all' || item.category === category)
    .filter(([, item]) => !needle || `${item.q} ${item.a}`.toLocaleLowerCase().includes(needle))
    .map(([id]) => id);
}

/**
 * /faq (spec 01 §2 FAQ): search, categories, the 18 questions (6 rent, 4 sale, 3 payment,
 * 5 other) with the business terms of spec 01 §2, a no-results state and buttons to /contact
 * and a phone call. The search is a GET form (works without JavaScript); FAQPage JSON-LD.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const categoryParam = url.searchParams.get('category') ?? 'all';
  const category = (FAQ_CATEGORIES as readonly string[]).includes(categoryParam) ? categoryParam : 'all';
  const lang = await getLanguage(request);
  const items = (resources[lang].company as unknown as { faq: { items: Record<string, FaqItem> } }).faq.items;
  const ids = matchFaq(items, category, q);
  const page = await staticPage(request, {
    section: 'faq',
    path: '/faq',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: Object.values(items).map((i) => ({ '@type': 'Question', name: i.q, acceptedAnswer: { '@type': 'Answer', text: i.a } })),
      },
    ],
  });
  if (q || category !== 'all') page.seo.noindex = true;
  return { ...page, q, category, ids };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function FaqPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation('common');
  const hrefFor = (category: string) => {
    const params = new URLSearchParams();
    if (d.q) params.set('q', d.q);
    if (category !== 'all') params.set('category', category);
    const qs = params.toString();
    return `/faq${qs ? `?${qs}` : ''}`;
  };
  return (
    <div className="company-page faq-page">
      <PageHero title={t('faq.title')} text={t('faq.subtitle')} />
      <div className="container">
        <Form method="get" action="/faq" className="faq-search" role="search" aria-label={t('faq.searchLabel')}>
          {d.category !== 'all' ? <input type="hidden" name="category" value={d.category} /> : null}
          <label>
            <span className="sr-only">{t('faq.searchLabel')}</span>
            <SearchIcon size={18} />
            <input type="search" name="q" defaultValue={d.q} key={d.q} placeholder={t('faq.searchPlaceholder')} maxLength={100} />
          </label>
          <button type="submit" className="btn btn-primary">
            {t('faq.searchSubmit')}
          </button>
        </Form>
        <nav className="chips" aria-label={t('faq.categoriesLabel')}>
          <ul>
            {FAQ_CATEGORIES.map((c) => (
              <li key={c}>
                <Link to={hrefFor(c)} aria-current={d.category === c ? 'page' : undefined} preventScrollReset>
                  {t(`faq.categories.${c}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {d.q ? (
          <p className="faq-found" role="status">
            {t('faq.found', { n: d.ids.length })}
          </p>
        ) : null}
        {d.ids.length === 0 ? (
          <div className="state-block faq-empty">
            <h2>{t('faq.empty')}</h2>
            <p>{t('faq.emptyHint')}</p>
            <Link to="/faq" className="btn btn-primary">
              {t('faq.reset')}
            </Link>
          </div>
        ) : (
          <div className="faq-list">
            {d.ids.map((id) => (
              <details key={id} name="faq" className="faq-item">
                <summary>{t(`faq.items.${id}.q`)}</summary>
                <p>{t(`faq.items.${id}.a`)}</p>
              </details>
            ))}
          </div>
        )}
        <section className="company-cta company-cta--inline" aria-labelledby="faq-cta">
          <div className="company-cta__inner">
            <div>
              <h2 id="faq-cta">{t('faq.ctaTitle')}</h2>
              <p>{t('faq.ctaText')}</p>
            </div>
            <div className="actions">
              <Link to="/contact" className="btn btn-primary">
                {t('faq.ctaContact')}
              </Link>
              <a href={`tel:${tc('footer.phone').replace(/[^+\d]/g, '')}`} className="btn btn-secondary">
                {t('faq.ctaCall')} {tc('footer.phone')}
              </a>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
