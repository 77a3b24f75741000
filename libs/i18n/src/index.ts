// The enums module alone: the contracts' index would bring every DTO class into the browser's shell.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@realty/contracts/enums';
import { resources, type Namespace } from './locales';

export * from './format';
export { resources, NAMESPACES, type Namespace, type TranslationTree } from './locales';

export const supportedLanguages: Language[] = [...LANGUAGES];
export const fallbackLanguage: Language = FALLBACK_LANGUAGE;
export const defaultNS: Namespace = 'common';

/** Native names for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { ru: 'Русский', en: 'English', kk: 'Қазақша', zh: '中文' };

/** True for ru, en, kk, zh (spec 01 §1: only these are accepted as a saved language). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The resources of one language (what the page ships to the browser). */
export function resourcesFor(lang: Language) {
  return resources[lang];
}
