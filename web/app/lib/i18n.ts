import type { Language } from '@realty/contracts';
import { defaultNS, fallbackLanguage, type TranslationTree } from '@realty/i18n';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * An i18next instance for one language, initialised synchronously from the resources the
 * root loader sent (only the current language travels to the browser).
 */
export function createI18n(lang: Language, bundle: Record<string, TranslationTree>): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: fallbackLanguage,
    resources: { [lang]: bundle },
    defaultNS,
    ns: Object.keys(bundle),
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}
