import type { Language, PartnerDto } from '@realty/contracts';
import { createWebApiClient } from '~/lib/api/api.server';

/** spec 01 §9: "featured partners 8 requested, 4 shown". */
export const FEATURED_PARTNERS_REQUESTED = 8;
export const FEATURED_PARTNERS_SHOWN = 4;
const TIMEOUT_MS = 4_000;

/**
 * GET {API_URL}/partners?featured=true&limit=8 (spec 01 §7), the first 4 for the home page.
 * Never throws: any failure gives an empty list and the preview shows its text and link only.
 * Asked as the visitor of `request` (their address, for the API's per-IP limit).
 */
export async function loadFeaturedPartners(lang: Language, request: Request): Promise<PartnerDto[]> {
  const signal = request.signal;
  const api = createWebApiClient(request, { lang, timeoutMs: TIMEOUT_MS });
  try {
    return (await api.partners.featured(FEATURED_PARTNERS_REQUESTED)).slice(0, FEATURED_PARTNERS_SHOWN);
  } catch (error) {
    if (!signal?.aborted) console.warn(`home: featured partners not loaded: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
