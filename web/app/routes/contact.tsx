import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MailIcon, PhoneIcon, PinIcon } from '~/components/Icons';
import { ContactPageForm } from '~/components/forms/ContactPageForm';
import { MapView } from '~/components/MapView';
import { PageHero, useKeysOf } from '~/components/company/PageHero';
import { mapTiles } from '~/lib/api/api.server';
import { seoMeta } from '~/lib/serving/seo';
import { staticPage } from '~/lib/serving/static-page.server';
import companyCss from '~/styles/company.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: companyCss }];

/** The agency's messenger number (spec 01 §2 Contact: "the number is fixed"): its main line, in international form. */
export const MESSENGER_NUMBER = '77273550000';
/** The business centre on the map (spec 01 §2 Contact "embedded map (450 px)"). */
const OFFICE: [number, number] = [43.2187, 76.9275];

/** A WhatsApp chat link that opens with the greeting typed in (spec 01 §2 Contact "prefilled greeting"). */
export function messengerHref(greeting: string): string {
  return `https://wa.me/${MESSENGER_NUMBER}?text=${encodeURIComponent(greeting)}`;
}

/** /contact (spec 01 §2 Contact): info cards, the enquiry form, departments, chat, map, transport; agency JSON-LD (spec 01 §1). */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await staticPage(request, { section: 'contact', path: '/contact', agency: true });
  return { ...page, tiles: mapTiles() };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

function tel(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export default function ContactPage() {
  const { tiles } = useLoaderData<typeof loader>();
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation('common');
  const keys = useKeysOf('company');
  const points = useMemo(
    () => [{ id: 'office', lat: OFFICE[0], lng: OFFICE[1], title: tc('brand'), subtitle: tc('footer.address') }],
    [tc],
  );
  return (
    <div className="company-page contact-page">
      <PageHero title={t('contact.title')} text={t('contact.subtitle')} />
      <section className="container company-section" aria-label={t('contact.title')}>
        <ul className="info-cards">
          <li className="tile">
            <PinIcon size={22} />
            <h2>{t('contact.cards.address')}</h2>
            <p>{tc('footer.address')}</p>
          </li>
          <li className="tile">
            <PhoneIcon size={22} />
            <h2>{t('contact.cards.phone')}</h2>
            <p>
              <a href={tel(tc('footer.phone'))}>{tc('footer.phone')}</a>
            </p>
          </li>
          <li className="tile">
            <MailIcon size={22} />
            <h2>{t('contact.cards.email')}</h2>
            <p>
              <a href={`mailto:${tc('footer.email')}`}>{tc('footer.email')}</a>
            </p>
          </li>
          <li className="tile">
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <h2>{t('contact.cards.schedule')}</h2>
            <p>
              {t('contact.cards.scheduleWeekdays')}
              <br />
              {t('contact.cards.scheduleSaturday')}
              <br />
              {t('contact.cards.scheduleSunday')}
            </p>
          </li>
        </ul>
      </section>

      <div className="container contact-grid">
        <section className="company-section contact-form-area" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
          <p>{t('contact.formText')}</p>
          <ContactPageForm bare />
        </section>
        <aside className="contact-side">
          <section className="tile contact-chat" aria-labelledby="contact-chat-title">
            <h2 id="contact-chat-title">{t('contact.chat.title')}</h2>
            <p>{t('contact.chat.text')}</p>
            <a className="btn btn-primary" href={messengerHref(t('contact.chat.greeting'))} target="_blank" rel="noopener noreferrer">
              {t('contact.chat.button')}
              <span className="sr-only"> {t('contact.chat.newWindow')}</span>
            </a>
          </section>
          <section className="company-section" aria-labelledby="contact-departments">
            <h2 id="contact-departments">{t('contact.departmentsTitle')}</h2>
            <ul className="department-list">
              {keys('contact.departments').map((k) => (
                <li key={k} className="tile">
                  <h3>{t(`contact.departments.${k}.title`)}</h3>
                  <p>{t(`contact.departments.${k}.text`)}</p>
                  <p>
                    <a href={tel(t(`contact.departments.${k}.phone`))}>{t(`contact.departments.${k}.phone`)}</a>
                    <br />
                    <a href={`mailto:${t(`contact.departments.${k}.email`)}`}>{t(`contact.departments.${k}.email`)}</a>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>

      <section className="container company-section" aria-labelledby="contact-map">
        <h2 id="contact-map">{t('contact.mapTitle')}</h2>
        <MapView
          points={points}
          center={OFFICE}
          zoom={16}
          height={450}
          tileUrl={tiles.url}
          attribution={tiles.attribution}
          label={t('contact.mapLabel')}
          fallback={<span>{tc('footer.address')}</span>}
        />
      </section>
      <section className="container company-section" aria-labelledby="contact-transport">
        <h2 id="contact-transport">{t('contact.transportTitle')}</h2>
        <ul className="tile-grid">
          {keys('contact.transport').map((k) => (
            <li key={k} className="tile">
              <h3>{t(`contact.transport.${k}.title`)}</h3>
              <p>{t(`contact.transport.${k}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
