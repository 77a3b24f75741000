import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamApiFile } from '~/lib/presentations/presentations.server';

/**
 * GET /resources/presentations/batches/{id}/zip (issue 23 "download a bulk batch as one zip
 * (streamed)"): the API's zip of the batch's completed files, streamed through. Staff only.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return streamApiFile(request, params.id, (api, id) => api.presentations.batchZip(id, { timeoutMs: 120_000 }));
}
