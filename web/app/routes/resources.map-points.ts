import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLanguage } from '@realty/i18n';
import { i18nServer } from '~/i18n.server';
import { apiFor } from '~/lib/api/api.server';
import { CATALOG_CONFIG, parseListing, toApiQuery } from '~/lib/catalog/listing-params';
import { mapPoint, type MapPointsAnswer } from '~/lib/catalog/map-points';

/**
 * GET /resources/map-points?lang={ru|en|kk|zh}&{catalogue filters}: the points of the catalogue's
 * map view (spec 01 §2), JSON `{points: [{lat, lng, title, subtitle, href}]}`, at most
 * 5,000 (the API's bound), titles in `lang` (else the visitor's language), prices formatted.
 * The page fetches them once it runs (a map needs JavaScript anyway), so the document of the
 * map view stays the size of the grid's (the markers in the page's data made it megabytes;
 * decision 018, amendment). Kept by the browser for 30 s, like the API's markers (private: the answer may
 * carry the visitor's cookies); 502 `{points: null}` when the API fails.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('lang');
  const { api, lang } = await apiFor(request, isLanguage(asked) ? asked : undefined);
  const [markers, t] = await Promise.all([
    api.properties.map(toApiQuery(parseListing(url.searchParams, CATALOG_CONFIG), CATALOG_CONFIG)).catch((error: unknown) => {
      console.error('map points: markers failed', error);
      return null;
    }),
    i18nServer.getFixedT(lang, 'catalog'),
  ]);
  const headers = { 'Content-Type': 'application/json; charset=utf-8' };
  if (markers === null) return new Response(JSON.stringify({ points: null }), { status: 502, headers });
  const answer: MapPointsAnswer = { points: markers.map((m) => mapPoint(m, lang, t('card.noTitle'))) };
  return new Response(JSON.stringify(answer), { headers: { ...headers, 'Cache-Control': 'private, max-age=30' } });
}
