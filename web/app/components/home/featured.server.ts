import type { Language } from '@realty/contracts';
import { createWebApiClient } from '~/lib/api/api.server';
import { toCardProperties, type CardProperty } from '~/lib/catalog/property-card';

/** Featured properties on the home page (spec 01 §9: 6). */
export const FEATURED_LIMIT = 6;
/** The home page must not hang on a slow API: after this the section shows its loading text. */
const FEATURED_TIMEOUT_MS = 4_000;

/**
 * GET {API_URL}/properties?featured=true&limit=6 (spec 01 §7). Never throws: any failure
 * (API down, timeout, error answer) gives null, which the page shows as the loading text
 * only (spec 01 §2: "a featured-properties load error shows a loading text only"). The cards
 * carry only what a card shows (CardProperty). Asked as the visitor of `request` (their address,
 * for the API's per-IP limit; their going away cancels it).
 */
export async function loadFeatured(lang: Language, request: Request): Promise<CardProperty[] | null> {
  const signal = request.signal;
  const api = createWebApiClient(request, { lang, timeoutMs: FEATURED_TIMEOUT_MS });
  try {
    const page = await api.properties.list({ featured: true, limit: FEATURED_LIMIT });
    return toCardProperties(page.items.slice(0, FEATURED_LIMIT), lang);
  } catch (error) {
    if (!signal?.aborted) console.warn(`home: featured properties not loaded: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
