import axe from 'axe-core';
import { HtmlValidate } from 'html-validate';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Page audits for the browser tests (developers' guide: "Pages are valid HTML, accessible
 * (WCAG 2.2 AA)"): axe-core for accessibility, html-validate and the W3C Nu checker for the
 * markup as the server sent it.
 */

/** axe-core's tags for WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeResult {
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/** WCAG 2.5.3 "Label in Name": axe tags it experimental, so it runs only when switched on by name (issue 19 item 12). */
export const LABEL_IN_NAME_RULE = 'label-content-name-mismatch';

/**
 * The WCAG 2.2 A/AA violations axe-core finds in the page as it is now (after hydration), one
 * line each: rule id, impact, help text and up to three offending elements. Besides the rules
 * of WCAG_AA_TAGS it runs LABEL_IN_NAME_RULE. `only`: just these rule ids (a quicker pass).
 */
export async function accessibilityViolations(page: Page, only?: string[]): Promise<string[]> {
  // Evaluated over the DevTools protocol: a <script> tag would be refused by the page's CSP (it has no nonce).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options = only
    ? { runOnly: { type: 'rule', values: only }, resultTypes: ['violations'] }
    : { runOnly: { type: 'tag', values: WCAG_AA_TAGS }, rules: { [LABEL_IN_NAME_RULE]: { enabled: true } }, resultTypes: ['violations'] };
  const result = await page.evaluate(async (opts) => {
    const run = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<AxeResult> } }).axe.run;
    const r = await run(document, opts);
    return {
      violations: r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      })),
    };
  }, options);
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? '?'}): ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
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

/** The Nu checker's jar (npm package vnu-jar; it needs Java, which .ci/run installs from Debian). */
const VNU_JAR = path.join(path.dirname(require.resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'warning' | 'fatal' | 'io' | 'schema' | 'internal';
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The errors and warnings the W3C Nu HTML checker (vnu.jar) reports for each document, one line
 * each ("name: line N: message in `extract`"); plain infos (e.g. "Trailing slash on void
 * elements", React's `<meta/>`) are left out. All documents go to one Java run (it starts in
 * 1-2 s), written to a temporary directory first. Throws when the checker cannot run.
 */
export async function nuCheckerErrors(documents: Array<{ name: string; html: string }>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'realty-vnu-'));
  try {
    const files = documents.map((d, i) => {
      const file = path.join(dir, `${i}.html`);
      fs.writeFileSync(file, d.html);
      return file;
    });
    const stdout = await new Promise<string>((resolve, reject) => {
      // It exits 1 when it finds errors; the report is on stdout either way.
      execFile('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files], { maxBuffer: 256 * 1024 * 1024 }, (error, out, err) => {
        if (out.trim().startsWith('{')) resolve(out);
        else reject(new Error(`the Nu checker did not run (is Java installed?): ${error?.message ?? ''} ${err}`));
      });
    });
    const { messages } = JSON.parse(stdout) as { messages: NuMessage[] };
    const nameOf = (url = '') => documents[Number(/(\d+)\.html$/.exec(url)?.[1] ?? NaN)]?.name ?? url;
    return messages
      .filter((m) => m.type !== 'info' || m.subType === 'warning')
      .map(
        (m) =>
          `${nameOf(m.url)}: ${m.subType === 'warning' ? 'warning' : m.type} line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` in \`${m.extract.replace(/\s+/g, ' ').trim()}\`` : ''}`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
