import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const renderThread = path.resolve(__dirname, '../../../render-thread.mjs');

describe('render thread (web/render-thread.mjs)', () => {
  it('starts a thread that cannot load its build again later each time, up to the bound, and answers null meanwhile', async () => {
    // In its own process: the module is an ES module with top-level await (the thread's side).
    // The restarts' timer is the script's own (`schedule`): each exit hands it a restart and the
    // script runs it at once, so no time is waited; the fifth is still due when the thread stops.
    // The worker is unref'd, so a ref'd guard keeps the process up meanwhile (and ends a hung run).
    const script = `
      const { createRenderThread } = await import(${JSON.stringify(renderThread)});
      const guard = setTimeout(() => { console.log('{}'); process.exit(1); }, 15000);
      const delays = [];
      const log = { error() {}, warn: (m) => delays.push(Number(/again in (\\d+) ms/.exec(m)?.[1])) };
      const restarts = [];
      let wake = () => {};
      const schedule = (run, ms) => { restarts.push({ run, ms }); wake(); };
      const nextRestart = async () => {
        while (!restarts.length) await new Promise((r) => (wake = r));
        return restarts.shift();
      };
      const thread = createRenderThread('/no/such/build/index.js', { log, retryMs: 40, maxRetryMs: 320, schedule });
      const answer = await thread.render('http://localhost/', {});
      const scheduled = [];
      for (let i = 0; i < 4; i++) {
        const restart = await nextRestart();
        scheduled.push(restart.ms);
        restart.run();
      }
      const due = await nextRestart();
      scheduled.push(due.ms);
      await thread.stop();
      const after = { delays: delays.length, starts: thread.starts };
      due.run();
      clearTimeout(guard);
      console.log(JSON.stringify({ answer, delays, scheduled, startedAfterStop: delays.length - after.delays + thread.starts - after.starts + restarts.length }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 20_000 });
    const out = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
      answer: unknown;
      delays: number[];
      scheduled: number[];
      startedAfterStop: number;
    };
    expect(out.answer).toBeNull();
    expect(out.delays.slice(0, 5)).toEqual([40, 80, 160, 320, 320]);
    expect(out.scheduled).toEqual([40, 80, 160, 320, 320]);
    expect(out.startedAfterStop).toBe(0);
  });
});
