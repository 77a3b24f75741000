import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const renderThread = path.resolve(__dirname, '../../render-thread.mjs');

describe('render thread (web/render-thread.mjs)', () => {
  it('starts a thread that cannot load its build again later each time, up to the bound, and answers null meanwhile', async () => {
    // In its own process: the module is an ES module with top-level await (the thread's side).
    const script = `
      const { createRenderThread } = await import(${JSON.stringify(renderThread)});
      const delays = [];
      const log = { error() {}, warn: (m) => delays.push(Number(/again in (\\d+) ms/.exec(m)?.[1])) };
      const thread = createRenderThread('/no/such/build/index.js', { log, retryMs: 40, maxRetryMs: 320 });
      const answer = await thread.render('http://localhost/', {});
      await new Promise((r) => setTimeout(r, 2500));
      await thread.stop();
      const after = delays.length;
      await new Promise((r) => setTimeout(r, 400));
      console.log(JSON.stringify({ answer, delays, startedAfterStop: delays.length - after }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 20_000 });
    const out = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { answer: unknown; delays: number[]; startedAfterStop: number };
    expect(out.answer).toBeNull();
    expect(out.delays.slice(0, 5)).toEqual([40, 80, 160, 320, 320]);
    expect(out.startedAfterStop).toBe(0);
  });
});
