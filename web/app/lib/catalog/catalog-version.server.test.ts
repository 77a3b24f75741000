import { describe, expect, it } from '@jest/globals';
import { catalogVersionSource } from './catalog-version.server';

/** A read the test settles by hand. */
function manualRead() {
  const pending: Array<{ resolve: (v: number) => void; reject: (e: Error) => void }> = [];
  const read = () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  return { read, pending };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('catalogue version source (lib/catalog/catalog-version.server.ts)', () => {
  it('answers at once with the last version read, reading at most once per poll and one read at a time', async () => {
    let clock = 0;
    const { read, pending } = manualRead();
    const version = catalogVersionSource(1000, read, () => clock)!;
    expect(version()).toBeNull();
    expect(pending).toHaveLength(1);
    expect(version()).toBeNull();
    expect(pending).toHaveLength(1); // one at a time
    pending[0].resolve(5);
    await tick();
    expect(version()).toBe(5);
    clock = 999;
    expect(version()).toBe(5);
    expect(pending).toHaveLength(1); // not due yet
    clock = 1000;
    expect(version()).toBe(5);
    expect(pending).toHaveLength(2);
    pending[1].resolve(6);
    await tick();
    expect(version()).toBe(6);
  });

  it('forgets the version when the API cannot be reached (pages then live out their TTL), and is off with 0', async () => {
    let clock = 0;
    const { read, pending } = manualRead();
    const version = catalogVersionSource(1000, read, () => clock)!;
    version();
    pending[0].resolve(3);
    await tick();
    clock = 2000;
    expect(version()).toBe(3);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      pending[1].reject(new Error('ECONNREFUSED'));
      await tick();
    } finally {
      console.error = original;
    }
    expect(version()).toBeNull();
    expect(errors).toHaveLength(1);
    expect(catalogVersionSource(0, read)).toBeUndefined();
  });
});
