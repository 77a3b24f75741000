import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ListingFormOptionsDto, RoleName, StaffPropertyEditDto, StaffPropertyImageDto } from '@realty/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { Caller, signInAs, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * The staff listing form's API (issue 21; spec 02 §2 create/edit screens, §7 "Properties",
 * "Uploads"): the reference lists, the listing as its author edits it (with images), the image
 * order (first = main; owner or admin; audited; the public page follows at once) and the
 * deletion of an image through DELETE /api/upload/{name}. Real PostgreSQL, Redis and files.
 */
describe('listing form API', () => {
  let api: AccountsApi;
  let dataDir: string;
  let employee: Caller;
  let other: Caller;
  let admin: Caller;
  let anonymous: Caller;

  const signIn = (role: RoleName) => signInAs(api, role);
  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const listing = (over: Record<string, unknown> = {}) => ({
    title: { ru: 'Офис в БЦ Нурлы Тау', en: 'Office in Nurly Tau' },
    description: { ru: 'Светлый офис с панорамными окнами и ремонтом.' },
    price: 450_000,
    area: 120.5,
    address: 'пр. Аль-Фараби, 17, блок 4Б',
    city: 'Алматы',
    dealType: 'rent',
    categoryId: api.refs.categories.offices,
    propertyTypeId: api.refs.types.office,
    ...over,
  });
  const image = (background: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .jpeg()
      .toBuffer();
  /** Two JPEGs uploaded to `id` by `who` (multipart, bearer, no CSRF token: spec 02 §7). */
  const uploadTwo = async (who: Caller, id: string) => {
    const res = await request(api.server)
      .post('/api/upload/property-images')
      .set('Authorization', `Bearer ${who.accessToken}`)
      .field('propertyId', id)
      .attach('images', await image('#3366aa'), { filename: 'a.jpg', contentType: 'image/jpeg' })
      .attach('images', await image('#aa3366'), { filename: 'b.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    return res.body.data.files as Array<{ name: string; imageId: string }>;
  };
  const edit = (who: Caller, id: string) => who.call('get', `/api/properties/${id}/edit`);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-listing-form-'));
    api = await startAccountsApi({ env: { DATA_DIR: dataDir, OUTBOX_POLL_MS: '600000' } });
    employee = (await signIn('employee')).caller;
    other = (await signIn('employee')).caller;
    admin = (await signIn('admin')).caller;
    anonymous = await Caller.create(api.server);
  });
  afterAll(async () => {
    await api?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('GET /api/properties/form-options: every reference list with ids, staff only', async () => {
    const res = await employee.call('get', '/api/properties/form-options').expect(200);
    const o: ListingFormOptionsDto = res.body.data;
    const offices = o.categories.find((c) => c.id === api.refs.categories.offices);
    expect(offices?.subcategories.map((s) => s.id)).toContain(api.refs.subcategories['office-space']);
    expect(o.propertyTypes.map((t) => t.id)).toContain(api.refs.types.office);
    expect(o.districts.map((d) => d.id)).toContain(api.refs.districts.bostandyk);
    expect(o.buildingComplexes.map((b) => b.id)).toContain(api.refs.buildingComplexId);
    expect(offices?.name.ru).toBeTruthy();
    await anonymous.call('get', '/api/properties/form-options').expect(401);
    await (await signIn('user')).caller.call('get', '/api/properties/form-options').expect(403);
  });

  it('GET /api/properties/:id/edit: owner or admin; the proposed values while an edit waits', async () => {
    const p = (await employee.call('post', '/api/properties', listing()).expect(201)).body.data;
    const own = (await edit(employee, p.id).expect(200)).body.data as StaffPropertyEditDto;
    expect(own).toMatchObject({ id: p.id, status: 'pending', price: 450_000, images: [], pendingChanges: null });
    await edit(other, p.id).expect(403);
    await edit(admin, p.id).expect(200);
    await edit(employee, '00000000-0000-4000-8000-000000000000').expect(404);
    await edit(employee, 'nope').expect(404);

    // approved, then edited by the employee: the public keeps 450 000, the form shows 500 000
    await admin.call('post', `/api/properties/${p.id}/approve`, {}).expect(200);
    await employee.call('put', `/api/properties/${p.id}`, listing({ price: 500_000, city: 'Астана' })).expect(200);
    const waiting = (await edit(employee, p.id).expect(200)).body.data as StaffPropertyEditDto;
    expect(waiting).toMatchObject({ status: 'active', price: 500_000, city: 'Астана', pendingChanges: { price: 500_000 } });
    expect((await anonymous.call('get', `/api/properties/${p.id}`).expect(200)).body.data.price).toBe(450_000);

    // deleted -> 404
    await employee.call('delete', `/api/properties/${p.id}`).expect(204);
    await edit(employee, p.id).expect(404);
  });

  it('PUT /api/properties/:id/images: the first is the main image, on the public page at once; audited; owner or admin', async () => {
    const p = (await admin.call('post', '/api/properties', listing()).expect(201)).body.data;
    const [first, second] = await uploadTwo(admin, p.id);
    const before = (await edit(admin, p.id).expect(200)).body.data as StaffPropertyEditDto;
    expect(before.images.map((i) => [i.id, i.isMain, i.name])).toEqual([
      [first.imageId, true, first.name],
      [second.imageId, false, second.name],
    ]);
    expect(before.images[0].url).toContain(first.name);
    const publicFirst = (await anonymous.call('get', `/api/properties/${p.id}`).expect(200)).body.data.images;
    expect(publicFirst.map((i: { id: string }) => i.id)).toEqual([first.imageId, second.imageId]);

    // another employee may not; a wrong list is a 400 with the field
    await other.call('put', `/api/properties/${p.id}/images`, { order: [second.imageId, first.imageId] }).expect(403);
    const missing = await admin.call('put', `/api/properties/${p.id}/images`, { order: [second.imageId] }).expect(400);
    expect(missing.body.error.fields).toHaveProperty('order');
    await admin.call('put', `/api/properties/${p.id}/images`, { order: [second.imageId, second.imageId] }).expect(400);
    await admin
      .call('put', `/api/properties/${p.id}/images`, { order: [second.imageId, '00000000-0000-4000-8000-000000000000'] })
      .expect(400);
    await admin.call('put', `/api/properties/${p.id}/images`, { order: 'x' }).expect(400);

    const res = await admin.call('put', `/api/properties/${p.id}/images`, { order: [second.imageId, first.imageId] }).expect(200);
    expect((res.body.data as StaffPropertyImageDto[]).map((i) => [i.id, i.isMain, i.sortOrder])).toEqual([
      [second.imageId, true, 0],
      [first.imageId, false, 1],
    ]);
    // the public page and card show the new main image at once (cache dropped by the write)
    const detail = (await anonymous.call('get', `/api/properties/${p.id}`).expect(200)).body.data;
    expect(detail.images[0].id).toBe(second.imageId);
    const card = (await anonymous.call('get', '/api/properties?limit=100').expect(200)).body.data.find(
      (x: { id: string }) => x.id === p.id,
    );
    expect(card.images[0].id).toBe(second.imageId);
    const audit = await db<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_logs WHERE entity = 'property' AND entity_id = $1 AND action = 'property.images_reorder'`,
      [p.id],
    );
    expect(audit).toEqual([
      {
        action: 'property.images_reorder',
        before: { imageOrder: [first.imageId, second.imageId] },
        after: { imageOrder: [second.imageId, first.imageId] },
      },
    ]);
  });

  it('an employee reorders and deletes the images of their own listing; the public page follows', async () => {
    const p = (await employee.call('post', '/api/properties', listing()).expect(201)).body.data;
    const [first, second] = await uploadTwo(employee, p.id);
    await employee.call('put', `/api/properties/${p.id}/images`, { order: [second.imageId, first.imageId] }).expect(200);
    await other.call('delete', `/api/upload/${second.name}`).expect(403);
    await employee.call('delete', `/api/upload/${second.name}`).expect(204);
    const after = (await edit(employee, p.id).expect(200)).body.data as StaffPropertyEditDto;
    expect(after.images.map((i) => [i.id, i.isMain])).toEqual([[first.imageId, true]]);
    expect(await db(`SELECT id FROM property_images WHERE property_id = $1`, [p.id])).toEqual([{ id: first.imageId }]);
    // published: the public page has the one image left
    await admin.call('post', `/api/properties/${p.id}/approve`, {}).expect(200);
    const detail = (await anonymous.call('get', `/api/properties/${p.id}`).expect(200)).body.data;
    expect(detail.images.map((i: { id: string }) => i.id)).toEqual([first.imageId]);
    const actions = await db<{ action: string }>(
      `SELECT action FROM audit_logs WHERE entity_id = ANY($1::varchar[]) ORDER BY occurred_at, id`,
      [[p.id, first.imageId, second.imageId, second.name]],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'property.create',
      'property_image.create',
      'property_image.create',
      'property.images_reorder',
      'upload.delete',
      'property.approve',
    ]);
  });
});
