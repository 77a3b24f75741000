import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { crc32CombineGen, crc32CombineOp } from './crc32-combine.server';

describe('crc32 combine', () => {
  it('gives the CRC-32 of a concatenation from the pieces, as zlib computes over the whole', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 17],
      [1, 1],
      [13, 0],
      [100, 65_537],
      [250_000, 96],
      [7, 1_000_003],
    ]) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      const combined = crc32CombineOp(crc32(first), crc32(second), crc32CombineGen(b));
      expect([a, b, combined]).toEqual([a, b, crc32(Buffer.concat([first, second]))]);
    }
  });

  it('chains over several pieces (a page split at its tokens)', () => {
    const pieces = [randomBytes(5000), Buffer.from('token-1234'), randomBytes(120_000), Buffer.from('token-1234'), randomBytes(3)];
    let crc = crc32(pieces[0]);
    for (const piece of pieces.slice(1)) crc = crc32CombineOp(crc, crc32(piece), crc32CombineGen(piece.length));
    expect(crc).toBe(crc32(Buffer.concat(pieces)));
  });

  it('refuses a length that is not a whole number of bytes', () => {
    expect(() => crc32CombineGen(-1)).toThrow(RangeError);
    expect(() => crc32CombineGen(1.5)).toThrow(RangeError);
  });
});
