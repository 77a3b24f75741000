import { randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dataDir } from './config';

/**
 * File storage behind one interface (DESIGN "Storage"). Keys are relative paths such as
 * 'properties/demo/office-03.jpg'; `publicUrl` is what pages put in <img src>.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /**
   * Streams `source` into a temporary file beside the stored ones, never holding it whole in
   * memory (large uploads such as videos, spec 02 §7): counts the bytes and keeps the first
   * `headBytes` (to decide the type by content). Over `maxBytes` the copy stops, the temporary
   * file is removed and StreamTooLargeError is thrown. The answer commits the file under a key
   * (a rename) or discards it.
   */
  receive(source: Readable | AsyncIterable<Buffer>, opts: { maxBytes: number; headBytes: number }): Promise<IncomingFile>;
  /**
   * Removes files that receive() left behind (a process killed mid-upload) last written more
   * than `olderThanMs` ago; answers how many. Files still being received are newer.
   */
  sweepIncoming(olderThanMs: number): Promise<number>;
}

/** A file received by FileStorage.receive, not yet stored under a key. */
export interface IncomingFile {
  /** Bytes received. */
  readonly size: number;
  /** The first `headBytes` bytes (fewer when the file is shorter). */
  readonly head: Buffer;
  /** Moves the file to `key` (once; afterwards discard() does nothing). */
  commit(key: string): Promise<void>;
  /** Removes the temporary file unless committed; safe to call more than once. */
  discard(): Promise<void>;
}

/** Thrown by FileStorage.receive when the stream is longer than its maxBytes. */
export class StreamTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`stream longer than ${maxBytes} bytes`);
    this.name = 'StreamTooLargeError';
  }
}

/** Folder of files being received, under the storage root (a dot folder: the web's /media does not serve it). */
export const INCOMING_DIR = '.incoming';

/** Keys whose every segment encodeURIComponent leaves as it is. */
const PLAIN_KEY = /^[A-Za-z0-9\-_.!~*'()/]*$/;

/** Default driver: files under `${DATA_DIR}/uploads`, served by the web server at /media. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string = path.join(dataDir(), 'uploads')) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Storage key escapes root: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, full);
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.resolve(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  async receive(source: Readable | AsyncIterable<Buffer>, opts: { maxBytes: number; headBytes: number }): Promise<IncomingFile> {
    const dir = path.join(this.root, INCOMING_DIR);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `${randomUUID()}.part`);
    let size = 0;
    const headParts: Buffer[] = [];
    let headLength = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > opts.maxBytes) return done(new StreamTooLargeError(opts.maxBytes));
        if (headLength < opts.headBytes) {
          const take = chunk.subarray(0, opts.headBytes - headLength);
          headParts.push(Buffer.from(take));
          headLength += take.length;
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(tmp, { flags: 'wx' }));
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    let state: 'open' | 'committed' | 'discarded' = 'open';
    return {
      size,
      head: Buffer.concat(headParts),
      commit: async (key: string) => {
        if (state !== 'open') throw new Error(`incoming file already ${state}`);
        const full = this.resolve(key);
        await fs.mkdir(path.dirname(full), { recursive: true });
        await fs.rename(tmp, full);
        state = 'committed';
      },
      discard: async () => {
        if (state !== 'open') return;
        state = 'discarded';
        await fs.rm(tmp, { force: true });
      },
    };
  }

  async sweepIncoming(olderThanMs: number): Promise<number> {
    const dir = path.join(this.root, INCOMING_DIR);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return 0;
    }
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const full = path.join(dir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat?.isFile() && stat.mtimeMs < before) {
        await fs.rm(full, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  publicUrl(key: string): string {
    // Most keys need no escaping (generated names): skip the split/encode/join (a catalogue
    // page builds ~250 of these URLs).
    if (PLAIN_KEY.test(key)) return `/media/${key}`;
    return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
