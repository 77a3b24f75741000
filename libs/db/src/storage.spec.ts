import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalFileStorage, StreamTooLargeError } from './storage';

describe('LocalFileStorage.publicUrl', () => {
  const storage = new LocalFileStorage('/tmp/realty-storage-spec');
  const slow = (key: string) => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;

  it.each([
    'properties/demo/office-03.jpg',
    'properties/2f1c/9a_b.thumb.webp',
    "odd/!~*'()/x",
    'с пробелом/офис №1.jpg',
    'a/b?c#d&e=f%20.png',
    '',
  ])('%p is the key with each segment URI-encoded', (key) => {
    expect(storage.publicUrl(key)).toBe(slow(key));
  });
});

describe('LocalFileStorage.receive (streamed uploads)', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-receive-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  /** Every file under the storage root, relative to it. */
  const files = async () =>
    (await fs.readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  const chunks = (...sizes: number[]) => Readable.from(sizes.map((n, i) => Buffer.alloc(n, i + 1)));

  it('counts the bytes, keeps the first headBytes across chunks, and commits by a rename to the key', async () => {
    const incoming = await storage.receive(chunks(3, 4, 5), { maxBytes: 12, headBytes: 5 });
    expect(incoming.size).toBe(12);
    expect([...incoming.head]).toEqual([1, 1, 1, 2, 2]);
    expect(await files()).toEqual([expect.stringMatching(/^\.incoming\/[0-9a-f-]{36}\.part$/)]);
    await incoming.commit('videos/a.mp4');
    expect(await files()).toEqual(['videos/a.mp4']);
    expect((await storage.get('videos/a.mp4')).length).toBe(12);
    await incoming.discard();
    expect(await files()).toEqual(['videos/a.mp4']);
    await expect(incoming.commit('videos/b.mp4')).rejects.toThrow(/already committed/);
  });

  it('stops over maxBytes with StreamTooLargeError and leaves nothing behind', async () => {
    await expect(storage.receive(chunks(6, 6, 6), { maxBytes: 12, headBytes: 4 })).rejects.toBeInstanceOf(StreamTooLargeError);
    expect(await files()).toEqual([]);
  });

  it('discard removes the received file; a key outside the root is refused', async () => {
    const incoming = await storage.receive(chunks(10), { maxBytes: 100, headBytes: 4 });
    await expect(incoming.commit('../escape.mp4')).rejects.toThrow(/escapes root/);
    await incoming.discard();
    expect(await files()).toEqual([]);
  });

  it('sweepIncoming removes only the files left longer ago than the age given', async () => {
    const old = await storage.receive(chunks(5), { maxBytes: 100, headBytes: 1 });
    const [oldName] = await files();
    const fresh = await storage.receive(chunks(5), { maxBytes: 100, headBytes: 1 });
    const day = new Date(Date.now() - 25 * 3600_000);
    await fs.utimes(path.join(root, oldName), day, day);
    expect(await storage.sweepIncoming(24 * 3600_000)).toBe(1);
    expect(await files()).toHaveLength(1);
    await expect(old.commit('videos/old.mp4')).rejects.toThrow();
    await fresh.commit('videos/fresh.mp4');
    expect(await storage.sweepIncoming(0)).toBe(0);
    expect(await new LocalFileStorage(path.join(root, 'none')).sweepIncoming(0)).toBe(0);
  });
});
