import { promises as fs } from 'node:fs';
import path from 'node:path';
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
}

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

  publicUrl(key: string): string {
    // Most keys need no escaping (generated names): skip the split/encode/join (a catalogue
    // page builds ~250 of these URLs).
    if (PLAIN_KEY.test(key)) return `/media/${key}`;
    return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
