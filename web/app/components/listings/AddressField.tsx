import { wantsSuggestions, type GeocodeResultDto } from '@realty/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '~/components/staff/fields';
import { useMarkStaffFormDirty } from '~/components/staff/StaffForm';
import { useHydrated } from '~/lib/serving/use-hydrated';

/** Wait after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 300;

/**
 * The listing's address with suggestions (spec 02 §5: asked only from 3 characters; §7 GET
 * /geocode/suggest through /resources/geocode-suggest). With JavaScript it is a WAI-ARIA
 * combobox: suggestions in a listbox after a pause in typing, ArrowDown/ArrowUp move through
 * them, Enter picks one, Escape closes; picking one fills the address and calls `onPick` with its
 * point (the form places the map pin there). Without JavaScript it is a plain text field.
 */
export function AddressField({
  defaultValue,
  error,
  onPick,
}: {
  defaultValue: string;
  error?: string | null;
  onPick: (place: GeocodeResultDto) => void;
}) {
  const { t } = useTranslation('listingForm');
  const hydrated = useHydrated();
  const markDirty = useMarkStaffFormDirty();
  const uid = useId();
  const listId = `${uid}-suggestions`;
  const [value, setValue] = useState(defaultValue);
  const [results, setResults] = useState<GeocodeResultDto[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) return;
    if (!wantsSuggestions(value)) {
      setResults([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      fetch(`/resources/geocode-suggest?q=${encodeURIComponent(value.trim())}`, { signal: controller.signal, credentials: 'same-origin' })
        .then((r) => (r.ok ? (r.json() as Promise<{ results: GeocodeResultDto[] }>) : { results: [] }))
        .then((answer) => {
          setResults(answer.results);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const pick = (place: GeocodeResultDto) => {
    typed.current = false;
    setValue(place.displayName);
    setOpen(false);
    setResults([]);
    markDirty();
    onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!results.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter' && open && active >= 0 && results[active]) {
      // Enter picks the suggestion instead of submitting the form.
      event.preventDefault();
      pick(results[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = hydrated && open && results.length > 0;
  // Always controlled (the server renders the same value); the combobox roles only once scripts run.
  const combobox = {
    value,
    onChange: (e: { currentTarget: { value: string } }) => {
      typed.current = true;
      setValue(e.currentTarget.value);
    },
    ...(hydrated
      ? {
          role: 'combobox',
          'aria-autocomplete': 'list' as const,
          'aria-expanded': expanded,
          'aria-controls': listId,
          'aria-activedescendant': expanded && active >= 0 ? `${listId}-${active}` : undefined,
          onKeyDown,
          onBlur: () => setTimeout(() => setOpen(false), 150),
        }
      : {}),
  };

  return (
    <div className="address-field">
      <TextField
        name="address"
        label={t('fields.address')}
        hint={t('hints.address')}
        error={error}
        required
        maxLength={200}
        autoComplete="off"
        {...combobox}
      />
      {hydrated ? (
        <>
          <ul id={listId} role="listbox" aria-label={t('address.suggestions')} className="address-field__list" hidden={!expanded}>
            {results.map((r, i) => (
              <li
                key={`${r.lat},${r.lng},${r.displayName}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="address-field__option"
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(r);
                }}
              >
                {r.displayName}
              </li>
            ))}
          </ul>
          <p className="sr-only" role="status" aria-live="polite">
            {loading
              ? t('address.loading')
              : open
                ? results.length
                  ? t('address.count', { count: results.length })
                  : t('address.none')
                : ''}
          </p>
        </>
      ) : null}
    </div>
  );
}
