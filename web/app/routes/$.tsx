import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

/** Any unknown path: 404 with the not-found page of spec 01 §2 (rendered by the root ErrorBoundary). */
export async function loader({ request }: LoaderFunctionArgs) {
  throw new Response(new URL(request.url).pathname, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: '404 Page Not Found' }, { name: 'robots', content: 'noindex' }];

export default function CatchAll() {
  return null;
}
