import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INLINE_CSS_MAX_BYTES } from './inline-css';
import { inlineCssFromBuild } from './inline-css.server';

describe('inlineCssFromBuild (decision 020)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'inline-css-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'app-AbC_12.css'), '.a{color:red}');
    writeFileSync(path.join(dir, 'assets', 'big-X1.css'), `.b{}${' '.repeat(INLINE_CSS_MAX_BYTES)}`);
    writeFileSync(path.join(dir, 'secret.css'), '.s{}');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the text of a hashed stylesheet of the build, read once', () => {
    const inline = inlineCssFromBuild(dir);
    expect(inline('/assets/app-AbC_12.css')).toBe('.a{color:red}');
    // kept: a later change of the file (never happens to a hashed name) is not read again
    writeFileSync(path.join(dir, 'assets', 'app-AbC_12.css'), '.a{color:blue}');
    expect(inline('/assets/app-AbC_12.css')).toBe('.a{color:red}');
  });

  it('links (undefined) what is missing, too big or not a hashed file under /assets/', () => {
    const inline = inlineCssFromBuild(dir);
    expect(inline('/assets/missing-1.css')).toBeUndefined();
    expect(inline('/assets/big-X1.css')).toBeUndefined();
    expect(inline('/secret.css')).toBeUndefined();
    expect(inline('/assets/../secret.css')).toBeUndefined();
    expect(inline('/assets/app-AbC_12.js')).toBeUndefined();
    expect(inline('/app/styles/app.css?url')).toBeUndefined();
  });
});
