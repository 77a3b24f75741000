import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the document (lib/serving/security-headers.server.ts, decision
 * 024): every inline <script> and <style> the app writes carries it. Provided by
 * entry.server.tsx from the response's nonce, and by entry.client.tsx from the document's (a
 * <style data-href> of decision 020 that React writes again after a client navigation back to
 * its page is refused without it).
 */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * The nonce the document's elements carry. Browsers hide the attribute's value once the page is
 * parsed, but keep the `nonce` property.
 */
export function nonceFromDocument(doc: Document): string | undefined {
  return doc.querySelector<HTMLElement>('[nonce]')?.nonce || undefined;
}

/** This document's CSP nonce (see NonceContext). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
