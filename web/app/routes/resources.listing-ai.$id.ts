import type { ActionFunctionArgs } from '@remix-run/node';
import { listingAiAction } from '~/lib/ai/listing-ai.server';

/** POST /resources/listing-ai/{listing id}: the listing editor's AI panel (issue 23). See listingAiAction. */
export function action({ request, params }: ActionFunctionArgs) {
  return listingAiAction(request, params.id ?? '');
}
