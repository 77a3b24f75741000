import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamApiFile } from '~/lib/presentations/presentations.server';

/**
 * GET /resources/presentations/{id}/download (issue 23 "download one"): the API's
 * GET /api/presentations/{id}/download (the PDF or PPTX, counted) streamed through. Staff only.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return streamApiFile(request, params.id, (api, id) => api.presentations.download(id, { timeoutMs: 60_000 }));
}
