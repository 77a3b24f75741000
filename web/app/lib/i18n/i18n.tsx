import type { Language } from '@realty/contracts';
import { defaultNS, fallbackLanguage, type TranslationTree } from '@realty/i18n';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useNonce } from '../serving/nonce';

/** The translations of one language: every namespace. */
export type Translations = Record<string, TranslationTree>;

/** Id of the <script type="application/json"> that carries the page's translations. */
export const TRANSLATIONS_SCRIPT_ID = 'i18n-data';

/**
 * Translations by language. The server registers every language at start (entry.server.tsx);
 * the browser registers the page's language from the document on its first render, before
 * hydrating (readDocumentTranslations), and fetches another one only when the language changes
 * without a page load (the root Layout's effect, ensureTranslations).
 */
const registry = new Map<Language, { bundle: Translations; json: string | null }>();

export function registerTranslations(lang: Language, bundle: Translations, json: string | null = null): void {
  registry.set(lang, { bundle, json });
}

/** Whether the translations of `lang` are registered (in the browser: the page's language, or fetched). */
export function hasTranslations(lang: Language): boolean {
  readDocumentTranslations();
  return registry.has(lang);
}

/** The registered translations of `lang`, else those of any registered language (a failed fetch keeps the old texts). */
export function translationsFor(lang: Language): Translations {
  readDocumentTranslations();
  return (registry.get(lang) ?? registry.values().next().value)?.bundle ?? {};
}

/**
 * The JSON text of the translations as written in the page: `<` escaped so the text cannot
 * close the script element. Computed once per language.
 */
function translationsJson(lang: Language): string {
  const entry = registry.get(lang);
  if (!entry) return '{}';
  entry.json ??= JSON.stringify(entry.bundle).replace(/</g, '\\u003c');
  return entry.json;
}

/** The text of the page's translations script as the server wrote it (read once, before hydration). */
let documentJson: string | null = null;

/** Browser, once (the first render, before hydration): registers the translations the server put in the page. */
function readDocumentTranslations(): void {
  if (documentJson !== null || typeof document === 'undefined') return;
  documentJson = '{}';
  const el = document.getElementById(TRANSLATIONS_SCRIPT_ID);
  const lang = el?.getAttribute('data-lang') as Language | null;
  if (!el || !lang) return;
  documentJson = el.textContent ?? '{}';
  try {
    registerTranslations(lang, JSON.parse(documentJson) as Translations, documentJson);
  } catch (error) {
    console.error('translations: unreadable', error);
  }
}

/**
 * The page's translations as JSON in the document (rendered by the root layout), instead of in
 * the root loader data: a string written once rather than a tree serialised, escaped and
 * parsed again on every request (decision 018). In the browser the element keeps the
 * text it was hydrated with; a later language change goes through ensureTranslations.
 */
export function TranslationsScript({ lang }: { lang: Language }) {
  const nonce = useNonce();
  readDocumentTranslations();
  const html = typeof document === 'undefined' ? translationsJson(lang) : (documentJson ?? '{}');
  return (
    <script
      id={TRANSLATIONS_SCRIPT_ID}
      type="application/json"
      nonce={nonce}
      data-lang={lang}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Browser: makes sure the translations of `lang` are registered (GET /resources/i18n/{lang} when not). */
export async function ensureTranslations(lang: Language): Promise<void> {
  if (registry.has(lang)) return;
  try {
    const res = await fetch(`/resources/i18n/${lang}`, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    registerTranslations(lang, (await res.json()) as Translations);
  } catch (error) {
    console.error(`translations: ${lang} not loaded`, error);
  }
}

const LOOKUP_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/**
 * Remembers the plain lookups of an instance, `t('nav.catalog')` without values, counts or
 * defaults: a page asks for the same few hundred texts on every render and i18next resolves
 * each anew (fallbacks, plural and nesting checks, interpolation). Only for instances whose
 * translations and language never change (createI18n, the server's serverI18n): the answer to a
 * plain lookup is then always the same. Anything with options goes to i18next as before.
 */
export function memoizeLookups(instance: i18n): i18n {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const memo = new Map<string, string>();
  const t = (key: unknown, options?: unknown): unknown => {
    if (typeof key !== 'string' || !options || typeof options !== 'object') return translate(key, options);
    const o = options as { lng?: unknown; lngs?: unknown; ns?: unknown };
    for (const name in o) if (!LOOKUP_OPTIONS.has(name)) return translate(key, options);
    if (o.lngs != null) return translate(key, options);
    const id = `${String(o.lng ?? '')}\u0000${Array.isArray(o.ns) ? o.ns.join(',') : String(o.ns ?? '')}\u0000${key}`;
    let text = memo.get(id);
    if (text === undefined) {
      const result = translate(key, options);
      if (typeof result !== 'string') return result;
      memo.set(id, (text = result));
    }
    return text;
  };
  instance.t = t as unknown as i18n['t'];
  return instance;
}

/** Instances by resource bundle: on the server the bundle of a language is one shared object. */
const byBundle = new WeakMap<Translations, i18n>();

/**
 * An i18next instance for one language, initialised synchronously from its translations (only
 * the current language travels to the browser). The same bundle gives the same instance (on
 * the server: one per language and process instead of one per request); the instance never
 * changes language, a language switch brings another bundle.
 */
export function createI18n(lang: Language, bundle: Translations): i18n {
  const cached = byBundle.get(bundle);
  if (cached && cached.language === lang) return cached;
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
  memoizeLookups(instance);
  byBundle.set(bundle, instance);
  return instance;
}
