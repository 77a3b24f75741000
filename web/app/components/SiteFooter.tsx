import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** Footer of spec 01 §2: company links, contacts, service links, copyright with the year. */
export function SiteFooter({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">{t('footer.company')}</h2>
          <ul>
            <li>
              <Link to="/catalog">{t('nav.catalog')}</Link>
            </li>
            <li>
              <Link to="/business-center">{t('nav.businessCenter')}</Link>
            </li>
            <li>
              <Link to="/partners">{t('nav.partners')}</Link>
            </li>
            <li>
              <Link to="/about">{t('nav.about')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts">{t('footer.contacts')}</h2>
          <address>
            <p>{t('footer.address')}</p>
            <p>
              <a href={`tel:${t('footer.phone').replace(/[^+\d]/g, '')}`}>{t('footer.phone')}</a>
            </p>
            <p>
              <a href={`mailto:${t('footer.email')}`}>{t('footer.email')}</a>
            </p>
            <p>{t('footer.hours')}</p>
          </address>
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">{t('footer.services')}</h2>
          <ul>
            <li>
              <Link to="/catalog?dealType=rent">{t('footer.rent')}</Link>
            </li>
            <li>
              <Link to="/catalog?dealType=sale">{t('footer.sale')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('footer.consulting')}</Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year })}</p>
        <p>
          <Link to="/terms">{t('footer.terms')}</Link> · <Link to="/privacy">{t('footer.privacy')}</Link>
        </p>
      </div>
    </footer>
  );
}
