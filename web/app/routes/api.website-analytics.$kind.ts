import type { ActionFunctionArgs } from '@remix-run/node';
import { forwardBeacon } from '~/lib/analytics/analytics.server';

/**
 * POST /api/website-analytics/track-page-view and /track-event on the web's own origin (spec 01
 * §7 paths): the browser tracker's beacons, forwarded to the API with the visitor's address,
 * user agent and X-Session-Id. Always 204, so a failure stays silent for the visitor.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const kind = params.kind;
  if (request.method !== 'POST' || (kind !== 'track-page-view' && kind !== 'track-event')) {
    return new Response(null, { status: 404 });
  }
  await forwardBeacon(request, kind);
  return new Response(null, { status: 204 });
}

/** GET is not a beacon. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
