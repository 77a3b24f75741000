import * as argon2 from 'argon2';
import type { DataSource, EntityManager } from 'typeorm';
import { ARGON2_OPTIONS, LocalFileStorage, Property, PropertyImage, type FileStorage } from '@realty/db';
import { generateCrm, insertDemoCrm, type CrmAgent, type CrmSeedSummary } from './demo-crm';
import { insertDemoAiRequests } from './demo-ai';
import { insertDemoLandings } from './demo-landings';
import { DEFAULT_IMAGE_POOL_SIZE, ensureDemoImagePool } from './demo-images';
import { DEMO_CITY, writeValues } from './demo-moderation';
import { generateProperties, type GeneratedProperty } from './demo-properties';
import { insertDemoPresentations } from './demo-presentations';
import { hashSeed, Random } from './random';
import { seedContent } from './seed-content';
import {
  AGENT_DEFS,
  CATEGORY_DEFS,
  COMPLEX_DEFS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DISTRICT_DEFS,
  MOBILE_CODES,
  PROPERTY_TYPE_NAMES,
  ROLE_TITLES,
  SUBCATEGORY_DEFS,
  TYPE_PLACEMENT,
  type PersonDef,
} from './reference-data';

export const DEFAULT_SEED = 20261120;
export const DEFAULT_LISTING_COUNT = 180;
/** Listings are dated over the 120 days before this instant (never Date.now()). */
export const DEFAULT_REFERENCE_DATE = new Date('2026-11-20T06:00:00.000Z');

export interface SeedOptions {
  /** PRNG seed; the same seed gives the same rows, byte for byte. Default DEFAULT_SEED. */
  seed?: number;
  /** Number of listings; default 180 (about 165 public: issue 2 asks for at least 150 in the catalogue). */
  listings?: number;
  referenceDate?: Date;
  /** Where the image pool is written; default LocalFileStorage under DATA_DIR. */
  storage?: FileStorage;
  /** Images in the shared pool; default 32. */
  imagePoolSize?: number;
  /** Progress lines (e.g. console.log); silent by default. */
  log?: (line: string) => void;
  /**
   * Add the demo sign-in accounts (DEMO_ACCOUNTS, password DEMO_PASSWORD); default true.
   * scripts/db.mjs passes false in production unless asked (docs/decisions/028): the listings then
   * go to the agents only, and the first admin is made by ensureFirstAdmin with a random password.
   */
  demoAccounts?: boolean;
  /**
   * The instant the CRM's demo data is dated from (leads waiting minutes, tasks due today,
   * viewings next week): default the time of the run. Tests pass a fixed one.
   */
  crmNow?: Date;
}

/** Rows inserted by this run (rows that already existed are left untouched and not counted). */
export interface SeedSummary {
  roles: number;
  districts: number;
  categories: number;
  subcategories: number;
  propertyTypes: number;
  buildingComplexes: number;
  users: number;
  agents: number;
  listings: number;
  activeListings: number;
  featuredListings: number;
  deletedListings: number;
  /** Listings on moderation: new (pending) ones and active ones with a waiting edit (issue 21). */
  moderationListings: number;
  /** Inactive listings with a moderation rejection. */
  rejectedListings: number;
  images: number;
  poolImages: number;
  poolImagesWritten: number;
  /** Partners and news posts (issue 5); 0 when their tables already had rows. */
  partners: number;
  blogPosts: number;
  /** The CRM's rows (issue 22): leads, clients, deals, tasks, viewings, events, activities, templates, notifications. */
  crm: CrmSeedSummary;
  durationMs: number;
}

export interface SeedResult {
  summary: SeedSummary;
  /** Ids of the inserted listing images: one PropertyImageVariants job each. */
  imageIds: string[];
}

const LISTING_CHUNK = 500;
const IMAGE_CHUNK = 2000;

/**
 * INSERT ... ON CONFLICT DO NOTHING for small reference tables; returns how many rows
 * were new and the id of every row by its key (new or existing).
 */
async function insertMissing(
  m: EntityManager,
  table: string,
  columns: string[],
  rows: unknown[][],
  key: string,
): Promise<{ inserted: number; ids: Map<string, number | string> }> {
  const params: unknown[] = [];
  const values = rows.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`).join(', ');
  const conflict = key === 'email' ? '((lower(email)))' : `(${key})`;
  const inserted: unknown[] = await m.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values} ON CONFLICT ${conflict} DO NOTHING RETURNING id`,
    params,
  );
  const keyIndex = columns.indexOf(key);
  const keys = rows.map((r) => String(r[keyIndex]).toLowerCase());
  const keyExpr = key === 'email' ? 'lower(email)' : key;
  const found: Array<{ id: number | string; k: string }> = await m.query(
    `SELECT id, ${keyExpr} AS k FROM ${table} WHERE ${keyExpr} = ANY($1)`,
    [keys],
  );
  return { inserted: inserted.length, ids: new Map(found.map((f) => [String(f.k), f.id])) };
}

const json = (v: unknown) => JSON.stringify(v);

function phone(r: Random): string {
  const d = () => r.int(0, 9);
  return `+7 ${r.pick(MOBILE_CODES)} ${r.int(2, 9)}${d()}${d()} ${d()}${d()} ${d()}${d()}`;
}

/**
 * Loads the demo data: reference data, one account per role (password DEMO_PASSWORD; left out
 * with demoAccounts: false), agents, `listings` listings with 3-8 images each from a generated image pool.
 * Deterministic for a given seed and reference date. Existing rows are never changed
 * (everything is INSERT ... ON CONFLICT DO NOTHING), so running it twice adds nothing.
 */
export async function seedDemoData(dataSource: DataSource, options: SeedOptions = {}): Promise<SeedResult> {
  const started = Date.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const count = options.listings ?? DEFAULT_LISTING_COUNT;
  const referenceDate = options.referenceDate ?? DEFAULT_REFERENCE_DATE;
  const storage = options.storage ?? new LocalFileStorage();
  const log = options.log ?? (() => undefined);

  const { pool, written } = await ensureDemoImagePool(storage, options.imagePoolSize ?? DEFAULT_IMAGE_POOL_SIZE);
  const poolImages = Object.values(pool).reduce((s, keys) => s + keys.length, 0);
  log(`image pool: ${poolImages} images (${written} drawn)`);

  // People first: their ids, phones and password salts come from their own generator.
  const people = new Random(hashSeed(seed, 'people'));
  const userCreatedAt = new Date(referenceDate.getTime() - 130 * 24 * 3600 * 1000);
  const demoAccounts = options.demoAccounts === false ? [] : DEMO_ACCOUNTS;
  // The demo accounts draw their ids either way, so an agent has the same id with or without them
  // (a later --demo-accounts run then adds them beside the rows already there).
  const persons: Array<PersonDef & { id: string; phone: string; salt: Buffer | null }> = [
    ...DEMO_ACCOUNTS.map((p) => ({ ...p, id: people.uuid(), phone: phone(people), salt: people.bytes(16) as Buffer | null })),
    ...AGENT_DEFS.map((p) => ({ ...p, id: people.uuid(), phone: phone(people), salt: null })),
  ].filter((p) => p.salt === null || demoAccounts.length > 0);
  // A deterministic salt keeps the seed byte-identical; the demo password is public anyway.
  const hashes = await Promise.all(
    persons.map((p) => (p.salt ? argon2.hash(DEMO_PASSWORD, { ...ARGON2_OPTIONS, salt: p.salt }) : Promise.resolve(null))),
  );
  const agentDefs = [...demoAccounts.filter((a) => a.role === 'employee' || a.role === 'manager'), ...AGENT_DEFS];
  const agentEmails = agentDefs.map((a) => a.email);

  const listings = generateProperties({ seed, count, referenceDate, pool, agentCount: agentEmails.length });
  log(`generated ${listings.length} listings`);

  return dataSource.transaction(async (m) => {
    const roles = await insertMissing(
      m,
      'roles',
      ['name', 'title'],
      Object.entries(ROLE_TITLES).map(([name, title]) => [name, title]),
      'name',
    );
    const districts = await insertMissing(
      m,
      'districts',
      ['slug', 'name', 'bounds'],
      DISTRICT_DEFS.map((d) => [d.slug, json(d.name), json(d.bounds)]),
      'slug',
    );
    const categories = await insertMissing(
      m,
      'property_categories',
      ['slug', 'name', 'description', 'icon', 'sort_order'],
      CATEGORY_DEFS.map((c, i) => [c.slug, json(c.name), json(c.description), c.icon, i + 1]),
      'slug',
    );
    const subcategories = await insertMissing(
      m,
      'property_subcategories',
      ['slug', 'category_id', 'name', 'description', 'filters', 'sort_order'],
      SUBCATEGORY_DEFS.map((s, i) => [s.slug, categories.ids.get(s.category), json(s.name), json(s.description), json(s.filters), i + 1]),
      'slug',
    );
    const types = await insertMissing(
      m,
      'property_types',
      ['slug', 'name'],
      Object.entries(PROPERTY_TYPE_NAMES).map(([slug, name]) => [slug, json(name)]),
      'slug',
    );
    const complexes = await insertMissing(
      m,
      'building_complexes',
      ['slug', 'name', 'address', 'district_id', 'building_class', 'total_floors', 'year_built', 'latitude', 'longitude'],
      COMPLEX_DEFS.map((c) => [
        c.slug,
        json(c.name),
        c.address,
        districts.ids.get(c.district),
        c.buildingClass,
        c.totalFloors,
        c.yearBuilt,
        c.latitude,
        c.longitude,
      ]),
      'slug',
    );
    const users = await insertMissing(
      m,
      'users',
      ['id', 'email', 'password_hash', 'first_name', 'last_name', 'phone', 'language', 'status', 'role_id', 'created_at', 'updated_at'],
      persons.map((p, i) => {
        const at = new Date(userCreatedAt.getTime() + i * 3600 * 1000);
        return [p.id, p.email, hashes[i], p.firstName, p.lastName, p.phone, p.language, 'active', roles.ids.get(p.role), at, at];
      }),
      'email',
    );
    const agentIds = agentEmails.map((e) => users.ids.get(e.toLowerCase()) as string);

    const row = (l: GeneratedProperty) => {
      const placement = TYPE_PLACEMENT[l.type];
      const ids = {
        categoryId: categories.ids.get(placement.category) as number,
        subcategoryId: placement.subcategory ? (subcategories.ids.get(placement.subcategory) as number) : null,
        propertyTypeId: types.ids.get(l.type) as number,
        buildingComplexId: l.complex ? (complexes.ids.get(l.complex.slug) as number) : null,
        districtId: districts.ids.get(l.district.slug) as number,
      };
      // Listings in the back office's moderation work carry the city the listing form asks for (decision 036 keeps it in characteristics).
      const characteristics = l.status !== 'active' || l.proposal ? { ...l.characteristics, city: DEMO_CITY } : l.characteristics;
      return {
        id: l.id,
        slug: l.slug,
        title: l.texts.title,
        description: l.texts.description,
        h1: l.texts.h1,
        seoTitle: l.texts.seoTitle,
        seoDescription: l.texts.seoDescription,
        seoKeywords: l.texts.seoKeywords,
        ...ids,
        dealType: l.dealType,
        status: l.status,
        price: l.price,
        priceCurrency: 'KZT',
        area: l.area,
        floor: l.floor,
        totalFloors: l.totalFloors,
        address: l.address,
        latitude: l.latitude,
        longitude: l.longitude,
        characteristics,
        features: l.features,
        featured: l.featured,
        viewsCount: l.viewsCount,
        favoritesCount: l.favoritesCount,
        agentId: agentIds[l.agent],
        ownerId: agentIds[l.agent],
        publishedAt: l.publishedAt,
        createdAt: l.createdAt,
        updatedAt: l.updatedAt,
        deletedAt: l.deletedAt,
        rejectionReason: l.rejection?.reason ?? null,
        rejectionNotes: l.rejection?.notes ?? null,
        rejectedAt: l.rejection?.at ?? null,
      };
    };

    const insertedIds = new Set<string>();
    for (let i = 0; i < listings.length; i += LISTING_CHUNK) {
      const result = await m
        .createQueryBuilder()
        .insert()
        .into(Property)
        .values(listings.slice(i, i + LISTING_CHUNK).map(row))
        .orIgnore()
        .returning(['id'])
        .updateEntity(false)
        .execute();
      for (const r of result.raw as Array<{ id: string }>) insertedIds.add(r.id);
    }
    const inserted = listings.filter((l) => insertedIds.has(l.id));
    log(`inserted ${inserted.length} listings`);
    // Waiting edits (issue 21): written apart, the query builder's typing of a jsonb record refuses nullable fields.
    for (const l of inserted.filter((x) => x.proposal)) {
      const r = row(l);
      await m.query('UPDATE properties SET pending_changes = $2 WHERE id = $1', [
        l.id,
        json({ ...writeValues(l, r.characteristics, r), ...l.proposal }),
      ]);
    }

    const images = inserted.flatMap((l) =>
      l.images.map((img) => ({
        id: img.id,
        propertyId: l.id,
        storageKey: img.storageKey,
        variants: null,
        width: null,
        height: null,
        sortOrder: img.sortOrder,
        createdAt: l.createdAt,
      })),
    );
    const imageIds: string[] = [];
    for (let i = 0; i < images.length; i += IMAGE_CHUNK) {
      const result = await m
        .createQueryBuilder()
        .insert()
        .into(PropertyImage)
        .values(images.slice(i, i + IMAGE_CHUNK))
        .orIgnore()
        .returning(['id'])
        .updateEntity(false)
        .execute();
      for (const r of result.raw as Array<{ id: string }>) imageIds.push(r.id);
    }
    log(`inserted ${imageIds.length} images`);
    const content = await seedContent(m, { seed, referenceDate, authorIds: agentIds, storage });
    log(`inserted ${content.partners} partners, ${content.blogPosts} posts`);
    const crmAgents: CrmAgent[] = agentDefs.map((a, i) => ({ id: agentIds[i], role: a.role }));
    const crmRows = generateCrm({
      seed,
      now: options.crmNow ?? new Date(),
      agents: crmAgents,
      propertyIds: listings.filter((l) => l.status === 'active' && !l.deletedAt).map((l) => l.id),
    });
    const crm = await insertDemoCrm(m, crmRows);
    log(`inserted ${crm.leads} leads, ${crm.clients} clients, ${crm.deals} deals, ${crm.viewings} viewings`);
    const presentations = await insertDemoPresentations(m, { referenceDate, fallbackAuthorId: agentIds[0] ?? null });
    log(`inserted ${presentations.presentations} presentations (the worker renders them when it starts)`);
    const aiRequests = await insertDemoAiRequests(m, {
      seed,
      now: options.crmNow ?? new Date(),
      userIds: agentIds,
      propertyIds: listings.filter((l) => l.status === 'active' && !l.deletedAt).map((l) => l.id),
    });
    log(`inserted ${aiRequests} AI requests`);
    log(`inserted ${await insertDemoLandings(m)} landing pages`);

    const summary: SeedSummary = {
      roles: roles.inserted,
      districts: districts.inserted,
      categories: categories.inserted,
      subcategories: subcategories.inserted,
      propertyTypes: types.inserted,
      buildingComplexes: complexes.inserted,
      users: users.inserted,
      agents: agentIds.length,
      listings: inserted.length,
      activeListings: inserted.filter((l) => l.status === 'active' && !l.deletedAt).length,
      featuredListings: inserted.filter((l) => l.featured).length,
      deletedListings: inserted.filter((l) => l.deletedAt).length,
      moderationListings: inserted.filter((l) => !l.deletedAt && (l.status === 'pending' || l.proposal)).length,
      rejectedListings: inserted.filter((l) => !l.deletedAt && l.rejection).length,
      images: imageIds.length,
      poolImages,
      poolImagesWritten: written,
      partners: content.partners,
      blogPosts: content.blogPosts,
      crm,
      durationMs: Date.now() - started,
    };
    return { summary, imageIds };
  });
}

/** The demo landing pages alone (issue 23), for a database seeded before they existed: added when there are none. */
export async function seedLandingsData(dataSource: DataSource): Promise<number> {
  return insertDemoLandings(dataSource);
}

/**
 * The CRM's demo data alone (issue 22), for a database seeded before the CRM existed: loaded when
 * the clients table is still empty, with the seed's agents (by their e-mails) and the public
 * listings. Answers null when there was nothing to do (CRM rows present, or no agents).
 */
export async function seedCrmData(dataSource: DataSource, options: { seed?: number; now?: Date } = {}): Promise<CrmSeedSummary | null> {
  const [{ n }] = (await dataSource.query(`SELECT count(*)::int AS n FROM clients`)) as Array<{ n: number }>;
  if (n > 0) return null;
  const defs = [...DEMO_ACCOUNTS.filter((a) => a.role === 'employee' || a.role === 'manager'), ...AGENT_DEFS];
  const users = (await dataSource.query(`SELECT id, lower(email) AS email FROM users WHERE lower(email) = ANY($1)`, [
    defs.map((d) => d.email.toLowerCase()),
  ])) as Array<{ id: string; email: string }>;
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  const agents: CrmAgent[] = defs
    .filter((d) => byEmail.has(d.email.toLowerCase()))
    .map((d) => ({ id: byEmail.get(d.email.toLowerCase())!, role: d.role }));
  if (!agents.length) return null;
  const props = (await dataSource.query(
    `SELECT id FROM properties WHERE status = 'active' AND deleted_at IS NULL ORDER BY created_at, id LIMIT 500`,
  )) as Array<{ id: string }>;
  const rows = generateCrm({
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? new Date(),
    agents,
    propertyIds: props.map((p) => p.id),
  });
  return dataSource.transaction((m) => insertDemoCrm(m, rows));
}
