import { describe, expect, it, jest } from '@jest/globals';
import { documentVisibility, REFRESH_INTERVALS_MS, startRefreshLoop, type RefreshTimer, type VisibilitySource } from './refresh';

/**
 * The scheduling behind useStaffRefresh (issue 21; spec 02 §9 intervals) with an injected clock,
 * timer and visibility: time moves only when the test moves it, so two minutes take none.
 */

/** A clock and one-shot timers that run only when advance() passes their time. */
function fakeTimer() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const timer: RefreshTimer = {
    now: () => now,
    set: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clear: (id) => void timers.delete(id as number),
  };
  return {
    timer,
    pending: () => timers.size,
    /** Moves the clock by `ms`, running every timer that falls due on the way, in order. */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
  };
}

/** A page that can be hidden and shown. */
function fakeVisibility(visible = true) {
  const listeners = new Set<() => void>();
  const source: VisibilitySource = {
    isVisible: () => visible,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  return {
    source,
    listeners: () => listeners.size,
    set(next: boolean) {
      visible = next;
      for (const l of listeners) l();
    },
  };
}

const MIN = 60_000;

function setup(kind: keyof typeof REFRESH_INTERVALS_MS = 'users') {
  const clock = fakeTimer();
  const page = fakeVisibility();
  let busy = false;
  const revalidate = jest.fn();
  const loop = startRefreshLoop({
    intervalMs: REFRESH_INTERVALS_MS[kind],
    revalidate,
    isBusy: () => busy,
    timer: clock.timer,
    visibility: page.source,
  });
  return { clock, page, revalidate, loop, setBusy: (b: boolean) => (busy = b) };
}

describe('REFRESH_INTERVALS_MS (spec 02 §9 "Cache durations per data kind")', () => {
  it('has the spec’s durations', () => {
    expect(REFRESH_INTERVALS_MS).toMatchObject({
      users: 2 * MIN,
      leads: 2 * MIN,
      clients: 2 * MIN,
      deals: 1 * MIN,
      tasks: 1 * MIN,
      properties: 5 * MIN,
      propertyDetail: 10 * MIN,
      favourites: 2 * MIN,
      categories: 30 * MIN,
      positions: 30 * MIN,
      advertisements: 5 * MIN,
      presentations: 5 * MIN,
    });
  });
});

describe('startRefreshLoop', () => {
  it('reloads once per interval while the page is visible', () => {
    const { clock, revalidate, loop } = setup('users');
    clock.advance(2 * MIN - 1);
    expect(revalidate).not.toHaveBeenCalled();
    clock.advance(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    clock.advance(2 * MIN);
    expect(revalidate).toHaveBeenCalledTimes(2);
    clock.advance(10 * MIN);
    expect(revalidate).toHaveBeenCalledTimes(7);
    expect(clock.pending()).toBe(1);
    loop.stop();
  });

  it('uses the kind’s interval (deals: every minute)', () => {
    const { clock, revalidate, loop } = setup('deals');
    clock.advance(3 * MIN);
    expect(revalidate).toHaveBeenCalledTimes(3);
    loop.stop();
  });

  it('pauses while the page is hidden, and catches up at once when shown after the interval', () => {
    const { clock, page, revalidate, loop } = setup('users');
    clock.advance(1 * MIN);
    page.set(false);
    expect(clock.pending()).toBe(0);
    clock.advance(30 * MIN);
    expect(revalidate).not.toHaveBeenCalled();
    page.set(true);
    clock.advance(0);
    expect(revalidate).toHaveBeenCalledTimes(1);
    clock.advance(2 * MIN);
    expect(revalidate).toHaveBeenCalledTimes(2);
    loop.stop();
  });

  it('shown again before the interval is up, waits only the rest of it', () => {
    const { clock, page, revalidate, loop } = setup('users');
    clock.advance(30_000);
    page.set(false);
    clock.advance(30_000);
    page.set(true);
    clock.advance(59_999);
    expect(revalidate).not.toHaveBeenCalled();
    clock.advance(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    loop.stop();
  });

  it('does not stack a reload on one that is running; the next comes an interval later', () => {
    const { clock, revalidate, loop, setBusy } = setup('users');
    setBusy(true);
    clock.advance(2 * MIN);
    expect(revalidate).not.toHaveBeenCalled();
    setBusy(false);
    clock.advance(2 * MIN - 1);
    expect(revalidate).not.toHaveBeenCalled();
    clock.advance(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    loop.stop();
  });

  it('fresh data (a filter, a form, a reload) starts the interval again', () => {
    const { clock, revalidate, loop } = setup('users');
    clock.advance(90_000);
    loop.markFresh();
    clock.advance(2 * MIN - 1);
    expect(revalidate).not.toHaveBeenCalled();
    clock.advance(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    loop.stop();
  });

  it('keeps one timer at most however often visibility flips, and stop leaves none', () => {
    const { clock, page, revalidate, loop } = setup('users');
    for (let i = 0; i < 10; i++) {
      page.set(i % 2 === 0);
      page.set(true);
      expect(clock.pending()).toBe(1);
    }
    loop.stop();
    expect(clock.pending()).toBe(0);
    expect(page.listeners()).toBe(0);
    page.set(true);
    clock.advance(60 * MIN);
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('starts paused on a hidden page', () => {
    const clock = fakeTimer();
    const page = fakeVisibility(false);
    const revalidate = jest.fn();
    const loop = startRefreshLoop({ intervalMs: 1 * MIN, revalidate, isBusy: () => false, timer: clock.timer, visibility: page.source });
    clock.advance(10 * MIN);
    expect(revalidate).not.toHaveBeenCalled();
    page.set(true);
    clock.advance(0);
    expect(revalidate).toHaveBeenCalledTimes(1);
    loop.stop();
  });
});

describe('documentVisibility', () => {
  it('reads visibilityState and listens to visibilitychange', () => {
    const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    target.visibilityState = 'visible';
    const source = documentVisibility(target as unknown as Document);
    const changes = jest.fn();
    const unsubscribe = source.subscribe(changes);
    expect(source.isVisible()).toBe(true);
    target.visibilityState = 'hidden';
    target.dispatchEvent(new Event('visibilitychange'));
    expect(source.isVisible()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
    unsubscribe();
    target.dispatchEvent(new Event('visibilitychange'));
    expect(changes).toHaveBeenCalledTimes(1);
  });
});
