import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import sharp from 'sharp';
import { catalogProperties, insertProperty, withClient } from '../../test/fixtures';

/** The video limit of this file (UPLOAD_VIDEO_MAX_BYTES), small so the 413 path is cheap. */
const LIMIT = 100_000;

/** An ISO-BMFF box: 32-bit size, 4-character type, payload. */
function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/**
 * A small MP4 as an encoder writes its start: `ftyp` (major brand isom, compatible isom, iso2,
 * avc1, mp41), then `free` and an `mdat` of `bytes` in all. file-type decides mp4 from the
 * `ftyp` box and its major brand; 'qt  ' as major brand makes it a QuickTime movie.
 */
function mp4(bytes = 2048, brand = 'isom'): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41', 'latin1')]),
  );
  const free = box('free', Buffer.alloc(0));
  return Buffer.concat([ftyp, free, box('mdat', Buffer.alloc(bytes - ftyp.length - free.length - 8, 0x42))]);
}

/**
 * POST /api/upload/videos (spec 02 §7 Uploads, decision 035) against real PostgreSQL, Redis and
 * files: the type by content (an MP4 and a MOV made byte by byte; a renamed executable refused),
 * the size limit (UPLOAD_VIDEO_MAX_BYTES set small here) with nothing left on disk, generated
 * names whatever the client calls the file, staff only, and the audit row beside the uploads row.
 */
describe('video uploads', () => {
  let api: AccountsApi;
  let dataDir: string;
  let staff: Caller;
  let staffId: string;
  let customer: Caller;
  let propertyId: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-videos-'));
    // What a process killed mid-upload leaves: one part two days old, one just being written.
    const incoming = path.join(dataDir, 'uploads', '.incoming');
    await fs.mkdir(incoming, { recursive: true });
    await fs.writeFile(path.join(incoming, 'stale.part'), 'x');
    await fs.writeFile(path.join(incoming, 'recent.part'), 'x');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    await fs.utimes(path.join(incoming, 'stale.part'), twoDaysAgo, twoDaysAgo);
    api = await startAccountsApi({ env: { DATA_DIR: dataDir, UPLOAD_VIDEO_MAX_BYTES: String(LIMIT) } });
    const staffEmail = freshEmail('video-staff');
    staffId = await insertUser(api, { email: staffEmail, role: 'employee' });
    const customerEmail = freshEmail('video-customer');
    await insertUser(api, { email: customerEmail, role: 'user' });
    propertyId = await withClient(api.databaseUrl, async (c) => {
      const id = await insertProperty(c, api.refs, catalogProperties()[0]);
      await c.query(`UPDATE properties SET owner_id = $1 WHERE id = $2`, [staffId, id]);
      return id;
    });
    staff = await Caller.create(api.server);
    await staff.login(staffEmail);
    customer = await Caller.create(api.server);
    await customer.login(customerEmail);
  });
  afterAll(async () => {
    await api?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A multipart POST without CSRF token (spec 02 §7), as `who`. */
  const upload = (who: Caller | null, files: Array<{ data: Buffer; name: string; type: string }>) => {
    let t = request(api.server).post('/api/upload/videos');
    if (who?.accessToken) t = t.set('Authorization', `Bearer ${who.accessToken}`);
    for (const f of files) t = t.attach('video', f.data, { filename: f.name, contentType: f.type });
    return t;
  };
  /** Every file under the data directory, relative to it. */
  const filesOnDisk = async (): Promise<string[]> => {
    const entries = await fs.readdir(dataDir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)));
  };

  it('removed at start the half-received part a killed process left two days ago, not a recent one', async () => {
    expect(await fs.readdir(path.join(dataDir, 'uploads', '.incoming'))).toEqual(['recent.part']);
    await fs.rm(path.join(dataDir, 'uploads', '.incoming', 'recent.part'));
  });

  it('stores an MP4 sent as octet-stream under a generated name, with its uploads row and the audit row video.create', async () => {
    const data = mp4();
    const res = await upload(staff, [{ data, name: 'tour.bin', type: 'application/octet-stream' }]);
    expect(res.status).toBe(201);
    const [file] = res.body.data.files;
    expect(file).toMatchObject({ mime: 'video/mp4', size: data.length });
    expect(file.name).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect(file.url).toBe(`/media/videos/${file.name}`);
    expect(await fs.readFile(path.join(dataDir, 'uploads', 'videos', file.name))).toEqual(data);
    const rows = await withClient(api.databaseUrl, async (c) => ({
      upload: (await c.query(`SELECT kind, mime, size_bytes::int AS size, uploader_id FROM uploads WHERE name = $1`, [file.name])).rows,
      audit: (await c.query(`SELECT actor_id, entity, after FROM audit_logs WHERE action = 'video.create' AND entity_id = $1`, [file.name]))
        .rows,
    }));
    expect(rows.upload).toEqual([{ kind: 'video', mime: 'video/mp4', size: data.length, uploader_id: staffId }]);
    expect(rows.audit).toEqual([{ actor_id: staffId, entity: 'video', after: { name: file.name, mime: 'video/mp4', size: data.length } }]);
  });

  it('takes a QuickTime movie as .mov and one exactly at the limit', async () => {
    const res = await upload(staff, [
      { data: mp4(4096, 'qt  '), name: 'clip.mp4', type: 'video/mp4' },
      { data: mp4(LIMIT), name: 'edge.mp4', type: 'video/mp4' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data.files.map((f: { mime: string; size: number }) => [f.mime, f.size])).toEqual([
      ['video/quicktime', 4096],
      ['video/mp4', LIMIT],
    ]);
    expect(res.body.data.files[0].name).toMatch(/\.mov$/);
  });

  it('refuses an executable renamed to .mp4 (and a JPEG-looking name) with 415 and keeps nothing', async () => {
    const before = await filesOnDisk();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(5000, 0x90)]);
    const res = await upload(staff, [{ data: exe, name: 'tour.mp4', type: 'video/mp4' }]).set('Accept-Language', 'en');
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: 'This file type is not allowed' });
    // A good MP4 beside it does not make the request pass: all or nothing.
    const mixed = await upload(staff, [
      { data: mp4(), name: 'ok.mp4', type: 'video/mp4' },
      { data: exe, name: 'x.mp4', type: 'video/mp4' },
    ]);
    expect(mixed.status).toBe(415);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a file over UPLOAD_VIDEO_MAX_BYTES with 413 FILE_TOO_LARGE and leaves no file behind', async () => {
    const before = await filesOnDisk();
    const res = await upload(staff, [{ data: mp4(LIMIT + 1), name: 'big.mp4', type: 'video/mp4' }]);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('FILE_TOO_LARGE');
    const bigger = await upload(staff, [
      { data: mp4(), name: 'first.mp4', type: 'video/mp4' },
      { data: mp4(LIMIT * 3), name: 'second.mp4', type: 'video/mp4' },
    ]);
    expect(bigger.status).toBe(413);
    expect(await filesOnDisk()).toEqual(before);
    const health = await staff.call('get', '/api/upload/health');
    expect(health.body.data.videos).toEqual({ maxBytes: LIMIT, types: ['video/mp4', 'video/webm', 'video/quicktime'] });
  });

  it('never uses the client name: `../` in it stores under a generated name inside videos/, and DELETE refuses such names', async () => {
    const res = await upload(staff, [{ data: mp4(), name: '../../../escape.mp4', type: 'video/mp4' }]);
    expect(res.status).toBe(201);
    const { name } = res.body.data.files[0];
    expect(name).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect((await filesOnDisk()).filter((f) => f.includes('escape'))).toEqual([]);
    await expect(fs.access(path.join(os.tmpdir(), 'escape.mp4'))).rejects.toThrow();
    for (const bad of ['..%2F..%2Fescape.mp4', '..%2Fvideos%2F' + name, 'escape.mp4']) {
      expect((await staff.call('delete', `/api/upload/${bad}`)).status).toBe(400);
    }
    expect((await staff.call('delete', `/api/upload/${name}`)).status).toBe(204);
    await expect(fs.access(path.join(dataDir, 'uploads', 'videos', name))).rejects.toThrow();
  });

  it('removes the stored file when its database transaction fails (videos, and documents and property images the same way)', async () => {
    const before = await filesOnDisk();
    await withClient(api.databaseUrl, (c) =>
      c.query(`
        CREATE FUNCTION test_refuse_upload() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$;
        CREATE TRIGGER test_refuse_upload BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION test_refuse_upload();`),
    );
    try {
      const res = await upload(staff, [{ data: mp4(), name: 'a.mp4', type: 'video/mp4' }]);
      expect(res.status).toBe(500);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
      const doc = await request(api.server)
        .post('/api/upload/documents')
        .set('Authorization', `Bearer ${staff.accessToken}`)
        .attach('file', pdf, { filename: 'a.pdf', contentType: 'application/pdf' });
      expect(doc.status).toBe(500);
      const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const image = await request(api.server)
        .post('/api/upload/property-images')
        .set('Authorization', `Bearer ${staff.accessToken}`)
        .field('propertyId', propertyId)
        .attach('images', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
      expect(image.status).toBe(500);
    } finally {
      await withClient(api.databaseUrl, (c) => c.query(`DROP TRIGGER test_refuse_upload ON uploads; DROP FUNCTION test_refuse_upload();`));
    }
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses anonymous callers (401) and customers (403)', async () => {
    const anon = await upload(null, [{ data: mp4(), name: 'a.mp4', type: 'video/mp4' }]);
    expect(anon.status).toBe(401);
    const res = await upload(customer, [{ data: mp4(), name: 'a.mp4', type: 'video/mp4' }]);
    expect(res.status).toBe(403);
  });
});
