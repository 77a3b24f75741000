import { useLocation, useSubmit } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  draftToState,
  foreignParams,
  serializeListing,
  toDraft,
  type ListingConfig,
  type ListingDraft,
  type ListingState,
} from './listing-params';

/** Delay before a typed value (search text, numbers, sliders) is applied. */
export const TYPING_DELAY_MS = 450;

export type ChangeMode = 'now' | 'typing';

/**
 * The filter form of a listing page, enhanced: every change is applied without a full reload
 * (selects and checkboxes at once, typing after a pause with the history entry replaced), and
 * only non-default values go into the URL. Without JavaScript the same form is a plain GET form.
 *
 * The draft follows the URL (back/forward, the clear link) unless the visitor is typing.
 */
export function useListingForm(config: ListingConfig, state: ListingState) {
  const submit = useSubmit();
  const location = useLocation();
  const [draft, setDraft] = useState<ListingDraft>(() => toDraft(state, config));
  const draftRef = useRef(draft);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const locationRef = useRef(location);
  locationRef.current = location;

  const urlKey = serializeListing(state, config).toString();
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (dirty.current) return;
    const shown = serializeListing(draftToState(draftRef.current, config), config).toString();
    if (shown !== urlKey) {
      const next = toDraft(stateRef.current, config);
      draftRef.current = next;
      setDraft(next);
    }
  }, [urlKey, config]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    dirty.current = false;
  }, []);

  const apply = useCallback(
    (replace: boolean) => {
      cancel();
      const next = { ...draftToState(draftRef.current, config), page: 1 };
      const now = { ...stateRef.current, page: 1 };
      if (serializeListing(next, config).toString() === serializeListing(now, config).toString() && stateRef.current.page === 1) return;
      const params = serializeListing(next, config);
      for (const [k, v] of foreignParams(new URLSearchParams(locationRef.current.search))) params.append(k, v);
      submit(params, { method: 'get', action: locationRef.current.pathname, replace, preventScrollReset: true });
    },
    [cancel, config, submit],
  );

  const update = useCallback(
    (name: keyof ListingDraft, value: string, mode: ChangeMode) => {
      const next = { ...draftRef.current, [name]: value };
      draftRef.current = next;
      setDraft(next);
      dirty.current = true;
      clearTimeout(timer.current);
      if (mode === 'now') apply(false);
      else timer.current = setTimeout(() => apply(true), TYPING_DELAY_MS);
    },
    [apply],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      apply(false);
    },
    [apply],
  );

  return { draft, update, onSubmit, cancel };
}
