import { describe, expect, it } from '@jest/globals';
import { constants as zlibConstants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { storedBlock } from './gzip-frames.server';

describe('storedBlock', () => {
  it('is a deflate stored block that inflates to its bytes between compressed ones', () => {
    const token = Buffer.from('4x_7uUizL4T-6o22hhh-Lfve30wlXeEODNMN6rJyfnI.DZHdUz4TvSr6NWqlYzB2ranFCkupegA0CuqmrEEAii0');
    const before = deflateRawSync(Buffer.from('<input value="'.repeat(50)), { finishFlush: zlibConstants.Z_FULL_FLUSH });
    const after = deflateRawSync(Buffer.from('"/>каталог'.repeat(50)));
    const stream = Buffer.concat([before, storedBlock(token), after]);
    expect(inflateRawSync(stream).toString('utf8')).toBe(`${'<input value="'.repeat(50)}${token.toString()}${'"/>каталог'.repeat(50)}`);
    expect(storedBlock(Buffer.alloc(0))).toEqual(Buffer.from([0, 0, 0, 0xff, 0xff]));
    expect(() => storedBlock(Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
