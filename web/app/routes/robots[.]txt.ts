import type { LoaderFunctionArgs } from '@remix-run/node';
import { absoluteUrl } from '~/lib/serving/seo';

/** /robots.txt (issue 5): everything public is open; the dashboards, sign-in and resource routes are not indexed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /dashboard',
    'Disallow: /auth',
    'Disallow: /resources/',
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(request, '/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
