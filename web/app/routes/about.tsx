import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '~/components/Icons';
import { CallToAction, PageHero, useKeysOf } from '~/components/company/PageHero';
import { seoMeta } from '~/lib/serving/seo';
import { staticPage } from '~/lib/serving/static-page.server';
import companyCss from '~/styles/company.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: companyCss }];

/** /about (spec 01 §2 About): mission, stats, four values, history 2015-2025, team, eight reasons; agency JSON-LD (spec 01 §1). */
export async function loader({ request }: LoaderFunctionArgs) {
  return staticPage(request, { section: 'about', path: '/about', heading: 'about.hero.eyebrow', agency: true });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function AboutPage() {
  const { t } = useTranslation('company');
  const keys = useKeysOf('company');
  return (
    <div className="company-page">
      <PageHero eyebrow={t('about.hero.eyebrow')} title={t('about.hero.title')} text={t('about.hero.text')} />
      <section className="container company-section company-mission" aria-labelledby="about-mission">
        <h2 id="about-mission">{t('about.missionTitle')}</h2>
        <p>{t('about.mission')}</p>
      </section>
      <section className="container company-section" aria-labelledby="about-stats">
        <h2 id="about-stats">{t('about.statsTitle')}</h2>
        <dl className="stat-grid">
          {keys('about.stats').map((k) => (
            <div key={k}>
              <dt>{t(`about.stats.${k}.label`)}</dt>
              <dd>{t(`about.stats.${k}.value`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="container company-section" aria-labelledby="about-values">
        <h2 id="about-values">{t('about.valuesTitle')}</h2>
        <ul className="tile-grid tile-grid--4">
          {keys('about.values').map((k) => (
            <li key={k} className="tile">
              <h3>{t(`about.values.${k}.title`)}</h3>
              <p>{t(`about.values.${k}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container company-section" aria-labelledby="about-history">
        <h2 id="about-history">{t('about.historyTitle')}</h2>
        <ol className="timeline">
          {keys('about.history').map((k) => (
            <li key={k}>
              <span className="timeline__year">{t(`about.history.${k}.year`)}</span>
              <p>{t(`about.history.${k}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="container company-section" aria-labelledby="about-team">
        <h2 id="about-team">{t('about.teamTitle')}</h2>
        <ul className="team-grid">
          {keys('about.team').map((k) => {
            const name = t(`about.team.${k}.name`);
            return (
              <li key={k} className="tile team-card">
                <span className="team-card__avatar" aria-hidden="true">
                  {name
                    .split(' ')
                    .map((w) => [...w][0])
                    .join('')}
                </span>
                <h3>{name}</h3>
                <p>{t(`about.team.${k}.role`)}</p>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="container company-section" aria-labelledby="about-reasons">
        <h2 id="about-reasons">{t('about.reasonsTitle')}</h2>
        <ul className="check-list check-list--2">
          {keys('about.reasons').map((k) => (
            <li key={k}>
              <CheckIcon size={18} />
              {t(`about.reasons.${k}`)}
            </li>
          ))}
        </ul>
      </section>
      <CallToAction title={t('about.ctaTitle')} text={t('about.ctaText')} />
    </div>
  );
}
