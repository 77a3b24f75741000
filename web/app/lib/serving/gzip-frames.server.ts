import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw } from 'node:zlib';
import { crc32CombineGen, crc32CombineOp } from './crc32-combine.server';

/**
 * gzip answers of a kept page assembled per visitor without compressing the page again (issue
 * 6): the page's fixed parts are deflated once each (`gzipParts`), and each answer puts the
 * visitor's own values between them as stored blocks, with a trailer whose CRC is combined from
 * the parts' kept CRCs (`gzipBody`).
 */

/** The parts of a kept page ready for gzip answers: each deflated, its CRC-32 and its combine operator (crc32CombineGen of its length). */
export interface DeflatedParts {
  blocks: Buffer[];
  crcs: number[];
  ops: number[];
}

const deflateRawAsync = promisify(deflateRaw);
/** A gzip member header (RFC 1952): deflate, no flags, no mtime, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Each part deflated on its own, for gzip answers assembled per visitor (`gzipBody`): a full
 * flush after every part but the last resets the compressor's dictionary, so no part refers
 * back to the bytes before it and a visitor's token can be deflated alone and put between
 * them. Done once per kept page, on the thread pool, at the best level (9).
 */
export async function gzipParts(parts: Buffer[]): Promise<DeflatedParts> {
  const blocks = await Promise.all(
    parts.map((part, i) =>
      deflateRawAsync(part, { level: 9, finishFlush: i === parts.length - 1 ? zlibConstants.Z_FINISH : zlibConstants.Z_FULL_FLUSH }),
    ),
  );
  return { blocks, crcs: parts.map((part) => crc32(part)), ops: parts.map((part) => crc32CombineGen(part.length)) };
}

/**
 * `data` (at most 65,535 bytes) as a deflate stored block, not final (RFC 1951 §3.2.4): the
 * block header byte (BFINAL 0, BTYPE 00, padding: the stream is byte-aligned after a full
 * flush), LEN and NLEN, then the bytes as they are. A CSRF token does not compress anyway,
 * and this needs no zlib stream per request. Throws RangeError for more than 65,535 bytes.
 */
export function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError('storedBlock: at most 65535 bytes');
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * The gzip body of a kept page for one visitor: header, the deflated parts with
 * `values[slots[i]]` (the visitor's token, the answer's nonce) as stored blocks between them,
 * and the trailer (CRC-32 and length of the whole page). The CRC is combined from the parts'
 * kept CRCs and the values' (crc32-combine.server.ts): a CRC over the token only, instead of
 * compressing the page or a CRC over all of it per request (costs: decision 019).
 */
export function gzipBody(parts: Buffer[], slots: readonly number[], deflated: DeflatedParts, values: Buffer[]): Buffer {
  const blocks = values.map((value) => storedBlock(value));
  const list: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      const slot = slots[i - 1];
      list.push(blocks[slot]);
      crc = crc32(values[slot], crc);
      size += values[slot].length;
    }
    list.push(deflated.blocks[i]);
    crc = i === 0 ? deflated.crcs[0] : crc32CombineOp(crc, deflated.crcs[i], deflated.ops[i]);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  list.push(trailer);
  return Buffer.concat(list);
}
