import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLanguage, resources } from '@realty/i18n';

/**
 * GET /resources/i18n/{lang}: the translations of a language as JSON, for the browser when the
 * language changes without a page load (the root Layout's effect). Pages carry their own language's
 * translations in the document.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const lang = params.lang;
  if (!isLanguage(lang)) throw new Response('Not Found', { status: 404 });
  return new Response(JSON.stringify(resources[lang]), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
