import { describe, expect, it } from '@jest/globals';
import {
  COUNTRY_LANGUAGE,
  detectLanguage,
  geoipCountryLookup,
  languageForCountry,
  languageFromIp,
  pickAcceptLanguage,
  type CountryLookup,
} from './geo-language.server';

/** Language detection table (spec 01 §1 "Language selection order", "Country-to-language map"; issue 5). */
describe('language detection', () => {
  /** A lookup table standing in for the IP database: 203.0.113.x (documentation range) -> country. */
  const fakeCountries: Record<string, string> = {
    '203.0.113.1': 'KZ',
    '203.0.113.2': 'RU',
    '203.0.113.3': 'BY',
    '203.0.113.4': 'UA',
    '203.0.113.5': 'CN',
    '203.0.113.6': 'US',
    '203.0.113.7': 'GB',
    '203.0.113.8': 'CA',
    '203.0.113.9': 'AU',
    '203.0.113.10': 'DE',
    '203.0.113.11': 'TR',
  };
  const fake: CountryLookup = (ip) => fakeCountries[ip] ?? null;
  const failing: CountryLookup = () => {
    throw new Error('database missing');
  };
  const rejecting: CountryLookup = () => Promise.reject(new Error('timeout'));

  it.each([
    // [case, signals, expected]
    ['?lng= wins over everything', { query: 'zh', cookie: 'kk', acceptLanguage: 'en', ip: '203.0.113.1' }, 'zh'],
    ['an unsupported ?lng= is ignored', { query: 'de', cookie: 'kk' }, 'kk'],
    ['the saved cookie wins over Accept-Language and the IP', { cookie: 'kk', acceptLanguage: 'en-US,en;q=0.9', ip: '203.0.113.5' }, 'kk'],
    ['an unsupported saved value is ignored', { cookie: 'fr', acceptLanguage: 'en' }, 'en'],
    ['Accept-Language wins over the IP', { acceptLanguage: 'en-GB,en;q=0.9', ip: '203.0.113.1' }, 'en'],
    ['Accept-Language: the best q-value', { acceptLanguage: 'de;q=1, zh;q=0.5, kk;q=0.8' }, 'kk'],
    ['Accept-Language with only unsupported languages falls to the IP', { acceptLanguage: 'de-DE,fr;q=0.8', ip: '203.0.113.5' }, 'zh'],
    ['Kazakhstan -> kk', { ip: '203.0.113.1' }, 'kk'],
    ['Russia -> ru', { ip: '203.0.113.2' }, 'ru'],
    ['Belarus -> ru', { ip: '203.0.113.3' }, 'ru'],
    ['Ukraine -> ru', { ip: '203.0.113.4' }, 'ru'],
    ['China -> zh', { ip: '203.0.113.5' }, 'zh'],
    ['USA -> en', { ip: '203.0.113.6' }, 'en'],
    ['United Kingdom -> en', { ip: '203.0.113.7' }, 'en'],
    ['Canada -> en', { ip: '203.0.113.8' }, 'en'],
    ['Australia -> en', { ip: '203.0.113.9' }, 'en'],
    ['Germany (any other country) -> ru', { ip: '203.0.113.10' }, 'ru'],
    ['Turkey (any other country) -> ru', { ip: '203.0.113.11' }, 'ru'],
    ['an address the database does not know -> ru', { ip: '203.0.113.200' }, 'ru'],
    ['a loopback address -> ru', { ip: '127.0.0.1' }, 'ru'],
    ['a private address -> ru', { ip: '192.168.1.5' }, 'ru'],
    ['no signals at all -> ru', {}, 'ru'],
    ['garbage -> ru', { query: '', cookie: 42, acceptLanguage: ';;;q=abc', ip: 'not an ip' }, 'ru'],
  ] as const)('%s', async (_name, signals, expected) => {
    await expect(detectLanguage(signals, fake)).resolves.toBe(expected);
  });

  it('a failed lookup (thrown or rejected) falls back to ru silently', async () => {
    await expect(languageFromIp('203.0.113.1', failing)).resolves.toBe('ru');
    await expect(languageFromIp('203.0.113.1', rejecting)).resolves.toBe('ru');
    await expect(detectLanguage({ acceptLanguage: 'de', ip: '203.0.113.1' }, failing)).resolves.toBe('ru');
  });

  it('maps exactly the countries of spec 01 §1', () => {
    expect(COUNTRY_LANGUAGE).toEqual({ KZ: 'kk', RU: 'ru', BY: 'ru', UA: 'ru', CN: 'zh', US: 'en', GB: 'en', CA: 'en', AU: 'en' });
    expect(languageForCountry('kz')).toBe('kk');
    expect(languageForCountry(null)).toBe('ru');
    expect(languageForCountry('ZZ')).toBe('ru');
  });

  it('pickAcceptLanguage ignores q=0 and keeps header order on ties', () => {
    expect(pickAcceptLanguage('en;q=0, ru')).toBe('ru');
    expect(pickAcceptLanguage('zh-CN, en')).toBe('zh');
    expect(pickAcceptLanguage('')).toBeNull();
    expect(pickAcceptLanguage(null)).toBeNull();
  });

  it('the bundled offline database answers without the network (loopback has no country)', async () => {
    await expect(geoipCountryLookup('127.0.0.1')).resolves.toBeNull();
    // A Google public DNS address is registered in the USA in every release of the database.
    await expect(languageFromIp('8.8.8.8')).resolves.toBe('en');
  });
});
