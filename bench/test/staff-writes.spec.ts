// The staff-write cases of issue 21 (bench/lib/staff-writes.mjs) without servers: the figures
// (nearest-rank p50/p99), the pass/miss rules of the two targets (a save's p99 <= 100 ms; each
// 5 MB upload until its variants exist <= 3 s; a case that did not run is a MISS), and the
// open-loop pacing of the saves (requests leave on schedule whatever the answers take).
import { runListingSaves, STAFF_WRITE_TARGETS, staffWriteTargets, summarize } from '../lib/staff-writes.mjs';

type Target = { target: string; value: string; ok: boolean };

const passing = () => ({
  listing_save: { rate: 20, seconds: 15, n: 300, p50_ms: 12.4, p99_ms: 41.2, max_ms: 60.3, non2xx: 0 },
  image_upload: { bytes: 5_300_000, runs_ms: [1400, 1510, 1388, 1620, 1450], median_ms: 1450, max_ms: 1620, answer_median_ms: 380 },
});

describe('summarize', () => {
  it('takes nearest-rank percentiles of the times, whatever their order', () => {
    const times = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarize(times)).toEqual({ n: 100, p50_ms: 50, p99_ms: 99, max_ms: 100 });
    expect(summarize([7.26])).toEqual({ n: 1, p50_ms: 7.3, p99_ms: 7.3, max_ms: 7.3 });
    expect(summarize([])).toEqual({ n: 0, p50_ms: 0, p99_ms: 0, max_ms: 0 });
  });
});

describe('staffWriteTargets (issue 21)', () => {
  const judge = (sw: unknown) => staffWriteTargets(sw) as Target[];

  it('passes a run within both bounds and names the rate and every upload', () => {
    const [save, upload] = judge(passing());
    expect(save).toMatchObject({ target: expect.stringContaining('p99 <= 100 ms at 20 req/s'), ok: true });
    expect(save.value).toContain('p99 41.2 ms');
    expect(upload).toMatchObject({ target: expect.stringContaining('<= 3 s (each upload)'), ok: true });
    expect(upload.value).toContain('median 1450 ms, max 1620 ms of 5 (1400, 1510, 1388, 1620, 1450');
  });

  it('misses a save p99 over the bound, and any non-2xx save', () => {
    const slow = passing();
    slow.listing_save.p99_ms = STAFF_WRITE_TARGETS.saveP99Ms + 0.1;
    expect(judge(slow)[0].ok).toBe(false);
    const refused = passing();
    refused.listing_save.non2xx = 1;
    expect(judge(refused)[0]).toMatchObject({ ok: false, value: expect.stringContaining('1 non-2xx') });
  });

  it('judges the upload on its slowest run: a good median does not hide one over 3 s', () => {
    const one = passing();
    one.image_upload.runs_ms = [1400, 3100, 1388, 1500, 1450];
    one.image_upload.max_ms = 3100;
    expect(judge(one)[1].ok).toBe(false);
  });

  it('a case that did not run, or failed, is a MISS with its reason', () => {
    expect(judge(undefined).map((t) => [t.ok, t.value])).toEqual([
      [false, 'not measured: the case did not run'],
      [false, 'not measured: the case did not run'],
    ]);
    const failed = judge({ listing_save: { rate: 20, error: 'HTTP 403' }, image_upload: { error: 'no variants after 60000 ms' } });
    expect(failed.map((t) => t.value)).toEqual(['not measured: HTTP 403', 'not measured: no variants after 60000 ms']);
  });
});

describe('runListingSaves', () => {
  it('sends the saves on schedule (open loop), round the listings, with a new price each, and counts the answers that are not 200', async () => {
    const sent: Array<{ at: number; price: number; path: string }> = [];
    let calls = 0;
    // The measured answers are held until all 20 have been sent: a loop that waited for each
    // answer before the next request would never finish (the test would time out).
    let release: () => void = () => undefined;
    const allSent = new Promise<void>((r) => (release = r));
    const session = {
      write: async (_method: string, path: string, body: { price: number }) => {
        const mine = ++calls;
        sent.push({ at: performance.now(), price: body.price, path });
        if (mine > 2) {
          if (mine === 22) release();
          await allSent;
        }
        return { status: mine === 5 ? 409 : 200, body: null, ms: 10 };
      },
    };
    const r = await runListingSaves(session, ['p1', 'p2', 'p3'], { price: 1000 }, { rate: 50, seconds: 0.4, warmup: 2 });
    expect(r).toMatchObject({ rate: 50, seconds: 0.4, listings: 3, n: 19, non2xx: 1, statuses: [200, 409] });
    // Round the listings: a save of one listing waits on its row lock for the save before it.
    expect(sent.slice(0, 5).map((s) => s.path)).toEqual([
      '/api/properties/p1',
      '/api/properties/p2',
      '/api/properties/p3',
      '/api/properties/p1',
      '/api/properties/p2',
    ]);
    const measured = sent.slice(2);
    expect(measured).toHaveLength(20);
    const span = measured[19].at - measured[0].at;
    expect(span).toBeGreaterThanOrEqual(19 * 20 - 5);
    const prices = sent.map((s) => s.price);
    expect(new Set(prices).size).toBe(prices.length);
  });
});
