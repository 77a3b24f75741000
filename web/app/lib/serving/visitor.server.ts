import type { Language } from '@realty/contracts';
import { languageCookie, themeCookie } from '~/cookies.server';
import { isTheme, type Theme } from '~/theme';
import type { RequestView } from './request-view';

/**
 * What every page reads of its visitor before rendering, shared by the root loader and the
 * anonymous page cache (lib/serving/page-cache.server.ts), so a page served from the cache sets the same
 * cookies as one rendered for the visitor.
 */

/** The visitor's theme (spec 01 §4) from its cookie; `system` when none or unknown. */
export async function readTheme(request: RequestView): Promise<Theme> {
  const saved = await themeCookie.parse(request.headers.get('Cookie'));
  return isTheme(saved) ? saved : 'system';
}

/**
 * The Set-Cookie that saves a `?lng=` choice (spec 01 §1: every change is saved), or null when
 * the URL chose no language, or the one already saved.
 */
export async function languageCookieUpdate(request: RequestView, lang: Language): Promise<string | null> {
  if (new URL(request.url).searchParams.get('lng') !== lang) return null;
  const saved = await languageCookie.parse(request.headers.get('Cookie'));
  return saved === lang ? null : languageCookie.serialize(lang);
}
