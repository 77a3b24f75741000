import { envMs, envMsRenamed, TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 1000));

  it('computes once per key within the TTL and again after it', async () => {
    const cache = new TtlCache<number>(100, 10, { now });
    const compute = jest.fn(async () => 7);
    expect(await cache.get('a', compute)).toBe(7);
    clock += 99;
    expect(await cache.get('a', compute)).toBe(7);
    expect(compute).toHaveBeenCalledTimes(1);
    clock += 2;
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('evicts the least recently used values beyond maxSize', async () => {
    const cache = new TtlCache<string>(1000, 100, { now, maxSize: 10, sizeOf: (v) => v.length });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('a', async () => 'unused');
    // 'c' (4) does not fit beside a and b (8): b, the least recently used, goes.
    await cache.get('c', async () => 'cccc');
    const recompute = jest.fn(async () => 'new');
    expect(await cache.get('a', recompute)).toBe('aaaa');
    expect(await cache.get('c', recompute)).toBe('cccc');
    expect(await cache.get('b', recompute)).toBe('new');
    expect(recompute).toHaveBeenCalledTimes(1);
    expect(() => new TtlCache<string>(1000, 100, { maxSize: 10 })).toThrow(/sizeOf/);
  });

  it('shares one pending computation between concurrent callers', async () => {
    const cache = new TtlCache<number>(100, 10, { now });
    let resolve!: (n: number) => void;
    const compute = jest.fn(() => new Promise<number>((r) => (resolve = r)));
    const both = Promise.all([cache.get('a', compute), cache.get('a', compute)]);
    resolve(3);
    expect(await both).toEqual([3, 3]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed computation so the next caller retries', async () => {
    const cache = new TtlCache<number>(100, 10, { now });
    await expect(cache.get('a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', async () => 5)).toBe(5);
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new TtlCache<string>(1000, 2, { now });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    const compute = jest.fn(async () => 'a2');
    expect(await cache.get('a', compute)).toBe('a2');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  describe('stale-while-revalidate', () => {
    const settle = () => new Promise((r) => setImmediate(r));

    it('answers an expired value at once while one refresh runs, then the fresh one', async () => {
      const cache = new TtlCache<number>(100, 10, { now, staleMs: 50 });
      await cache.get('a', async () => 1);
      clock += 120; // expired, inside the stale window
      let resolve!: (n: number) => void;
      const refresh = jest.fn(() => new Promise<number>((r) => (resolve = r)));
      expect(await cache.get('a', refresh)).toBe(1);
      expect(await cache.get('a', refresh)).toBe(1);
      expect(refresh).toHaveBeenCalledTimes(1);
      resolve(2);
      await settle();
      expect(await cache.get('a', refresh)).toBe(2);
      expect(refresh).toHaveBeenCalledTimes(1);
    });

    it('past the stale window callers wait for a fresh value', async () => {
      const cache = new TtlCache<number>(100, 10, { now, staleMs: 50 });
      await cache.get('a', async () => 1);
      clock += 151;
      expect(await cache.get('a', async () => 3)).toBe(3);
    });

    it('answerNow() gives the stale value only while its refresh runs', async () => {
      const cache = new TtlCache<number>(100, 10, { now, staleMs: 50 });
      await cache.get('a', async () => 1);
      expect(cache.answerNow('a')).toBe(1); // fresh
      clock += 120;
      // stale, and nobody refreshes it yet: a caller must go through get() (which starts one)
      expect(cache.answerNow('a')).toBeUndefined();
      let resolve!: (n: number) => void;
      expect(await cache.get('a', () => new Promise<number>((r) => (resolve = r)))).toBe(1);
      expect(cache.answerNow('a')).toBe(1);
      resolve(2);
      await settle();
      expect(cache.answerNow('a')).toBe(2);
      expect(cache.answerNow('b')).toBeUndefined();
    });

    it('with refreshConcurrency, refreshes wait their turn while stale values are answered; first computations never wait', async () => {
      const cache = new TtlCache<number>(100, 10, { now, staleMs: 50, refreshConcurrency: 1 });
      await cache.get('a', async () => 1);
      await cache.get('b', async () => 10);
      clock += 120;
      const pending: Array<(n: number) => void> = [];
      const started: string[] = [];
      const refresh = (key: string) => () => {
        started.push(key);
        return new Promise<number>((r) => pending.push(r));
      };
      expect(await cache.get('a', refresh('a'))).toBe(1);
      expect(await cache.get('b', refresh('b'))).toBe(10);
      await settle();
      expect(started).toEqual(['a']); // b waits for a's refresh
      // a key never computed is computed at once, whatever refreshes are queued
      expect(await cache.get('c', async () => 100)).toBe(100);
      pending.shift()!(2);
      await settle();
      expect(started).toEqual(['a', 'b']);
      expect(cache.answerNow('a')).toBe(2);
      expect(cache.answerNow('b')).toBe(10); // still answered stale while its refresh runs
      pending.shift()!(20);
      await settle();
      expect(await cache.get('b', refresh('b'))).toBe(20);
    });

    it('a refresh is given the value it refreshes and may keep it for another TTL', async () => {
      const cache = new TtlCache<{ n: number }>(100, 10, { now, staleMs: 50 });
      const first = { n: 1 };
      const seen: Array<{ n: number } | undefined> = [];
      const keep = jest.fn(async (previous?: { n: number }) => {
        seen.push(previous);
        return previous ?? first;
      });
      expect(await cache.get('a', keep)).toBe(first);
      clock += 120; // expired, inside the stale window
      expect(await cache.get('a', keep)).toBe(first);
      await settle();
      expect(seen).toEqual([undefined, first]);
      // kept again: fresh for the whole TTL from the refresh
      clock += 99;
      expect(cache.peek('a')).toBe(first);
      expect(keep).toHaveBeenCalledTimes(2);
      // past the stale window nothing is handed over: the caller computes from scratch
      clock += 200;
      await cache.get('a', keep);
      expect(seen).toEqual([undefined, first, undefined]);
    });

    it('a failed refresh keeps nothing: the next caller computes', async () => {
      const cache = new TtlCache<number>(100, 10, { now, staleMs: 50 });
      await cache.get('a', async () => 1);
      clock += 120;
      expect(await cache.get('a', () => Promise.reject(new Error('db down')))).toBe(1);
      await settle();
      expect(await cache.get('a', async () => 4)).toBe(4);
    });
  });

  describe('isCurrent', () => {
    const settle = () => new Promise((r) => setImmediate(r));

    it('refreshes a value that no longer holds within its TTL, answering it meanwhile (with a stale window)', async () => {
      let version = 1;
      const cache = new TtlCache<{ v: number; n: number }>(1000, 10, { now, staleMs: 50, isCurrent: (x) => x.v === version });
      await cache.get('a', async () => ({ v: version, n: 1 }));
      expect(cache.peek('a')).toEqual({ v: 1, n: 1 });
      version = 2;
      expect(cache.peek('a')).toBeUndefined();
      let resolve!: (x: { v: number; n: number }) => void;
      const refresh = jest.fn(() => new Promise<{ v: number; n: number }>((r) => (resolve = r)));
      expect(await cache.get('a', refresh)).toEqual({ v: 1, n: 1 });
      expect(await cache.get('a', refresh)).toEqual({ v: 1, n: 1 });
      expect(refresh).toHaveBeenCalledTimes(1);
      // the refresh is told what it refreshes (to keep it when it still holds)
      expect(refresh).toHaveBeenCalledWith({ v: 1, n: 1 });
      resolve({ v: 2, n: 2 });
      await settle();
      expect(await cache.get('a', refresh)).toEqual({ v: 2, n: 2 });
      expect(cache.peek('a')).toEqual({ v: 2, n: 2 });
      expect(refresh).toHaveBeenCalledTimes(1);
    });

    it('without a stale window the caller waits for the refreshed value', async () => {
      let version = 1;
      const cache = new TtlCache<{ v: number }>(1000, 10, { now, isCurrent: (x) => x.v === version });
      await cache.get('a', async () => ({ v: version }));
      version = 3;
      expect(await cache.get('a', async () => ({ v: version }))).toEqual({ v: 3 });
    });
  });

  it('with jitter, an entry lives between ttl × (1 − jitter) and ttl', async () => {
    let draw = 0.99; // the shortest life: ~50 of 100 ms
    const cache = new TtlCache<number>(100, 10, { now, jitter: 0.5, random: () => draw });
    await cache.get('a', async () => 1);
    clock += 49;
    expect(await cache.get('a', async () => 2)).toBe(1);
    clock += 3;
    expect(await cache.get('a', async () => 3)).toBe(3);
    draw = 0; // the full TTL
    clock += 1000;
    await cache.get('b', async () => 1);
    clock += 99;
    expect(await cache.get('b', async () => 2)).toBe(1);
  });

  it('clear() forgets every key', async () => {
    const cache = new TtlCache<number>(1000, 10, { now });
    await cache.get('a', async () => 1);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => 2)).toBe(2);
  });

  it('with a TTL of 0 always computes', async () => {
    const cache = new TtlCache<number>(0, 10, { now });
    const compute = jest.fn(async () => 1);
    await cache.get('a', compute);
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    expect([cache.enabled, new TtlCache<number>(1, 10).enabled]).toEqual([false, true]);
  });
});

describe('envMs', () => {
  it('reads whole milliseconds, falls back when unset and rejects nonsense', () => {
    expect(envMs('X', 15000, {})).toBe(15000);
    expect(envMs('X', 15000, { X: '' })).toBe(15000);
    expect(envMs('X', 15000, { X: '0' })).toBe(0);
    expect(envMs('X', 15000, { X: '2500' })).toBe(2500);
    expect(() => envMs('X', 15000, { X: '-1' })).toThrow('X must be');
    expect(() => envMs('X', 15000, { X: 'soon' })).toThrow('X must be');
  });
});

describe('envMsRenamed', () => {
  it('reads the new name first, then the former one, then falls back', () => {
    expect(envMsRenamed('NEW', 'OLD', 15000, {})).toBe(15000);
    expect(envMsRenamed('NEW', 'OLD', 15000, { OLD: '300' })).toBe(300);
    expect(envMsRenamed('NEW', 'OLD', 15000, { NEW: '0', OLD: '300' })).toBe(0);
    expect(envMsRenamed('NEW', 'OLD', 15000, { NEW: '', OLD: '300' })).toBe(300);
    expect(() => envMsRenamed('NEW', 'OLD', 15000, { OLD: 'soon' })).toThrow('OLD must be');
  });
});
