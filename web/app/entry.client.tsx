import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { InlineCssContext, inlineCssFromDocument } from '~/lib/inline-css';

// Read before hydration: the stylesheets the server wrote into this document (decision 020).
const inlineCss = inlineCssFromDocument(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineCssContext.Provider value={inlineCss}>
        <RemixBrowser />
      </InlineCssContext.Provider>
    </StrictMode>,
  );
});
