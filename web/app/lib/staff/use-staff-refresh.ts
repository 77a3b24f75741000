import { useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { documentVisibility, REFRESH_INTERVALS_MS, startRefreshLoop, type RefreshKind, type RefreshLoop } from './refresh';

/**
 * Reloads the calling route's loader every REFRESH_INTERVALS_MS[kind] while the page is open and
 * visible (issue 21; intervals of spec 02 §9 "Cache durations per data kind"), with Remix's
 * useRevalidator. Paused while the tab is hidden (document.visibilityState); never stacked on a
 * reload or navigation that is running; the interval starts again whenever the loader's data
 * changes (a filter, a form, a refresh). Runs in the browser only (an effect); without
 * JavaScript the page simply shows what the server rendered.
 *
 * Call it in a staff list's route component, e.g. `useStaffRefresh('users')`.
 */
export function useStaffRefresh(kind: RefreshKind): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const data = useLoaderData();
  // Read through refs: the loop lives as long as the page, these change on every render.
  const busy = useRef(false);
  busy.current = revalidator.state !== 'idle' || navigation.state !== 'idle';
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const loop = useRef<RefreshLoop | null>(null);

  useEffect(() => {
    const started = startRefreshLoop({
      intervalMs: REFRESH_INTERVALS_MS[kind],
      revalidate: () => void revalidate.current(),
      isBusy: () => busy.current,
      visibility: documentVisibility(document),
    });
    loop.current = started;
    return () => {
      started.stop();
      loop.current = null;
    };
  }, [kind]);

  useEffect(() => {
    loop.current?.markFresh();
  }, [data]);
}
