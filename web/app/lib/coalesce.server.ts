import { Transform, type TransformCallback } from 'node:stream';

/**
 * Joins the chunks React writes in one go into one. React emits the document in 2 KB pieces
 * (~100 for a 50-card catalogue page), and each piece would otherwise travel alone through the
 * web stream, the express adapter and a socket write. Chunks written in the same turn of the
 * event loop leave together on the next one, so streaming (later chunks) still works.
 *
 * It also drops NUL bytes. React 18.3's server renderer has a bug: when a multi-byte UTF-8
 * character (Cyrillic, Chinese) does not fit at the end of its 2 KB buffer, it sends the whole
 * buffer, unused zero bytes included, so 'Просмотры' arrives as 'Просмотр\0ы' now and then. In
 * an attribute (aria-label, title) the browser shows U+FFFD there, and in the inline data the
 * text no longer matches the markup. Our pages never contain a real U+0000 (PostgreSQL text
 * cannot hold one, and JSON escapes it), so every zero byte is one of those.
 */
export class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.release();
    callback();
  }

  private release() {
    this.scheduled = false;
    if (!this.parts.length) return;
    const joined = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    this.push(withoutNul(joined));
  }
}

/** `bytes` without its zero bytes (see Coalesce). */
export function withoutNul(bytes: Buffer): Buffer {
  let at = bytes.indexOf(0);
  if (at === -1) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  let from = 0;
  while (at !== -1) {
    length += bytes.copy(out, length, from, at);
    from = at + 1;
    at = bytes.indexOf(0, from);
  }
  length += bytes.copy(out, length, from);
  return out.subarray(0, length);
}
