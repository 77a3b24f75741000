import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '~/lib/forms/toast';

interface ToastApi {
  /** Shows a toast; only one is shown at a time (spec 01 §4): a new one replaces the old. */
  toast: (message: ToastMessage) => void;
}

const ToastContext = createContext<ToastApi>({ toast: () => undefined });

/** The toast API for components: `const { toast } = useToast()`. */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/**
 * Shows `message` once whenever it changes identity, e.g. `useToastEffect(fetcher.data?.toast)`
 * after an action answered with a toast.
 */
export function useToastEffect(message: ToastMessage | null | undefined): void {
  const { toast } = useToast();
  useEffect(() => {
    if (message) toast(message);
  }, [message, toast]);
}

type RadixToastModule = typeof import('@radix-ui/react-toast');

/**
 * Radix Toast, loaded when the first toast is to be shown rather than with every page: most
 * pages never show one, and its modules (toast, dismissable layer, portal, presence,
 * collection...) were evaluated and hydrated on each of them before the page responded (issue 19
 * item 13; decision 031). Loaded once per page session.
 */
let radixToast: RadixToastModule | null = null;
let radixToastLoading: Promise<RadixToastModule> | null = null;
function loadRadixToast(): Promise<RadixToastModule> {
  radixToastLoading ??= import('@radix-ui/react-toast').then(
    (m) => (radixToast = m),
    (error: unknown) => {
      // A failed chunk (a dropped connection on a slow phone) is asked again by the next toast.
      radixToastLoading = null;
      throw error;
    },
  );
  return radixToastLoading;
}

/**
 * Toast provider and viewport (spec 01 §4, §9): Radix Toast with its defaults: 5 s, swipe
 * right to dismiss, F8 focuses the viewport, paused on hover/focus/blur, Escape closes.
 * `initial` is the server's flash toast: without JavaScript it is rendered as a plain
 * status box, with JavaScript it opens like any other toast. Radix itself is loaded with the
 * first toast (loadRadixToast); the flash toast's plain box stays until Radix shows it.
 */
export function ToastProvider({ initial, children }: { initial: ToastMessage | null; children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<{ id: number; message: ToastMessage } | null>(initial ? { id: 0, message: initial } : null);
  const toast = useCallback((message: ToastMessage) => setCurrent((prev) => ({ id: (prev?.id ?? 0) + 1, message })), []);
  useEffect(() => {
    if (initial) toast(initial);
  }, [initial, toast]);
  const api = useMemo(() => ({ toast }), [toast]);
  // Radix renders toasts through a portal, which the server cannot: before hydration (and with
  // JavaScript off) the flash toast is a plain status box in the page. Until Radix is loaded
  // (or when it could not be), every message shows as that box, so a toast is never lost to a
  // slow or failed chunk. The box depends on `current` alone (its first value is `initial`, so
  // the server and the hydration render agree): no wait for a "hydrated" flag either.
  const [RadixToast, setRadixToast] = useState<RadixToastModule | null>(radixToast);
  const plain = current?.message ?? null;
  useEffect(() => {
    if (!current || RadixToast) return;
    loadRadixToast().then(setRadixToast, (error: unknown) => console.error('toast: not loaded', error));
  }, [current, RadixToast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {!RadixToast && plain ? (
        <div className="toast-viewport toast-viewport--static">
          <div className={`toast toast--${plain.variant ?? 'default'}`} role={plain.variant === 'destructive' ? 'alert' : 'status'}>
            <p className="toast__title">{plain.title}</p>
            {plain.description ? <p className="toast__description">{plain.description}</p> : null}
          </div>
        </div>
      ) : null}
      {RadixToast ? (
        <RadixToast.Provider swipeDirection="right" duration={5000} label={t('toast.item')}>
          {current ? (
            <RadixToast.Root
              key={current.id}
              className={`toast toast--${current.message.variant ?? 'default'}`}
              type={current.message.variant === 'destructive' ? 'foreground' : 'background'}
              defaultOpen
              onOpenChange={(open) => {
                if (!open) setCurrent(null);
              }}
            >
              <RadixToast.Title className="toast__title">{current.message.title}</RadixToast.Title>
              {current.message.description ? (
                <RadixToast.Description className="toast__description">{current.message.description}</RadixToast.Description>
              ) : null}
              <RadixToast.Close className="toast__close" aria-label={t('toast.close')}>
                <span aria-hidden="true">×</span>
              </RadixToast.Close>
            </RadixToast.Root>
          ) : null}
          {/* Radix replaces {hotkey} with F8 */}
          <RadixToast.Viewport className="toast-viewport" label={t('toast.region', { hotkey: '{hotkey}' })} />
        </RadixToast.Provider>
      ) : null}
    </ToastContext.Provider>
  );
}
