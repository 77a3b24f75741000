import { useLocation } from '@remix-run/react';
import { ANALYTICS_SESSION_HEADER, SESSION_ID_PATTERN, UTM_KEYS, isTrackedPath, type UtmKey } from '@realty/contracts/analytics.rules';
import { useEffect, useRef } from 'react';

/**
 * The browser side of website analytics (spec 01 §4 "Analytics tracker", §7 notes): a random
 * session id and the five UTM values kept in sessionStorage and reused; a page view on each
 * route change of a public page (not /dashboard, not /auth); failures only in the console.
 * The first view of a document the server already counted (JavaScript off works too) is skipped.
 */

const SESSION_KEY = 'realty.analytics.session';
const UTM_KEY = 'realty.analytics.utm';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** This tab's session id: sessionStorage, else the server's cookie, else a new random UUID. */
export function analyticsSessionId(): string {
  const store = storage();
  const saved = store?.getItem(SESSION_KEY);
  if (saved && SESSION_ID_PATTERN.test(saved)) return saved;
  const cookie = /(?:^|;\s*)asid=([^;]+)/.exec(document.cookie)?.[1];
  const id = cookie && SESSION_ID_PATTERN.test(cookie) ? cookie : crypto.randomUUID();
  store?.setItem(SESSION_KEY, id);
  return id;
}

/** The UTM values of the session, updated with those of `search` when it has any. */
function sessionUtm(search: string): Partial<Record<UtmKey, string>> {
  const store = storage();
  let saved: Partial<Record<UtmKey, string>> = {};
  try {
    saved = JSON.parse(store?.getItem(UTM_KEY) ?? '{}') as Partial<Record<UtmKey, string>>;
  } catch {
    saved = {};
  }
  const params = new URLSearchParams(search);
  const fresh: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    const v = params.get(key);
    if (v) fresh[key] = v.slice(0, 200);
  }
  if (Object.keys(fresh).length) {
    saved = fresh;
    store?.setItem(UTM_KEY, JSON.stringify(saved));
  }
  return saved;
}

function send(kind: 'track-page-view' | 'track-event', body: Record<string, unknown>): void {
  fetch(`/api/website-analytics/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [ANALYTICS_SESSION_HEADER]: analyticsSessionId() },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    keepalive: true,
  }).catch((error: unknown) => console.warn('analytics: not sent', error));
}

/** Records an event of the current public page (spec 01 §3 "Analytics event"). */
export function trackEvent(eventName: string, properties?: Record<string, unknown>): void {
  try {
    const path = window.location.pathname;
    if (!isTrackedPath(path)) return;
    send('track-event', { eventName, properties, path, timestamp: new Date().toISOString() });
  } catch (error) {
    console.warn('analytics: event not sent', error);
  }
}

export function AnalyticsTracker({ serverCounted }: { serverCounted: boolean }) {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  // A page view per route (path) change: the search and serverCounted are read, not triggers.
  const read = useRef({ search, serverCounted });
  read.current = { search, serverCounted };
  useEffect(() => {
    const { search, serverCounted } = read.current;
    const skip = first.current && serverCounted;
    first.current = false;
    try {
      const utm = sessionUtm(search);
      analyticsSessionId();
      if (skip || !isTrackedPath(pathname)) return;
      send('track-page-view', {
        path: pathname,
        ...utm,
        userAgent: navigator.userAgent,
        language: navigator.language,
        screenResolution: `${window.screen.width}x${window.screen.height}`,
        referrer: document.referrer || undefined,
        timestamp: new Date().toISOString(),
      });
    } catch (error) {
      console.warn('analytics: page view not sent', error);
    }
  }, [pathname]);
  return null;
}
