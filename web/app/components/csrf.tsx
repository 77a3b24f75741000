import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';

/** Name of the hidden field the actions check (see ~/lib/csrf.server). */
export const CSRF_FIELD = 'csrf';

/** This visitor's CSRF token (from the root loader). */
export function useAuthenticityToken(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.csrf ?? '';
}

/**
 * The hidden CSRF field every state-changing form carries (works without JavaScript). In the
 * action: `const form = await request.formData(); await validateCsrf(request, form, lang);`
 * (~/lib/csrf.server).
 */
export function AuthenticityTokenInput() {
  return <input type="hidden" name={CSRF_FIELD} value={useAuthenticityToken()} />;
}
