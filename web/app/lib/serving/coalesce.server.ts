import { Transform, type TransformCallback } from 'node:stream';

/**
 * Joins the chunks React writes in one go into one. React emits the document in 2 KB pieces
 * (about a hundred for a catalogue page; decision 018), and each piece would otherwise travel
 * alone through the web stream, the express adapter and a socket write. Chunks written in the same turn of the
 * event loop leave together on the next one, so streaming (later chunks) still works.
 *
 * It also drops NUL bytes. React 18.3's server renderer has a bug: when a multi-byte UTF-8
 * character (Cyrillic, Chinese) does not fit at the end of its 2 KB buffer, it sends the whole
 * buffer, unused zero bytes included, so 'Просмотры' arrives as 'Просмотр\0ы' now and then. In
 * an attribute (aria-label, title) the browser shows U+FFFD there, and in the inline data the
 * text no longer matches the markup. Our pages never contain a real U+0000 (PostgreSQL text
 * cannot hold one, and JSON escapes it), so every zero byte is one of those.
 *
 * And it moves the document's end to the end of the stream. React 18 writes `</body></html>`
 * with the shell, and what arrives later (Remix's streamed loader data: `<script>` tags of the
 * Suspense boundaries that resolve after the shell) lands after `</html>`: a browser still runs
 * it, but the document is invalid HTML ("Stray start tag script", issue 19 item 11). React 19
 * holds the end back itself. A literal `</body></html>` appears only as the real end: text and
 * attribute values are escaped, and the inline JSON escapes '<'.
 */
export class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private scheduled = false;
  /** The document end taken out of the stream, written when it ends. */
  private documentEnd: Buffer | null = null;

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
    if (this.documentEnd) this.push(this.documentEnd);
    callback();
  }

  private release() {
    this.scheduled = false;
    if (!this.parts.length) return;
    let joined = withoutNul(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.size));
    this.parts = [];
    this.size = 0;
    if (!this.documentEnd) {
      const at = joined.indexOf(DOCUMENT_END);
      if (at !== -1) {
        this.documentEnd = DOCUMENT_END;
        joined = Buffer.concat([joined.subarray(0, at), joined.subarray(at + DOCUMENT_END.length)]);
      }
    }
    if (joined.length) this.push(joined);
  }
}

/** How React ends a document (see Coalesce). */
const DOCUMENT_END = Buffer.from('</body></html>');

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
