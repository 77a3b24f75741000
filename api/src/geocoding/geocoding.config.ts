/**
 * Settings of address search (docs/configuration.md "Address search"):
 * - GEOCODER_URL: base URL of a Nominatim-compatible service (http or https), e.g.
 *   https://nominatim.openstreetmap.org; unset or empty: the offline gazetteer;
 * - GEOCODER_TIMEOUT_MS: how long one call to it may take, 1..60000 ms, default 3000;
 * - GEOCODER_USER_AGENT: the User-Agent sent (Nominatim's usage policy asks for one that
 *   identifies the application), default "AlmatyRealtyBackOffice/1.0 (+PUBLIC_WEB_URL)".
 * A bad value stops the API at start with a message (never a silent default).
 */
export interface GeocoderSettings {
  /** Base URL ending in '/', or null for the gazetteer. */
  url: string | null;
  timeoutMs: number;
  userAgent: string;
}

export const GEOCODER_DEFAULT_TIMEOUT_MS = 3000;

/** Reads the settings from `env`; throws on a malformed URL or timeout. */
export function geocoderSettings(env: NodeJS.ProcessEnv = process.env): GeocoderSettings {
  const rawUrl = env.GEOCODER_URL?.trim();
  let url: string | null = null;
  if (rawUrl) {
    let parsed: URL;
    try {
      parsed = new URL(rawUrl);
    } catch {
      throw new Error(`GEOCODER_URL must be an http(s) URL, got "${rawUrl}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error(`GEOCODER_URL must be an http(s) URL, got "${rawUrl}"`);
    parsed.search = '';
    parsed.hash = '';
    url = parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`;
  }
  const rawTimeout = env.GEOCODER_TIMEOUT_MS?.trim();
  let timeoutMs = GEOCODER_DEFAULT_TIMEOUT_MS;
  if (rawTimeout) {
    timeoutMs = Number(rawTimeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) {
      throw new Error(`GEOCODER_TIMEOUT_MS must be a whole number of milliseconds from 1 to 60000, got "${rawTimeout}"`);
    }
  }
  const site = env.PUBLIC_WEB_URL?.trim() || 'http://localhost:3000';
  const userAgent = env.GEOCODER_USER_AGENT?.trim() || `AlmatyRealtyBackOffice/1.0 (+${site})`;
  return { url, timeoutMs, userAgent };
}

/**
 * Whether suggestions may be asked of the HTTP service: not of the public OpenStreetMap instance,
 * whose usage policy forbids autocomplete; its suggestions come from the gazetteer instead.
 */
export function allowsAutocomplete(url: string): boolean {
  return new URL(url).hostname !== 'nominatim.openstreetmap.org';
}
