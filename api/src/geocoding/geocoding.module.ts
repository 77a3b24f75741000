import { Logger, Module } from '@nestjs/common';
import { GazetteerProvider } from './gazetteer.provider';
import { allowsAutocomplete, geocoderSettings } from './geocoding.config';
import { GeocodingController } from './geocoding.controller';
import { GEOCODING_PROVIDER, type GeocodingProvider } from './geocoding.provider';
import { GeocodingService } from './geocoding.service';
import { NominatimProvider } from './nominatim.provider';

/** The provider the settings choose: Nominatim over HTTP when GEOCODER_URL is set, else the gazetteer. */
export function createGeocodingProvider(env: NodeJS.ProcessEnv = process.env): GeocodingProvider {
  const settings = geocoderSettings(env);
  if (!settings.url) return new GazetteerProvider();
  new Logger('Geocoding').log(`address search through ${new URL(settings.url).origin} (timeout ${settings.timeoutMs} ms)`);
  return new NominatimProvider({
    baseUrl: settings.url,
    timeoutMs: settings.timeoutMs,
    userAgent: settings.userAgent,
    suggestFallback: allowsAutocomplete(settings.url) ? undefined : new GazetteerProvider(),
  });
}

/** Address search: GET /api/geocode, /api/geocode/suggest, /api/geocode/reverse (staff). */
@Module({
  controllers: [GeocodingController],
  providers: [GeocodingService, { provide: GEOCODING_PROVIDER, useFactory: () => createGeocodingProvider() }],
})
export class GeocodingModule {}
