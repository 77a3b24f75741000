import 'reflect-metadata';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as argon2 from 'argon2';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import {
  DISTRICTS,
  LANGUAGES,
  PROPERTY_FEATURES,
  PROPERTY_TYPES,
  PropertyWriteDto,
  RejectPropertyDto,
  ROLES,
  validateInput,
  type LocalizedText,
} from '@realty/contracts';
import { createTestDatabase } from '@realty/testkit';
import { createDataSource, LocalFileStorage } from '@realty/db';
import { CRM_COUNTS, FRESH_NEW_LEADS } from './demo-crm';
import { DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH, demoImagePool, renderDemoImage } from './demo-images';
import { MIN_PENDING, MIN_REJECTED } from './demo-moderation';
import { AREA_RANGES, generateProperties, RATE_RANGES } from './demo-properties';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, HOME_COMPLEX_SLUG } from './reference-data';
import { DEFAULT_LISTING_COUNT, DEFAULT_REFERENCE_DATE, seedDemoData, type SeedResult } from './seed-demo-data';

/** The CRM's demo data is dated from this instant in these tests (a Thursday, 17:30 in Almaty). */
const CRM_NOW = new Date('2026-11-26T12:30:00.000Z');

/** Real PostgreSQL: two fresh databases seeded with the same (default) seed. */
describe('seedDemoData', () => {
  let tmp: string;
  let storage: LocalFileStorage;
  const dbs: Array<{ url: string; drop: () => Promise<void> }> = [];
  let a: DataSource;
  let b: DataSource;
  let resultA: SeedResult;
  let resultB: SeedResult;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'realty-seed-'));
    storage = new LocalFileStorage(path.join(tmp, 'uploads'));
    dbs.push(...(await Promise.all([createTestDatabase('realty_seed_a'), createTestDatabase('realty_seed_b')])));
    a = createDataSource(dbs[0].url);
    b = createDataSource(dbs[1].url);
    await Promise.all([a.initialize(), b.initialize()]);
    resultA = await seedDemoData(a, { storage, crmNow: CRM_NOW });
    resultB = await seedDemoData(b, { storage, crmNow: CRM_NOW });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a, b].filter((ds) => ds?.isInitialized).map((ds) => ds.destroy()));
    await Promise.all(dbs.map((d) => d.drop()));
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  const tableHash = async (ds: DataSource, table: string) =>
    (await ds.query(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t.id)) AS h FROM ${table} t`))[0] as {
      n: number;
      h: string;
    };

  it('gives identical rows in two databases for the same seed (UUIDs, dates and hashes included)', async () => {
    for (const table of [
      'roles',
      'districts',
      'property_categories',
      'property_subcategories',
      'property_types',
      'building_complexes',
      'users',
      'properties',
      'property_images',
      'partner_categories',
      'partners',
      'blog_categories',
      'blog_posts',
      'clients',
      'client_contacts',
      'leads',
      'deals',
      'tasks',
      'viewings',
      'calendar_events',
      'activities',
      'message_templates',
      'notifications',
    ]) {
      const [ha, hb] = await Promise.all([tableHash(a, table), tableHash(b, table)]);
      expect(ha.n).toBeGreaterThan(0);
      expect({ table, ...hb }).toEqual({ table, ...ha });
    }
    expect(resultB.imageIds).toEqual(resultA.imageIds);
    expect(resultA.summary.poolImagesWritten).toBe(32);
    expect(resultB.summary.poolImagesWritten).toBe(0); // the shared pool files were reused
  });

  it('draws the pool images identically every time', async () => {
    const [x, y] = await Promise.all([renderDemoImage('office', 3), renderDemoImage('office', 3)]);
    expect(x.equals(y)).toBe(true);
    expect(x.equals(await renderDemoImage('office', 4))).toBe(false);
  });

  it('loads the default listings (at least 150 public) over every type, deal type and district', async () => {
    expect(resultA.summary.listings).toBe(DEFAULT_LISTING_COUNT);
    const [pub] = await a.query(`SELECT count(*)::int AS n FROM properties WHERE status = 'active' AND deleted_at IS NULL`);
    expect(pub.n).toBeGreaterThanOrEqual(150);
    const rows: Array<{ type: string; deal: string; district: string; n: number }> = await a.query(`
      SELECT t.slug AS type, p.deal_type AS deal, d.slug AS district, count(*)::int AS n
      FROM properties p JOIN property_types t ON t.id = p.property_type_id JOIN districts d ON d.id = p.district_id
      GROUP BY 1, 2, 3`);
    const total = rows.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(150);
    const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
    for (const type of PROPERTY_TYPES) expect(sum((r) => r.type === type)).toBeGreaterThan(0);
    for (const district of DISTRICTS) expect(sum((r) => r.district === district)).toBeGreaterThan(0);
    // Offices are the most common type; about 70/30 rent/sale; coworking is rent only.
    const byType = Object.fromEntries(PROPERTY_TYPES.map((t) => [t, sum((r) => r.type === t)]));
    expect(byType.office).toBe(Math.max(...Object.values(byType)));
    const sale = sum((r) => r.deal === 'sale') / total;
    expect(sale).toBeGreaterThan(0.22);
    expect(sale).toBeLessThan(0.38);
    expect(sum((r) => r.type === 'coworking' && r.deal === 'sale')).toBe(0);
  });

  it('places every listing and building complex inside its district bounds', async () => {
    const rows: Array<{ lat: number; lon: number; bounds: { south: number; west: number; north: number; east: number } }> = await a.query(`
      SELECT p.latitude AS lat, p.longitude AS lon, d.bounds FROM properties p JOIN districts d ON d.id = p.district_id
      UNION ALL
      SELECT c.latitude, c.longitude, d.bounds FROM building_complexes c JOIN districts d ON d.id = c.district_id`);
    expect(rows.length).toBe(DEFAULT_LISTING_COUNT + 13);
    for (const r of rows) {
      expect(r.lat).toBeGreaterThan(r.bounds.south);
      expect(r.lat).toBeLessThan(r.bounds.north);
      expect(r.lon).toBeGreaterThan(r.bounds.west);
      expect(r.lon).toBeLessThan(r.bounds.east);
    }
    // Inside Almaty, and the four boxes do not overlap.
    const boxes: Array<{ slug: string; bounds: { south: number; west: number; north: number; east: number } }> = await a.query(
      'SELECT slug, bounds FROM districts',
    );
    expect(boxes.map((x) => x.slug).sort()).toEqual([...DISTRICTS].sort());
    for (const { bounds } of boxes) {
      expect(bounds.south).toBeGreaterThan(43.15);
      expect(bounds.north).toBeLessThan(43.35);
      expect(bounds.west).toBeGreaterThan(76.75);
      expect(bounds.east).toBeLessThan(77.1);
    }
    for (const x of boxes)
      for (const y of boxes)
        if (x !== y) {
          const overlap =
            x.bounds.south < y.bounds.north &&
            y.bounds.south < x.bounds.north &&
            x.bounds.west < y.bounds.east &&
            y.bounds.west < x.bounds.east;
          expect({ pair: `${x.slug}/${y.slug}`, overlap }).toEqual({ pair: `${x.slug}/${y.slug}`, overlap: false });
        }
  });

  it('writes every text in ru, en, kk and zh, non-empty and different per language', async () => {
    const rows: Array<Record<string, LocalizedText>> = await a.query(
      'SELECT title, description, h1, seo_title, seo_description, seo_keywords FROM properties',
    );
    for (const row of rows)
      for (const [field, text] of Object.entries(row)) {
        for (const lang of LANGUAGES) expect(text[lang]?.trim().length ?? 0).toBeGreaterThan(0);
        expect({ field, distinct: new Set(LANGUAGES.map((l) => text[l])).size }).toEqual({ field, distinct: 4 });
      }
    for (const row of rows)
      for (const lang of LANGUAGES) {
        expect(row.title[lang].length).toBeGreaterThanOrEqual(5);
        expect(row.title[lang].length).toBeLessThanOrEqual(200);
        expect(row.description[lang].length).toBeGreaterThanOrEqual(20);
        expect(row.description[lang].length).toBeLessThanOrEqual(2000);
        expect(row.seo_description[lang].length).toBeLessThanOrEqual(160);
      }
    // Real Kazakh and Chinese, not copies of the Russian: Kazakh-only letters and CJK characters.
    expect(rows.filter((r) => /[әғқңөұүһі]/i.test(r.description.kk)).length).toBe(rows.length);
    expect(rows.filter((r) => /[\u4e00-\u9fff]/.test(r.title.zh) && /[\u4e00-\u9fff]/.test(r.description.zh)).length).toBe(rows.length);
    expect(rows.filter((r) => /[а-я]/i.test(r.title.en)).length).toBe(0);
  });

  it('gives every listing 3-8 images whose files exist and are 1600x1067 JPEGs', async () => {
    const perListing: Array<{ n: number }> = await a.query(
      'SELECT count(i.id)::int AS n FROM properties p LEFT JOIN property_images i ON i.property_id = p.id GROUP BY p.id',
    );
    expect(perListing).toHaveLength(DEFAULT_LISTING_COUNT);
    for (const { n } of perListing) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(8);
    }
    const keys: Array<{ storage_key: string }> = await a.query('SELECT DISTINCT storage_key FROM property_images');
    expect(keys.length).toBeGreaterThan(20);
    for (const { storage_key } of keys) expect(await storage.exists(storage_key)).toBe(true);
    const meta = await sharp(await storage.get(keys[0].storage_key)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', DEMO_IMAGE_WIDTH, DEMO_IMAGE_HEIGHT]);
    // Images match the listing's type (a warehouse never shows an office).
    const wrong: Array<{ n: number }> = await a.query(`
      SELECT count(*)::int AS n FROM property_images i JOIN properties p ON p.id = i.property_id JOIN property_types t ON t.id = p.property_type_id
      WHERE i.storage_key NOT LIKE 'properties/demo/' || t.slug || '-%' AND i.storage_key NOT LIKE 'properties/demo/facade-%'`);
    expect(wrong[0].n).toBe(0);
    expect(resultA.imageIds).toHaveLength(resultA.summary.images);
  });

  it('creates one sign-in account per role with the demo password, and 6-8 agents', async () => {
    const users: Array<{ email: string; role: string; hash: string | null }> = await a.query(
      'SELECT u.email, r.name AS role, u.password_hash AS hash FROM users u JOIN roles r ON r.id = u.role_id',
    );
    const roles: Array<{ name: string; title: string }> = await a.query('SELECT name, title FROM roles');
    expect(roles.map((r) => r.name).sort()).toEqual([...ROLES].sort());
    expect(roles.find((r) => r.name === 'super_admin')?.title).toBe('Суперадминистратор');
    const accounts = users.filter((u) => u.hash);
    expect(accounts.map((u) => u.role).sort()).toEqual([...ROLES].sort());
    expect(accounts.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((x) => x.email).sort());
    for (const u of accounts) {
      expect(u.hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(u.hash!.split('$')[3].split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
      expect(await argon2.verify(u.hash!, DEMO_PASSWORD)).toBe(true);
      expect(await argon2.verify(u.hash!, 'wrong-password')).toBe(false);
    }
    const agents: Array<{ role: string; phone: string; first_name: string }> = await a.query(`
      SELECT DISTINCT u.id, r.name AS role, u.phone, u.first_name FROM properties p
      JOIN users u ON u.id = p.agent_id JOIN roles r ON r.id = u.role_id`);
    expect(agents.length).toBeGreaterThanOrEqual(6);
    expect(agents.length).toBeLessThanOrEqual(8);
    for (const agent of agents) {
      expect(['employee', 'manager']).toContain(agent.role);
      expect(agent.phone).toMatch(/^\+7 7\d\d \d{3} \d{2} \d{2}$/);
      expect(agent.first_name).toMatch(/^[А-ЯЁ][а-яё]+$/);
    }
  });

  it('features at least 12 active listings, about 10%, and soft-deletes 2-3', async () => {
    const [s] = await a.query(`SELECT
      count(*) FILTER (WHERE featured)::int AS featured,
      count(*) FILTER (WHERE featured AND (status <> 'active' OR deleted_at IS NOT NULL))::int AS featured_hidden,
      count(*) FILTER (WHERE status = 'active')::int AS active,
      count(*) FILTER (WHERE status = 'pending')::int AS pending,
      count(*) FILTER (WHERE status = 'inactive')::int AS inactive,
      count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted,
      count(DISTINCT views_count)::int AS views_values,
      max(views_count)::int AS max_views, max(favorites_count)::int AS max_favs,
      count(*) FILTER (WHERE favorites_count > 10)::int AS premium
      FROM properties`);
    expect(s.featured).toBeGreaterThanOrEqual(12);
    expect(s.featured).toBeLessThanOrEqual(30);
    expect(s.featured_hidden).toBe(0);
    expect(s.active / DEFAULT_LISTING_COUNT).toBeGreaterThan(0.85);
    expect(s.pending + s.inactive).toBeGreaterThan(0);
    expect(s.deleted).toBeGreaterThanOrEqual(2);
    expect(s.deleted).toBeLessThanOrEqual(3);
    expect(s.views_values).toBeGreaterThan(50);
    expect(s.max_views).toBeLessThanOrEqual(900);
    expect(s.max_favs).toBeLessThanOrEqual(40);
    expect(s.premium).toBeGreaterThan(0);
  });

  it('stages moderation work owned by demo agents: new listings on moderation, one waiting edit, rejections, deleted ones', async () => {
    const rows: Array<{
      status: string;
      title: LocalizedText;
      price: string;
      published_at: Date | null;
      updated_at: Date;
      deleted_at: Date | null;
      pending_changes: Record<string, unknown> | null;
      rejection_reason: string | null;
      rejection_notes: string | null;
      rejected_at: Date | null;
      owner: string;
      owner_role: string;
    }> = await a.query(`
      SELECT p.status, p.title, p.price, p.published_at, p.updated_at, p.deleted_at, p.pending_changes, p.rejection_reason, p.rejection_notes,
             p.rejected_at, u.email AS owner, r.name AS owner_role
      FROM properties p JOIN users u ON u.id = p.owner_id JOIN roles r ON r.id = u.role_id`);
    const live = rows.filter((x) => !x.deleted_at);
    const fresh = live.filter((x) => x.status === 'pending');
    expect(fresh.length).toBeGreaterThanOrEqual(MIN_PENDING);
    for (const x of fresh) expect(x.published_at).toBeNull();
    // Sent in the last ten days before the reference date: the queue is recent work.
    for (const x of fresh) expect(DEFAULT_REFERENCE_DATE.getTime() - x.updated_at.getTime()).toBeLessThanOrEqual(10 * 24 * 3600 * 1000);

    // One approved listing with an agent's edit: a lower price and a new title, every field the API compares, valid as a write.
    const edits = live.filter((x) => x.pending_changes);
    expect(edits).toHaveLength(1);
    const [edit] = edits;
    expect(edit.status).toBe('active');
    const proposed = edit.pending_changes!;
    expect(Object.keys(proposed).sort()).toEqual(
      [
        'title',
        'description',
        'price',
        'area',
        'address',
        'city',
        'rooms',
        'floor',
        'totalFloors',
        'yearBuilt',
        'latitude',
        'longitude',
        'dealType',
        'categoryId',
        'propertyTypeId',
        'subcategoryId',
        'districtId',
        'buildingComplexId',
        'features',
      ].sort(),
    );
    expect(proposed.price as number).toBeLessThan(Number(edit.price));
    expect((proposed.title as LocalizedText).ru).not.toBe(edit.title.ru);
    expect((proposed.title as LocalizedText).ru.startsWith(edit.title.ru)).toBe(true);
    const checked = await validateInput(PropertyWriteDto, proposed, 'ru');
    expect(checked.ok ? {} : checked.errors).toEqual({});

    // Rejected: inactive, never published, with the moderator's reason (bounds of RejectPropertyDto).
    const rejected = live.filter((x) => x.rejection_reason);
    expect(rejected.length).toBeGreaterThanOrEqual(MIN_REJECTED);
    for (const x of rejected) {
      expect([x.status, x.published_at, x.rejected_at instanceof Date]).toEqual(['inactive', null, true]);
      expect((await validateInput(RejectPropertyDto, { reason: x.rejection_reason, notes: x.rejection_notes }, 'ru')).ok).toBe(true);
    }
    // Every listing belongs to an agent; the demo employee owns some of each kind of work.
    for (const x of rows) expect(['employee', 'manager']).toContain(x.owner_role);
    const mine = rows.filter((x) => x.owner === 'employee@realty.local');
    expect(mine.filter((x) => !x.deleted_at && x.status === 'pending').length).toBeGreaterThan(0);
    expect(mine.filter((x) => x.pending_changes)).toHaveLength(1);
    expect(mine.filter((x) => x.rejection_reason).length).toBeGreaterThan(0);
    expect(mine.filter((x) => x.deleted_at).length).toBeGreaterThan(0);
    expect(resultA.summary).toMatchObject({ moderationListings: fresh.length + 1, rejectedListings: rejected.length });
  });

  it('keeps prices, areas and floors in the Almaty ranges', async () => {
    const rows: Array<{
      type: keyof typeof AREA_RANGES;
      deal: 'rent' | 'sale';
      price: string;
      area: string;
      floor: number;
      total: number;
    }> = await a.query(`
      SELECT t.slug AS type, p.deal_type AS deal, p.price, p.area, p.floor, p.total_floors AS total
      FROM properties p JOIN property_types t ON t.id = p.property_type_id`);
    for (const r of rows) {
      const price = Number(r.price);
      const area = Number(r.area);
      const [amin, amax] = AREA_RANGES[r.type];
      expect(area).toBeGreaterThanOrEqual(amin);
      expect(area).toBeLessThanOrEqual(amax);
      const [rmin, rmax] = RATE_RANGES[r.type][r.deal]!;
      // Sale prices are rounded to 10,000 ₸, which moves the per-m² rate by at most 5,000/area.
      const slack = r.deal === 'sale' ? 5000 / area : 0;
      expect(price / area).toBeGreaterThanOrEqual(rmin - slack);
      expect(price / area).toBeLessThanOrEqual(rmax + slack);
      if (r.deal === 'sale') expect(price % 10_000).toBe(0);
      expect(r.floor).toBeGreaterThanOrEqual(1);
      expect(r.floor).toBeLessThanOrEqual(r.total);
      if (r.type === 'warehouse') expect(r.floor).toBe(1);
    }
  });

  it('keeps features consistent with characteristics and slugs unique and latin', async () => {
    const rows: Array<{ slug: string; features: string[]; characteristics: Record<string, unknown> }> = await a.query(
      'SELECT slug, features, characteristics FROM properties',
    );
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(r.slug).not.toMatch(/^[0-9-]+$/);
      for (const f of r.features) expect(PROPERTY_FEATURES).toContain(f);
      for (const key of ['furniture', 'air_conditioning', 'parking', 'meeting_rooms', 'kitchen'] as const)
        expect({ slug: r.slug, key, feature: r.features.includes(key) }).toEqual({
          slug: r.slug,
          key,
          feature: Boolean(r.characteristics[key]),
        });
      expect(typeof r.characteristics.floor).toBe('number');
    }
  });

  it('stores the reference data: categories, subcategories, types, the home business centre', async () => {
    const cats: Array<{ slug: string; icon: string; name: LocalizedText }> = await a.query(
      'SELECT slug, icon, name FROM property_categories ORDER BY sort_order',
    );
    expect(cats.map((c) => [c.slug, c.icon])).toEqual([
      ['offices', 'building'],
      ['retail', 'store'],
      ['warehouses', 'warehouse'],
    ]);
    const subs: Array<{ slug: string; category: string; filters: string[] }> = await a.query(
      'SELECT s.slug, c.slug AS category, s.filters FROM property_subcategories s JOIN property_categories c ON c.id = s.category_id ORDER BY s.sort_order',
    );
    expect(subs).toEqual([
      { slug: 'office-space', category: 'offices', filters: ['rooms', 'furniture', 'air_conditioning', 'meeting_rooms'] },
      { slug: 'coworking', category: 'offices', filters: ['desk_type', 'wifi', 'meeting_rooms', 'kitchen'] },
    ]);
    const placement: Array<{ type: string; category: string; sub: string | null }> = await a.query(`
      SELECT DISTINCT t.slug AS type, c.slug AS category, s.slug AS sub FROM properties p
      JOIN property_types t ON t.id = p.property_type_id JOIN property_categories c ON c.id = p.category_id
      LEFT JOIN property_subcategories s ON s.id = p.subcategory_id ORDER BY 1`);
    expect(placement).toEqual([
      { type: 'coworking', category: 'offices', sub: 'coworking' },
      { type: 'office', category: 'offices', sub: 'office-space' },
      { type: 'retail', category: 'retail', sub: null },
      { type: 'warehouse', category: 'warehouses', sub: null },
    ]);
    const [home] = await a.query(
      'SELECT c.building_class, c.total_floors, c.year_built, c.address, d.slug AS district FROM building_complexes c JOIN districts d ON d.id = c.district_id WHERE c.slug = $1',
      [HOME_COMPLEX_SLUG],
    );
    expect(home).toEqual({
      building_class: 'A',
      total_floors: 25,
      year_built: 2015,
      address: expect.stringContaining('Аль-Фараби'),
      district: 'bostandyk',
    });
  });

  it('adds nothing when run again on the same database', async () => {
    const before = await tableHash(a, 'properties');
    const again = await seedDemoData(a, { storage });
    expect(again.summary).toMatchObject({ roles: 0, users: 0, listings: 0, images: 0, poolImagesWritten: 0, partners: 0, blogPosts: 0 });
    expect(again.imageIds).toEqual([]);
    expect(await tableHash(a, 'properties')).toEqual(before);
    // the CRM rows are keyed by their seeded ids, whatever the time of the run
    expect(Object.values(again.summary.crm).every((n) => n === 0)).toBe(true);
  });

  it('loads demo presentations (issue 23): to be made by the worker, one failed, one expired, a bulk run', async () => {
    const rows = (await a.query(`SELECT status, count(*)::int AS n FROM presentations GROUP BY status ORDER BY status`)) as Array<{
      status: string;
      n: number;
    }>;
    expect(Object.fromEntries(rows.map((r) => [r.status, r.n]))).toEqual({ expired: 1, failed: 1, generating: 15 });
    const [batch] = (await a.query(
      `SELECT b.total, count(p.id)::int AS n FROM presentation_batches b JOIN presentations p ON p.batch_id = b.id GROUP BY b.id`,
    )) as Array<{ total: number; n: number }>;
    expect(batch).toEqual({ total: 12, n: 12 });
  });

  it('loads the CRM demo data: leads, clients, deals over every status, stage and agent, dated around now', async () => {
    expect(resultA.summary.crm).toMatchObject({
      leads: CRM_COUNTS.leads,
      clients: CRM_COUNTS.clients,
      deals: CRM_COUNTS.deals,
      tasks: CRM_COUNTS.tasks,
      viewings: CRM_COUNTS.viewings,
      calendarEvents: CRM_COUNTS.calendarEvents,
      messageTemplates: 4,
    });
    expect(resultA.summary.crm.activities).toBeGreaterThan(1000);
    const count = async (sql: string) => ((await a.query(sql)) as Array<{ n: number }>)[0].n;
    // every lead status, source group, quality; every deal stage; every staff agent owns leads and deals
    expect(await count(`SELECT count(DISTINCT status)::int AS n FROM leads`)).toBe(7);
    expect(await count(`SELECT count(DISTINCT quality)::int AS n FROM leads`)).toBe(3);
    expect(await count(`SELECT count(DISTINCT source)::int AS n FROM leads`)).toBeGreaterThanOrEqual(8);
    expect(await count(`SELECT count(DISTINCT stage)::int AS n FROM deals`)).toBe(8);
    const agents = await count(
      `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name IN ('employee', 'manager')`,
    );
    expect(await count(`SELECT count(DISTINCT assigned_to)::int AS n FROM leads`)).toBe(agents);
    expect(await count(`SELECT count(DISTINCT owner_id)::int AS n FROM deals`)).toBe(agents);
    // dated within the last 60 days, never after now; the fresh new leads wait minutes
    const span = (await a.query(`SELECT min(created_at) AS min, max(created_at) AS max FROM leads`))[0] as { min: Date; max: Date };
    expect(span.max.getTime()).toBeLessThanOrEqual(CRM_NOW.getTime());
    expect(CRM_NOW.getTime() - span.min.getTime()).toBeLessThanOrEqual(60 * 86_400_000);
    expect(
      await count(`SELECT count(*)::int AS n FROM leads WHERE status = 'new' AND first_contacted_at IS NULL
        AND created_at > '${CRM_NOW.toISOString()}'::timestamptz - interval '3 hours'`),
    ).toBeGreaterThanOrEqual(FRESH_NEW_LEADS);
    // clients: corporate ones with BINs and contact persons, VIPs; converted leads point at their client and deal
    expect(await count(`SELECT count(*)::int AS n FROM clients WHERE type = 'corporate' AND bin IS NOT NULL`)).toBeGreaterThan(20);
    expect(await count(`SELECT count(*)::int AS n FROM clients WHERE is_vip`)).toBeGreaterThan(5);
    expect(await count(`SELECT count(DISTINCT client_id)::int AS n FROM client_contacts`)).toBeGreaterThan(20);
    expect(await count(`SELECT count(*)::int AS n FROM leads WHERE status = 'converted' AND (client_id IS NULL OR deal_id IS NULL)`)).toBe(
      0,
    );
    // deals: amounts in ₸, lost ones with a reason, won and lost closed, open ones not
    expect(await count(`SELECT count(*)::int AS n FROM deals WHERE amount < 100000`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM deals WHERE (stage IN ('won', 'lost')) <> (closed_at IS NOT NULL)`)).toBe(0);
    // tasks: some overdue and some due today for the demo employee (the first agent)
    const employee = ((await a.query(`SELECT id FROM users WHERE email = 'employee@realty.local'`)) as Array<{ id: string }>)[0].id;
    expect(
      await count(`SELECT count(*)::int AS n FROM tasks WHERE assigned_to = '${employee}' AND status NOT IN ('completed', 'cancelled')
      AND due_date < '${CRM_NOW.toISOString()}'`),
    ).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM tasks WHERE assigned_to = '${employee}'
      AND due_date >= '2026-11-25T19:00:00Z' AND due_date < '2026-11-26T19:00:00Z'`),
    ).toBeGreaterThan(0);
    // message templates: two per channel, every language
    const templates = (await a.query(`SELECT channel, body, subject FROM message_templates`)) as Array<{
      channel: string;
      body: Record<string, string>;
      subject: Record<string, string>;
    }>;
    expect(templates.filter((t) => t.channel === 'email')).toHaveLength(2);
    for (const t of templates) expect(Object.keys(t.body).sort()).toEqual([...LANGUAGES].sort());
    // employees have a manager; the demo employee and manager have unread notifications
    expect(
      await count(
        `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'employee' AND manager_id IS NULL`,
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM notifications WHERE user_id = '${employee}' AND read_at IS NULL`)).toBeGreaterThan(
      0,
    );
  });

  it('never double-books an agent or a listing for a viewing', async () => {
    const overlaps = async (key: 'agent_id' | 'property_id') =>
      (
        (await a.query(`SELECT count(*)::int AS n FROM viewings x JOIN viewings y ON x.${key} = y.${key} AND x.id < y.id
          AND tstzrange(x.starts_at, x.ends_at) && tstzrange(y.starts_at, y.ends_at)`)) as Array<{ n: number }>
      )[0].n;
    expect(await overlaps('agent_id')).toBe(0);
    expect(await overlaps('property_id')).toBe(0);
    const [{ future }] = (await a.query(
      `SELECT count(*) FILTER (WHERE status = 'scheduled' AND starts_at > '${CRM_NOW.toISOString()}')::int AS future FROM viewings`,
    )) as Array<{ future: number }>;
    expect(future).toBeGreaterThan(10);
  });
});

describe('generateProperties', () => {
  const base = { referenceDate: DEFAULT_REFERENCE_DATE, pool: demoImagePool(8), agentCount: 8 };

  it('keeps the first listings when the count grows, and another seed gives other data', () => {
    const small = generateProperties({ ...base, seed: 5, count: 30 });
    const large = generateProperties({ ...base, seed: 5, count: 60 });
    expect(large.slice(0, 30).map((l) => [l.id, l.slug, l.price, l.texts.title.ru])).toEqual(
      small.map((l) => [l.id, l.slug, l.price, l.texts.title.ru]),
    );
    const other = generateProperties({ ...base, seed: 6, count: 30 });
    expect(other.filter((l, i) => l.id === small[i].id)).toHaveLength(0);
  });

  it('dates listings over the 120 days before the reference date, never after it', () => {
    const listings = generateProperties({ ...base, seed: 1, count: 200 });
    const ref = DEFAULT_REFERENCE_DATE.getTime();
    for (const l of listings) {
      expect(l.createdAt.getTime()).toBeLessThanOrEqual(ref);
      expect(l.createdAt.getTime()).toBeGreaterThanOrEqual(ref - 120 * 24 * 3600 * 1000);
      expect(l.updatedAt.getTime()).toBeGreaterThanOrEqual(l.createdAt.getTime());
      expect(l.updatedAt.getTime()).toBeLessThanOrEqual(ref);
    }
    const days = new Set(listings.map((l) => Math.floor((ref - l.createdAt.getTime()) / (24 * 3600 * 1000))));
    expect(days.size).toBeGreaterThan(60);
  });

  it('uses only pool images of the listing type even with a tiny pool', () => {
    const pool = demoImagePool(5);
    expect(Object.values(pool).map((k) => k.length)).toEqual([1, 1, 1, 1, 1]);
    for (const l of generateProperties({ ...base, pool, seed: 2, count: 40 })) {
      expect(l.images.length).toBeGreaterThanOrEqual(3);
      expect(l.images.length).toBeLessThanOrEqual(8);
      for (const img of l.images) expect([...pool[l.type], ...pool.facade]).toContain(img.storageKey);
    }
  });
});
