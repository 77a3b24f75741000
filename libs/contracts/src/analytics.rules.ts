/**
 * Values and the path rule of website analytics, free of validation-library imports (used by the
 * browser tracker). The DTO classes are in analytics.ts.
 */

/** The five UTM keys kept for a session (spec 01 §9). */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** The session header of the tracking calls. */
export const ANALYTICS_SESSION_HEADER = 'x-session-id';

/** A session id: a UUID (crypto.randomUUID) or up to 64 letters, digits, '-' and '_'. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * True for a path the site tracks (spec 01 §7: "Paths starting with /dashboard/ or /auth are
 * non-public"; /dashboard itself too). Also false for resource and API paths and anything that
 * is not an absolute path.
 */
export function isTrackedPath(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return false;
  const p = path.split(/[?#]/)[0].toLowerCase();
  for (const prefix of ['/dashboard', '/auth', '/api', '/resources']) {
    if (p === prefix || p.startsWith(`${prefix}/`)) return false;
  }
  return true;
}
