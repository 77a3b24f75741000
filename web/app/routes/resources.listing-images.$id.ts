import type { ActionFunctionArgs } from '@remix-run/node';
import { imageAction } from '~/lib/listings/listing-images.server';

/**
 * POST /resources/listing-images/{listing id}: upload, reorder, make main, move, delete the
 * images of a listing (issue 21; spec 02 §2, §7 Uploads). See imageAction: JSON for the edit
 * page's scripts, a redirect with a toast for plain forms (no JavaScript).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return imageAction(request, params.id ?? '');
}
