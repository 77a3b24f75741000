import axe from 'axe-core';
import { HtmlValidate } from 'html-validate';
import type { Page } from 'playwright-core';

/**
 * Page audits for the browser tests (developers' guide: "Pages are valid HTML, accessible
 * (WCAG 2.2 AA)"): axe-core for accessibility, html-validate for the markup as the server sent it.
 */

/** axe-core's tags for WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeResult {
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/**
 * The WCAG 2.2 A/AA violations axe-core finds in the page as it is now (after hydration), one
 * line each: rule id, impact, help text and up to three offending elements.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: a <script> tag would be refused by the page's CSP (it has no nonce).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<AxeResult> } }).axe.run;
    const r = await run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return { violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })) };
  }, WCAG_AA_TAGS);
  return result.violations.map(
    (v) => `${v.id} (${v.impact ?? '?'}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
}

/**
 * html-validate's "standard" and "document" rules: what the HTML standard requires of a
 * document (no stylistic rules: React writes `<meta/>` and `srcSet`, both valid HTML). SRI is
 * asked for only on cross-origin resources: the site loads its own.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
});

/** The markup errors of one HTML document, one line each (rule, message, selector). */
export async function markupErrors(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}${m.selector ? ` at ${m.selector}` : ''}`));
}
