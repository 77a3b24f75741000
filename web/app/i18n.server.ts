import type { Language } from '@realty/contracts';
import { fallbackLanguage, isLanguage, resources, supportedLanguages } from '@realty/i18n';
import i18next, { type i18n, type TFunction } from 'i18next';
import { languageCookie } from './cookies.server';
import { memoizeLookups } from './lib/i18n/i18n';
import { CLIENT_IP_HEADER } from './lib/api/client-address.server';
import { detectLanguage } from './lib/i18n/geo-language.server';
import type { RequestView } from '~/lib/serving/request-view';

// Translations on the server. Language detection (spec 01 §1): `?lng=` (so every language
// version is indexable), then the saved cookie, then Accept-Language, then the country of the
// visitor's IP (offline database), then ru: see getLanguage and lib/geo-language.server.ts.

const instances = new Map<Language, Promise<i18n>>();

/**
 * The server's i18next instance of a language: created once per process (every namespace is
 * bundled in @realty/i18n, so nothing is loaded per request) and never switched to another
 * language afterwards, so sharing it between requests is safe.
 */
export function serverI18n(lang: Language): Promise<i18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const created = i18next.createInstance();
    instance = created
      .init({
        resources,
        lng: lang,
        fallbackLng: fallbackLanguage,
        supportedLngs: supportedLanguages,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
      })
      .then(() => memoizeLookups(created));
    instances.set(lang, instance);
  }
  return instance;
}

/** Translations in loaders and actions: `await i18nServer.getFixedT(lang, 'catalog')`. */
export const i18nServer = {
  async getFixedT(lang: Language, ns: string): Promise<TFunction> {
    return (await serverI18n(isLanguage(lang) ? lang : fallbackLanguage)).getFixedT(lang, ns);
  },
};

/** The language of this request, always one of ru/en/kk/zh. */
export async function getLanguage(request: RequestView): Promise<Language> {
  try {
    const lang = await detectLanguage({
      query: new URL(request.url).searchParams.get('lng'),
      cookie: await languageCookie.parse(request.headers.get('Cookie')),
      acceptLanguage: request.headers.get('Accept-Language'),
      ip: request.headers.get(CLIENT_IP_HEADER),
    });
    return isLanguage(lang) ? lang : fallbackLanguage;
  } catch {
    return fallbackLanguage;
  }
}
