import { Link } from '@remix-run/react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, ChevronIcon } from './icons';
import { SectionHeader } from './SectionHeader';

/** The 6 static questions of spec 01 §2 Home, in the spec's order. */
export const FAQ_ITEMS = ['documents', 'parking', 'shortTerm', 'utilities', 'renovation', 'infrastructure'] as const;
const GROUP = 'home-faq';

/**
 * Closes the other items of the group when one opens. Browsers that support
 * <details name> already do this; the handler covers the others (progressive enhancement).
 */
function closeSiblings(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  const group = opened.closest('[data-accordion]');
  group?.querySelectorAll<HTMLDetailsElement>('details[open]').forEach((item) => {
    if (item !== opened) item.open = false;
  });
}

/**
 * FAQ accordion (spec 01 §2 Home): one item open at a time, collapsible. Native <details>, so it
 * works without JavaScript and with the keyboard (Enter/Space on the summary).
 */
export function FaqAccordion() {
  const { t } = useTranslation('home');
  const more = (
    <Link to="/faq" className="btn btn-secondary home-link-button">
      <span>{t('faq.more')}</span>
      <ArrowRightIcon />
    </Link>
  );
  return (
    <section className="home-section home-faq" aria-labelledby="home-faq-title">
      <div className="container home-faq-inner">
        <SectionHeader id="home-faq-title" title={t('faq.title')} lead={t('faq.subtitle')} aside={more} />
        <div className="home-faq-list" data-accordion>
          {FAQ_ITEMS.map((key) => (
            <details key={key} name={GROUP} className="home-faq-item" onToggle={closeSiblings}>
              <summary>
                <span>{t(`faq.items.${key}.question`)}</span>
                <span className="home-faq-chevron">
                  <ChevronIcon />
                </span>
              </summary>
              <div className="home-faq-answer">
                <p>{t(`faq.items.${key}.answer`)}</p>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
