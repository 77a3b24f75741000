import type { Page } from 'playwright-core';

/**
 * Toasts in the browser tests. A toast closes itself after 5 s (spec 01 §4), and a busy CI
 * machine's polling (or a few assertions made first) can miss it: the page records every toast
 * title as it appears instead, and the test reads the record.
 */

type Recorder = { __toastTitles?: string[] };

/** Starts (or restarts, empty) the record of toast titles in `page`; call it before the action. */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as Recorder & { __toastObserver?: MutationObserver };
    const seen: string[] = [];
    w.__toastTitles = seen;
    w.__toastObserver?.disconnect();
    const collect = () => {
      for (const el of Array.from(document.querySelectorAll('.toast__title'))) {
        const text = (el.textContent ?? '').trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    w.__toastObserver = new MutationObserver(collect);
    w.__toastObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * The first toast title recorded since recordToasts that `accept` (a prefix, or any when
 * omitted), waiting for it (the page's default timeout).
 */
export async function recordedToast(page: Page, accept = ''): Promise<string> {
  const handle = await page.waitForFunction(
    (prefix) => (window as unknown as Recorder).__toastTitles?.find((t) => t.startsWith(prefix)) ?? null,
    accept,
  );
  return (await handle.jsonValue()) as string;
}
