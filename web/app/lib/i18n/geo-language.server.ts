import type { Language } from '@realty/contracts';
import { fallbackLanguage, isLanguage } from '@realty/i18n';

/**
 * Language detection (spec 01 §1 "Language selection order"; issue 5):
 * 1. `?lng=` in the URL (every language version is its own indexable page);
 * 2. the saved choice (the `lng` cookie);
 * 3. the browser language (Accept-Language; the best supported one by q-value);
 * 4. with nothing of that, the visitor's country from the IP, looked up offline in the
 *    country database bundled with the `geoip-country` package, mapped as spec 01 §1 says;
 * 5. ru. Any failure on the way falls back to ru silently (spec 01 §8).
 */

/** spec 01 §1 "Country-to-language map"; every other country is ru. */
export const COUNTRY_LANGUAGE: Readonly<Record<string, Language>> = {
  KZ: 'kk',
  RU: 'ru',
  BY: 'ru',
  UA: 'ru',
  CN: 'zh',
  US: 'en',
  GB: 'en',
  CA: 'en',
  AU: 'en',
};

/** The language of a country code (ISO 3166-1 alpha-2, any case); ru for any other or none. */
export function languageForCountry(country: string | null | undefined): Language {
  if (!country) return fallbackLanguage;
  return COUNTRY_LANGUAGE[country.trim().toUpperCase()] ?? fallbackLanguage;
}

/**
 * The best supported language of an Accept-Language header ('kk-KZ,kk;q=0.9,ru;q=0.8' -> kk),
 * or null when it names none of ru, en, kk, zh (or is missing or malformed).
 */
export function pickAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0 && isLanguage(r.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.length ? (ranges[0].lang as Language) : null;
}

/** Finds the country of an IP address: a code, or null when unknown. May throw or reject. */
export type CountryLookup = (ip: string) => string | null | undefined | Promise<string | null | undefined>;

/** The bundled offline database (geoip-country), loaded on first use. */
export const geoipCountryLookup: CountryLookup = async (ip) => {
  const mod = await import('geoip-country');
  const geoip = (mod.default ?? mod) as { lookup: (ip: string) => { country: string } | null };
  return geoip.lookup(ip)?.country ?? null;
};

/** An address worth looking up: not empty, not loopback or private (those have no country). */
function isPublicIp(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/i, '');
  if (/^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(v4) || /^172\.(1[6-9]|2\d|3[01])\./.test(v4)) return false;
  if (/^(::1?|fc|fd|fe80)/i.test(ip)) return false;
  return /^[0-9a-f:.]{2,45}$/i.test(ip);
}

/** The language of the visitor's country; ru when the address is unknown, private or the lookup fails. */
export async function languageFromIp(ip: string | null | undefined, lookup: CountryLookup = geoipCountryLookup): Promise<Language> {
  if (!ip) return fallbackLanguage;
  const address = ip.split(',')[0].trim();
  if (!isPublicIp(address)) return fallbackLanguage;
  try {
    return languageForCountry(await lookup(address));
  } catch {
    return fallbackLanguage;
  }
}

export interface LanguageSignals {
  /** `?lng=` value. */
  query?: string | null;
  /** The saved choice (cookie value). */
  cookie?: unknown;
  acceptLanguage?: string | null;
  /** The visitor's address (x-client-ip, set by web/server.mjs). */
  ip?: string | null;
}

/** The language of a request from its signals, in the order above. */
export async function detectLanguage(signals: LanguageSignals, lookup: CountryLookup = geoipCountryLookup): Promise<Language> {
  if (isLanguage(signals.query)) return signals.query;
  if (isLanguage(signals.cookie)) return signals.cookie;
  const accepted = pickAcceptLanguage(signals.acceptLanguage);
  if (accepted) return accepted;
  return languageFromIp(signals.ip, lookup);
}
