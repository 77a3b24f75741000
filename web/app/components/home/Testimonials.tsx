import { useTranslation } from 'react-i18next';
import { QuoteIcon, StarIcon } from './icons';
import { SectionHeader } from './SectionHeader';

/** The 3 static testimonials of spec 01 §2 Home (texts in the 'home' namespace). */
export const TESTIMONIALS = ['saparova', 'kovalev', 'li'] as const;
/** Every testimonial is rated 5 of 5 (spec 01 §2). */
const RATING = 5;
const MAX_RATING = 5;

export function Testimonials() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-testimonials" aria-labelledby="home-testimonials-title">
      <div className="container">
        <SectionHeader id="home-testimonials-title" title={t('testimonials.title')} lead={t('testimonials.subtitle')} />
        <ul className="home-testimonials-grid">
          {TESTIMONIALS.map((key) => (
            <li key={key}>
              <figure className="home-testimonial">
                <div className="home-testimonial-top">
                  <span className="home-stars" role="img" aria-label={t('testimonials.rating', { value: RATING, max: MAX_RATING })}>
                    {Array.from({ length: MAX_RATING }, (_, i) => (
                      <StarIcon key={i} />
                    ))}
                  </span>
                  <span className="home-quote-mark">
                    <QuoteIcon />
                  </span>
                </div>
                <blockquote>
                  <p>{t(`testimonials.items.${key}.text`)}</p>
                </blockquote>
                <figcaption>
                  <span className="home-avatar" aria-hidden="true">
                    {t(`testimonials.items.${key}.initials`)}
                  </span>
                  <span className="home-person">
                    <strong>{t(`testimonials.items.${key}.name`)}</strong>
                    <span>
                      {t(`testimonials.items.${key}.position`)}, {t(`testimonials.items.${key}.company`)}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
