import { GazetteerProvider } from './gazetteer.provider';
import { allowsAutocomplete, geocoderSettings } from './geocoding.config';
import { createGeocodingProvider } from './geocoding.module';
import { NominatimProvider } from './nominatim.provider';

/** GEOCODER_URL, GEOCODER_TIMEOUT_MS, GEOCODER_USER_AGENT (docs/configuration.md "Address search") and the provider they choose. */
describe('geocoder settings', () => {
  it('defaults: the gazetteer, 3000 ms, an identifying User-Agent', () => {
    expect(geocoderSettings({})).toEqual({ url: null, timeoutMs: 3000, userAgent: 'AlmatyRealtyBackOffice/1.0 (+http://localhost:3000)' });
    expect(geocoderSettings({ GEOCODER_URL: '  ', PUBLIC_WEB_URL: 'https://realty.kz' }).userAgent).toBe(
      'AlmatyRealtyBackOffice/1.0 (+https://realty.kz)',
    );
    expect(createGeocodingProvider({})).toBeInstanceOf(GazetteerProvider);
  });

  it('reads a URL (ending in /, without query) and a timeout; refuses bad ones at start', () => {
    expect(
      geocoderSettings({ GEOCODER_URL: 'http://127.0.0.1:8080/nominatim?x=1', GEOCODER_TIMEOUT_MS: '250', GEOCODER_USER_AGENT: 'Me/1' }),
    ).toEqual({
      url: 'http://127.0.0.1:8080/nominatim/',
      timeoutMs: 250,
      userAgent: 'Me/1',
    });
    expect(() => geocoderSettings({ GEOCODER_URL: 'ftp://example.kz' })).toThrow(/GEOCODER_URL/);
    expect(() => geocoderSettings({ GEOCODER_URL: 'nominatim' })).toThrow(/GEOCODER_URL/);
    for (const t of ['0', '-5', '1.5', 'soon', '60001'])
      expect(() => geocoderSettings({ GEOCODER_TIMEOUT_MS: t })).toThrow(/GEOCODER_TIMEOUT_MS/);
  });

  it('never asks the public OpenStreetMap instance for autocomplete: its suggestions come from the gazetteer', async () => {
    expect(allowsAutocomplete('https://nominatim.openstreetmap.org/')).toBe(false);
    expect(allowsAutocomplete('http://127.0.0.1:8080/')).toBe(true);
    const provider = createGeocodingProvider({ GEOCODER_URL: 'https://nominatim.openstreetmap.org' });
    expect(provider).toBeInstanceOf(NominatimProvider);
    // answered locally (no network in this test): the gazetteer's answer
    const [first] = await provider.suggest('Dostyk', 'en', 1);
    expect(first.displayName).toBe('Dostyk Avenue, Almaty');
  });
});
