/**
 * A toast message (spec 01 §4 "Toasts", §8 texts): title, optional description, variant
 * default or destructive. Shared by the server (flash cookie) and the browser.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** Type guard for toast data coming back from an action or loader. */
export function isToastMessage(v: unknown): v is ToastMessage {
  return !!v && typeof v === 'object' && typeof (v as ToastMessage).title === 'string';
}
