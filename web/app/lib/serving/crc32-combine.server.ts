/**
 * CRC-32 (the gzip/zlib polynomial) of a concatenation from the CRCs of its pieces, as zlib's
 * crc32_combine_gen / crc32_combine_op (zlib 1.2.12+, crc32.c) do it: polynomial arithmetic
 * modulo the CRC polynomial, bit-reflected. Node's zlib exposes crc32 but not the combine, and
 * no maintained npm package offers it. The page cache uses it to make the gzip trailer of a
 * kept page for each visitor from the CRCs of the page's fixed parts and of the visitor's token,
 * instead of running CRC-32 over the whole page per request (issue 6; decision 019).
 */

/** The reflected CRC-32 polynomial. */
const POLY = 0xedb88320;

/** a(x) · b(x) modulo p(x), both reflected 32-bit polynomials (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo p(x) for k = 0..31 (zlib's x2n_table). */
const X2N: number[] = (() => {
  const table = [1 << 30];
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1], table[k - 1]));
  return table;
})();

/**
 * The operator that shifts a CRC over `length` bytes (x^(8·length) modulo p(x)), for
 * `crc32CombineOp`; make it once per length. `length`: a whole number of bytes ≥ 0.
 */
export function crc32CombineGen(length: number): number {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`crc32CombineGen: bad length ${length}`);
  let p = 0x80000000;
  let k = 3;
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multModP(X2N[k & 31], p);
  }
  return p >>> 0;
}

/** CRC-32 of A·B from crc(A), crc(B) and `op` = crc32CombineGen(length of B). */
export function crc32CombineOp(crcA: number, crcB: number, op: number): number {
  return (multModP(op, crcA >>> 0) ^ crcB) >>> 0;
}
