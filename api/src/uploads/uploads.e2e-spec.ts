import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JobName, JobProducer, QueueName, redisConnection } from '@realty/jobs';
import { eventually } from '@realty/testkit';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import request from 'supertest';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { catalogProperties, insertProperty, withClient } from '../../test/fixtures';
import { pngBomb } from '../../../worker/test/png-bomb';

/**
 * Uploads (spec 02 §7) against real PostgreSQL, Redis and files: real JPEG/PNG made by sharp, a
 * minimal PDF, an XLSX made by exceljs. Variants: the test asserts the PropertyImageVariants job
 * reaches the media queue with its payload (through the outbox); the worker is not run here.
 */
describe('uploads', () => {
  let api: AccountsApi;
  let dataDir: string;
  let owner: Caller;
  let other: Caller;
  let propertyId: string;
  let producer: JobProducer;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-uploads-'));
    api = await startAccountsApi({ env: { DATA_DIR: dataDir, UPLOAD_IMAGE_MAX_BYTES: '200000', OUTBOX_POLL_MS: '200' } });
    const ownerEmail = freshEmail('owner');
    const ownerId = await insertUser(api, { email: ownerEmail, role: 'employee' });
    const otherEmail = freshEmail('other');
    await insertUser(api, { email: otherEmail, role: 'employee' });
    propertyId = await withClient(api.databaseUrl, async (c) => {
      const id = await insertProperty(c, api.refs, catalogProperties()[0]);
      await c.query(`UPDATE properties SET owner_id = $1 WHERE id = $2`, [ownerId, id]);
      return id;
    });
    owner = await Caller.create(api.server);
    await owner.login(ownerEmail);
    other = await Caller.create(api.server);
    await other.login(otherEmail);
    producer = new JobProducer(redisConnection(), api.redisPrefix);
  });
  afterAll(async () => {
    await producer?.close();
    await api?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A multipart POST without CSRF token (spec 02 §7), as `who`. */
  const upload = (
    who: Caller | null,
    url: string,
    files: Array<{ data: Buffer; name: string; type: string }>,
    fields: Record<string, string> = {},
  ) => {
    let t = request(api.server).post(url);
    if (who?.accessToken) t = t.set('Authorization', `Bearer ${who.accessToken}`);
    for (const [k, v] of Object.entries(fields)) t = t.field(k, v);
    for (const f of files) t = t.attach('images', f.data, { filename: f.name, contentType: f.type });
    return t;
  };
  const jpeg = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
  const png = () =>
    sharp({ create: { width: 32, height: 32, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();

  it('stores a JPEG for an owned property: file, property_images row, audit row, variants job on the media queue', async () => {
    const res = await upload(owner, '/api/upload/property-images', [{ data: await jpeg(), name: 'photo.jpg', type: 'image/jpeg' }], {
      propertyId,
    });
    expect(res.status).toBe(201);
    const [file] = res.body.data.files;
    expect(file).toMatchObject({ mime: 'image/jpeg', width: 64, height: 48 });
    expect(file.name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const stored = await fs.readFile(path.join(dataDir, 'uploads', 'properties', propertyId, file.name));
    expect(stored.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const rows = await withClient(api.databaseUrl, async (c) => ({
      image: (await c.query(`SELECT property_id, storage_key FROM property_images WHERE id = $1`, [file.imageId])).rows,
      audit: (
        await c.query(`SELECT action, entity_id FROM audit_logs WHERE action = 'property_image.create' AND entity_id = $1`, [file.imageId])
      ).rows,
    }));
    expect(rows.image).toEqual([{ property_id: propertyId, storage_key: `properties/${propertyId}/${file.name}` }]);
    expect(rows.audit).toHaveLength(1);
    const queue = producer.queue(QueueName.Media);
    const jobs = await eventually('the variants job on the media queue', async () => {
      const found = (await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed'])).filter(
        (j) => j.name === JobName.PropertyImageVariants && j.data.imageId === file.imageId,
      );
      return found.length ? found : undefined;
    });
    expect(jobs[0].data).toEqual({ imageId: file.imageId });
  });

  it('refuses an EXE renamed to .jpg with 415, and takes a PNG sent as image/jpeg as a PNG', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 0x90)]);
    const bad = await upload(owner, '/api/upload/property-images', [{ data: exe, name: 'photo.jpg', type: 'image/jpeg' }], { propertyId });
    expect(bad.status).toBe(415);
    expect(bad.body.error.code).toBe('UNSUPPORTED_FILE_TYPE');
    const ok = await upload(owner, '/api/upload/property-images', [{ data: await png(), name: 'photo.jpg', type: 'image/jpeg' }], {
      propertyId,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.files[0]).toMatchObject({ mime: 'image/png' });
    expect(ok.body.data.files[0].name).toMatch(/\.png$/);
  });

  it('answers 413 over the configured size and for a decompression bomb, in the caller language', async () => {
    const big = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(200000);
    const res = await upload(owner, '/api/upload/property-images', [{ data: big, name: 'big.png', type: 'image/png' }], { propertyId }).set(
      'Accept-Language',
      'en',
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'The file is too large' });
    const bomb = await upload(owner, '/api/upload/property-images', [{ data: pngBomb(20_000, 20_000), name: 'b.png', type: 'image/png' }], {
      propertyId,
    });
    expect(bomb.status).toBe(413);
    expect(bomb.body.error.code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('stores a PDF and an XLSX as documents and refuses a PNG there', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['a', 1]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(owner, '/api/upload/documents', [
      { data: pdf, name: 'a.pdf', type: 'application/pdf' },
      { data: xlsx, name: 'b.bin', type: 'application/octet-stream' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data.files.map((f: { name: string }) => f.name.split('.')[1])).toEqual(['pdf', 'xlsx']);
    const bad = await upload(owner, '/api/upload/documents', [{ data: await png(), name: 'x.pdf', type: 'application/pdf' }]);
    expect(bad.status).toBe(415);
  });

  it('deletes only names of the generated shape, only for the uploader or an admin', async () => {
    const res = await upload(owner, '/api/upload/property-images', [{ data: await jpeg(), name: 'p.jpg', type: 'image/jpeg' }], {
      propertyId,
    });
    const { name, imageId } = res.body.data.files[0];
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', '..', 'abc.jpg', `${name.slice(0, -4)}.exe`]) {
      expect((await owner.call('delete', `/api/upload/${bad}`)).status).toBe(400);
    }
    expect((await other.call('delete', `/api/upload/${name}`)).status).toBe(403);
    expect((await owner.call('delete', `/api/upload/${name}`)).status).toBe(204);
    await expect(fs.access(path.join(dataDir, 'uploads', 'properties', propertyId, name))).rejects.toThrow();
    const left = await withClient(api.databaseUrl, async (c) => ({
      image: (await c.query(`SELECT 1 FROM property_images WHERE id = $1`, [imageId])).rowCount,
      audit: (await c.query(`SELECT 1 FROM audit_logs WHERE action = 'upload.delete' AND entity_id = $1`, [name])).rowCount,
    }));
    expect(left).toEqual({ image: 0, audit: 1 });
  });

  it('refuses a non-owner employee (403) and anonymous callers (401)', async () => {
    const data = await jpeg();
    const res = await upload(other, '/api/upload/property-images', [{ data, name: 'p.jpg', type: 'image/jpeg' }], { propertyId });
    expect(res.status).toBe(403);
    const anon = await upload(null, '/api/upload/property-images', [{ data, name: 'p.jpg', type: 'image/jpeg' }], { propertyId });
    expect(anon.status).toBe(401);
  });
});
