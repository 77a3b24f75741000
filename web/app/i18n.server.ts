import type { Language } from '@realty/contracts';
import { fallbackLanguage, isLanguage, resources, supportedLanguages } from '@realty/i18n';
import { RemixI18Next } from 'remix-i18next/server';
import { languageCookie } from './cookies.server';
import { detectLanguage } from './lib/geo-language.server';

/**
 * Translations on the server. Language detection (spec 01 §1): `?lng=` (so every language
 * version is indexable), then the saved cookie, then Accept-Language, then the country of the
 * visitor's IP (offline database), then ru: see getLanguage and lib/geo-language.server.ts.
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages,
    fallbackLanguage,
    cookie: languageCookie,
    searchParamKey: 'lng',
    order: ['searchParams', 'cookie', 'header'],
  },
  i18next: { resources, fallbackLng: fallbackLanguage, supportedLngs: supportedLanguages, defaultNS: 'common', interpolation: { escapeValue: false } },
});

/** The language of this request, always one of ru/en/kk/zh. */
export async function getLanguage(request: Request): Promise<Language> {
  try {
    const lang = await detectLanguage({
      query: new URL(request.url).searchParams.get('lng'),
      cookie: await languageCookie.parse(request.headers.get('Cookie')),
      acceptLanguage: request.headers.get('Accept-Language'),
      ip: request.headers.get('x-client-ip'),
    });
    return isLanguage(lang) ? lang : fallbackLanguage;
  } catch {
    return fallbackLanguage;
  }
}
