import type { Language } from '@realty/contracts';
import { fallbackLanguage, isLanguage, resources, supportedLanguages } from '@realty/i18n';
import { RemixI18Next } from 'remix-i18next/server';
import { languageCookie } from './cookies.server';

/**
 * Language detection on the server (spec 01 §1): `?lng=` (so every language version is
 * indexable), then the saved cookie, then Accept-Language, then ru.
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
    const lang = await i18nServer.getLocale(request);
    return isLanguage(lang) ? lang : fallbackLanguage;
  } catch {
    return fallbackLanguage;
  }
}
