import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '@realty/api-client';
import { wantsSuggestions, type GeocodeResultDto } from '@realty/contracts';
import { getAuth, isStaff } from '~/lib/auth/auth.server';

/**
 * GET /resources/geocode-suggest?q=...: address suggestions for the staff listing form (spec 02
 * §5 "only from 3 characters", §7 GET /geocode/suggest), through the api-client with the staff
 * member's token (the browser holds none). JSON {results: GeocodeResultDto[]}: [] below 3
 * characters (no API call), 401/403 {results: []} for a visitor or a non-staff user, 502 when the
 * geocoder fails (the field stays a plain text field).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  const auth = await getAuth(request);
  const json = async (results: GeocodeResultDto[], status = 200) =>
    new Response(JSON.stringify({ results }), {
      status,
      headers: await auth.headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' }),
    });
  if (!auth.user) return json([], 401);
  if (!isStaff(auth.user.role)) return json([], 403);
  if (!wantsSuggestions(q)) return json([]);
  try {
    return json(await auth.api.geocoding.suggest(q, { results: 6 }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return json([], 401);
    console.error('address suggestions failed', error);
    return json([], 502);
  }
}
