import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeAtomically } from './presentations.service';

/** The file write of a presentation (issue 23 "no file is left half-written"). */
describe('writeAtomically', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-atomic-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('writes the whole file under its name and leaves no temporary file', async () => {
    const file = path.join(dir, 'sub', 'a.pdf');
    await writeAtomically(file, Buffer.from('first'));
    await writeAtomically(file, Buffer.from('second, longer'));
    expect(await fs.readFile(file, 'utf8')).toBe('second, longer');
    expect(await fs.readdir(path.join(dir, 'sub'))).toEqual(['.incoming', 'a.pdf']);
    expect(await fs.readdir(path.join(dir, 'sub', '.incoming'))).toEqual([]);
  });

  it('leaves the previous file whole when the write fails', async () => {
    const file = path.join(dir, 'b.pdf');
    await writeAtomically(file, Buffer.from('kept'));
    await expect(writeAtomically(path.join(file, 'no-such-folder-parent'), Buffer.from('x'))).rejects.toThrow();
    expect(await fs.readFile(file, 'utf8')).toBe('kept');
  });
});
