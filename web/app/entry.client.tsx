import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { InlineCssContext, inlineCssFromDocument } from '~/lib/serving/inline-css';
import { NonceContext, nonceFromDocument } from '~/lib/serving/nonce';

// Read before hydration: the stylesheets the server wrote into this document (decision 020).
const inlineCss = inlineCssFromDocument(document);
// The document's CSP nonce: a stylesheet written into it again after a client navigation needs it.
const nonce = nonceFromDocument(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={inlineCss}>
          <RemixBrowser />
        </InlineCssContext.Provider>
      </NonceContext.Provider>
    </StrictMode>,
  );
});
