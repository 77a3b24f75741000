/**
 * How often staff lists reload while their page is open (issue 21: "staff lists refresh at the
 * spec's intervals while the page is open"), and the scheduling behind useStaffRefresh
 * (use-staff-refresh.ts). Plain TypeScript: the clock, the timer and the page's visibility are
 * injected, so the scheduling is tested without React and without waiting.
 */

const MINUTE = 60_000;

/**
 * Refresh interval per data kind, ms: spec 02 §9 "Cache durations per data kind" (and "Lead and
 * client lists refresh at 2 minutes, deals and tasks at 1 minute"). The one table of them.
 */
export const REFRESH_INTERVALS_MS = {
  properties: 5 * MINUTE,
  propertyDetail: 10 * MINUTE,
  featuredProperties: 10 * MINUTE,
  featuredPartners: 30 * MINUTE,
  favourites: 2 * MINUTE,
  leads: 2 * MINUTE,
  clients: 2 * MINUTE,
  deals: 1 * MINUTE,
  tasks: 1 * MINUTE,
  users: 2 * MINUTE,
  categories: 30 * MINUTE,
  positions: 30 * MINUTE,
  advertisements: 5 * MINUTE,
  presentations: 5 * MINUTE,
} as const satisfies Record<string, number>;

/** A data kind of spec 02 §9's table. */
export type RefreshKind = keyof typeof REFRESH_INTERVALS_MS;

/** The clock and the one-shot timer the loop uses (the browser's by default; a fake in tests). */
export interface RefreshTimer {
  /** Milliseconds, monotonic enough for intervals of minutes. */
  now(): number;
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Whether the page is on screen, and a way to hear when that changes. */
export interface VisibilitySource {
  isVisible(): boolean;
  /** Calls `onChange` on every change; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

export interface RefreshLoopOptions {
  /** Milliseconds between refreshes (REFRESH_INTERVALS_MS[kind]); must be > 0. */
  intervalMs: number;
  /** Reloads the page's data (the route loader's revalidation). */
  revalidate: () => void;
  /** True while a reload or a navigation is running: no second one is started on top of it. */
  isBusy: () => boolean;
  timer?: RefreshTimer;
  visibility?: VisibilitySource;
}

export interface RefreshLoop {
  /** The data was just loaded (by the loop or otherwise): the next refresh is an interval from now. */
  markFresh(): void;
  /** Ends the loop: no timer left, no listener left. */
  stop(): void;
}

/** The browser's clock and timer. */
export const browserTimer: RefreshTimer = {
  now: () => Date.now(),
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Visibility from a document (document.visibilityState and its 'visibilitychange' event). */
export function documentVisibility(doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>): VisibilitySource {
  return {
    isVisible: () => doc.visibilityState === 'visible',
    subscribe(onChange) {
      doc.addEventListener('visibilitychange', onChange);
      return () => doc.removeEventListener('visibilitychange', onChange);
    },
  };
}

/** Always visible (no document: the loop runs on time only). */
const alwaysVisible: VisibilitySource = { isVisible: () => true, subscribe: () => () => undefined };

/**
 * Starts refreshing: `revalidate()` once every `intervalMs` while the page is visible.
 * - Hidden page: no timer runs; when it is shown again, a refresh that fell due meanwhile runs at
 *   once, else the rest of the interval is waited.
 * - Busy (a reload or navigation running): no refresh is stacked on it; what runs reloads the
 *   data anyway, so the next refresh is an interval later.
 * - At most one timer is pending at any time. The data counts as fresh when the loop starts.
 */
export function startRefreshLoop(options: RefreshLoopOptions): RefreshLoop {
  const timer = options.timer ?? browserTimer;
  const visibility = options.visibility ?? alwaysVisible;
  const intervalMs = Math.max(1, options.intervalMs);
  let lastFresh = timer.now();
  let pending: unknown = null;
  let stopped = false;

  const cancel = () => {
    if (pending !== null) timer.clear(pending);
    pending = null;
  };

  const schedule = () => {
    cancel();
    if (stopped || !visibility.isVisible()) return;
    pending = timer.set(tick, Math.max(0, lastFresh + intervalMs - timer.now()));
  };

  function tick() {
    pending = null;
    if (stopped || !visibility.isVisible()) return;
    lastFresh = timer.now();
    if (!options.isBusy()) options.revalidate();
    schedule();
  }

  const unsubscribe = visibility.subscribe(schedule);
  schedule();

  return {
    markFresh() {
      lastFresh = timer.now();
      schedule();
    },
    stop() {
      stopped = true;
      cancel();
      unsubscribe();
    },
  };
}
