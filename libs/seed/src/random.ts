/**
 * Seeded pseudo-random numbers for the demo data: the same seed gives the same data,
 * byte for byte (UUIDs included), on every machine. Never use Math.random() in the seed.
 */

/** mulberry32: tiny, fast 32-bit generator; plenty for demo data (not for secrets). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from several parts (FNV-1a over their text), e.g. hashSeed(seed, 'listing', 17). */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0001');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** [0, 1). */
  float(): number;
  /** [min, max). */
  float(min: number, max: number): number;
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Log-uniform integer in [min, max]: small values are more frequent, as in real listings. */
  logInt(min: number, max: number): number {
    return Math.min(max, Math.max(min, Math.round(Math.exp(this.float(Math.log(min), Math.log(max))))));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a value by weight: weighted([['office', 45], ['retail', 22]]). */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }

  /** A version-4-shaped UUID drawn from this generator (deterministic). */
  uuid(): string {
    const b = this.bytes(16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  /** Lower-case base-36 text of `n` characters, e.g. a slug suffix. */
  base36(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += BASE36[Math.floor(this.next() * 36)];
    return s;
  }
}
