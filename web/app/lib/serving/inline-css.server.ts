import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { INLINABLE_CSS, INLINE_CSS_MAX_BYTES, type InlineCss } from './inline-css';

/**
 * The server's InlineCss (lib/serving/inline-css.tsx, decision 020): the text of a stylesheet of the
 * client build in `clientDir` (web/build/client) by its href, read once and kept (the build's
 * files never change while the process runs: their names carry their hash). Undefined, so the
 * stylesheet is linked, for an href that is not a hashed file under /assets/, a file that does
 * not exist (the Vite dev server serves its own) or one over INLINE_CSS_MAX_BYTES.
 */
export function inlineCssFromBuild(clientDir: string): InlineCss {
  const kept = new Map<string, string | undefined>();
  const root = path.resolve(clientDir);
  return (href) => {
    if (kept.has(href)) return kept.get(href);
    let text: string | undefined;
    if (INLINABLE_CSS.test(href)) {
      const file = path.join(root, href);
      try {
        if (file.startsWith(root + path.sep) && statSync(file).size <= INLINE_CSS_MAX_BYTES) text = readFileSync(file, 'utf8');
      } catch {
        text = undefined; // no such file: linked
      }
    }
    // Only hrefs of the build reach here (route links and manifest), so the map stays small.
    kept.set(href, text);
    return text;
  };
}
