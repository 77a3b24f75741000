import { createHash } from 'node:crypto';
import { Client, type ClientBase } from 'pg';
import {
  DISTRICTS,
  PROPERTY_TYPES,
  ROLES,
  type DealType,
  type DistrictSlug,
  type LocalizedText,
  type PropertyStatus,
  type PropertyTypeSlug,
  type RoleName,
} from '@realty/contracts';

/**
 * Test data for API tests: reference data (roles, districts, categories, subcategories, types,
 * a building complex, an agent) and listings, inserted with plain SQL so a test states
 * exactly what is in the database. Use inside `startTestApi(seed)`:
 *
 *   let fx: CatalogFixture;
 *   api = await startTestApi(async (url) => { fx = await seedCatalog(url); });
 */

export interface ReferenceIds {
  roles: Record<RoleName, number>;
  districts: Record<DistrictSlug, number>;
  categories: Record<string, number>;
  subcategories: Record<string, number>;
  types: Record<PropertyTypeSlug, number>;
  buildingComplexId: number;
  /** An employee shown as the listings' agent. */
  agentId: string;
}

/** The agent's stored password hash: tests assert it never leaves the API. */
export const AGENT_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$fixture-hash-must-never-leak';

/** Category -> subcategory slugs of the fixture catalogue (spec 01 §2 slugs offices, retail, warehouses). */
export const FIXTURE_TREE: Record<string, string[]> = {
  offices: ['office-space', 'coworking'],
  retail: ['street-retail', 'shopping-mall'],
  warehouses: ['storage'],
};

const lt = (ru: string, en: string, kk: string, zh: string): LocalizedText => ({ ru, en, kk, zh });

/** Opens a client on `databaseUrl`, runs `fn`, closes it. */
export async function withClient<T>(databaseUrl: string, fn: (client: ClientBase) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Inserts roles, districts, the category tree, the property types, a building complex and an agent. */
export async function insertReferenceData(client: ClientBase): Promise<ReferenceIds> {
  const roles = {} as Record<RoleName, number>;
  for (const name of ROLES) {
    const r = await client.query('INSERT INTO roles (name, title) VALUES ($1, $2) RETURNING id', [name, name]);
    roles[name] = r.rows[0].id;
  }
  const districtNames: Record<DistrictSlug, LocalizedText> = {
    almaly: lt('Алмалинский', 'Almaly', 'Алмалы', '阿尔马雷区'),
    auezov: lt('Ауэзовский', 'Auezov', 'Әуезов', '阿乌埃佐夫区'),
    bostandyk: lt('Бостандыкский', 'Bostandyk', 'Бостандық', '博斯坦德克区'),
    medeu: lt('Медеуский', 'Medeu', 'Медеу', '麦迪乌区'),
  };
  const districts = {} as Record<DistrictSlug, number>;
  for (const slug of DISTRICTS) {
    const r = await client.query('INSERT INTO districts (slug, name) VALUES ($1, $2) RETURNING id', [slug, districtNames[slug]]);
    districts[slug] = r.rows[0].id;
  }
  const categories: Record<string, number> = {};
  const subcategories: Record<string, number> = {};
  let order = 0;
  for (const [slug, subs] of Object.entries(FIXTURE_TREE)) {
    const r = await client.query(
      `INSERT INTO property_categories (slug, name, description, icon, sort_order) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        slug,
        lt(`Категория ${slug}`, `Category ${slug}`, `Санат ${slug}`, `类别 ${slug}`),
        lt('Описание', 'Description', 'Сипаттама', '描述'),
        'building',
        order++,
      ],
    );
    categories[slug] = r.rows[0].id;
    let subOrder = 0;
    for (const sub of subs) {
      const s = await client.query(
        `INSERT INTO property_subcategories (category_id, slug, name, filters, sort_order) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [
          categories[slug],
          sub,
          lt(`Подкатегория ${sub}`, `Subcategory ${sub}`, `Ішкі санат ${sub}`, `子类别 ${sub}`),
          JSON.stringify(['rooms', 'furniture']),
          subOrder++,
        ],
      );
      subcategories[sub] = s.rows[0].id;
    }
  }
  const typeNames: Record<PropertyTypeSlug, LocalizedText> = {
    office: lt('Офис', 'Office', 'Кеңсе', '办公室'),
    retail: lt('Торговое помещение', 'Retail space', 'Сауда алаңы', '零售空间'),
    warehouse: lt('Склад', 'Warehouse', 'Қойма', '仓库'),
    coworking: lt('Коворкинг', 'Coworking', 'Коворкинг', '联合办公'),
  };
  const types = {} as Record<PropertyTypeSlug, number>;
  for (const slug of PROPERTY_TYPES) {
    const r = await client.query('INSERT INTO property_types (slug, name) VALUES ($1, $2) RETURNING id', [slug, typeNames[slug]]);
    types[slug] = r.rows[0].id;
  }
  const bc = await client.query(
    `INSERT INTO building_complexes (slug, name, address, district_id, building_class, latitude, longitude)
     VALUES ('fixture-tower', $1, 'пр. Аль-Фараби, 77', $2, 'A', 43.218, 76.927) RETURNING id`,
    [lt('БЦ Фикстура', 'Fixture Tower', 'Фикстура БО', '测试大厦'), districts.bostandyk],
  );
  const agent = await client.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, avatar_url, role_id)
     VALUES ('agent@example.kz', $1, 'Айгерим', 'Агентова', '+7 701 000 00 01', '/media/avatars/agent.jpg', $2) RETURNING id`,
    [AGENT_PASSWORD_HASH, roles.employee],
  );
  return { roles, districts, categories, subcategories, types, buildingComplexId: bc.rows[0].id, agentId: agent.rows[0].id };
}

/** One listing as a test describes it; `insertProperty` turns it into rows. */
export interface PropertySpec {
  slug: string;
  title: LocalizedText;
  type: PropertyTypeSlug;
  category: string;
  subcategory: string | null;
  dealType: DealType;
  status: PropertyStatus;
  /** Soft-deleted (deleted_at set). */
  deleted: boolean;
  /** ₸. */
  price: number;
  /** m². */
  area: number;
  district: DistrictSlug | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  characteristics: Record<string, unknown>;
  features: string[];
  featured: boolean;
  createdAt: string;
  withAgent: boolean;
  inBuildingComplex: boolean;
  /** Number of images; they are inserted with descending sort_order so "main first" is tested. */
  images: number;
  /** Whether the images already have worker variants. */
  imageVariants: boolean;
}

export interface InsertedProperty extends PropertySpec {
  id: string;
}

/** Inserts one listing and its images; returns its id. */
export async function insertProperty(client: ClientBase, refs: ReferenceIds, l: PropertySpec): Promise<string> {
  const r = await client.query(
    `INSERT INTO properties (slug, title, description, h1, seo_title, seo_description, seo_keywords, category_id, subcategory_id,
       property_type_id, building_complex_id, district_id, deal_type, status, price, area, floor, total_floors, address,
       latitude, longitude, characteristics, features, featured, agent_id, published_at, created_at, updated_at, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 3, 12, $17, $18, $19, $20, $21, $22, $23,
       $24, $24, $24, $25)
     RETURNING id`,
    [
      l.slug,
      l.title,
      lt(`Описание объекта ${l.slug} для теста`, `Description of ${l.slug}`, `${l.slug} сипаттамасы`, `${l.slug} 的描述`),
      lt(`H1 ${l.slug}`, `H1 ${l.slug}`, `H1 ${l.slug}`, `H1 ${l.slug}`),
      lt(`SEO ${l.slug}`, `SEO ${l.slug}`, `SEO ${l.slug}`, `SEO ${l.slug}`),
      lt('SEO описание', 'SEO description', 'SEO сипаттама', 'SEO 描述'),
      lt('офис, аренда', 'office, rent', 'кеңсе', '办公室'),
      refs.categories[l.category],
      l.subcategory ? refs.subcategories[l.subcategory] : null,
      refs.types[l.type],
      l.inBuildingComplex ? refs.buildingComplexId : null,
      l.district ? refs.districts[l.district] : null,
      l.dealType,
      l.status,
      l.price,
      l.area,
      l.address,
      l.latitude,
      l.longitude,
      JSON.stringify(l.characteristics),
      JSON.stringify(l.features),
      l.featured,
      l.withAgent ? refs.agentId : null,
      l.createdAt,
      l.deleted ? l.createdAt : null,
    ],
  );
  const id: string = r.rows[0].id;
  for (let k = l.images - 1; k >= 0; k--) {
    const key = `properties/${l.slug}/photo-${k}.jpg`;
    const variants = l.imageVariants
      ? { thumb: `${key}.thumb.jpg`, gallery: `${key}.gallery.jpg`, thumbWebp: `${key}.thumb.webp`, galleryWebp: `${key}.gallery.webp` }
      : null;
    await client.query(
      `INSERT INTO property_images (property_id, storage_key, variants, width, height, sort_order) VALUES ($1, $2, $3, 1600, 1200, $4)`,
      [id, key, variants, k],
    );
  }
  return id;
}

const TYPE_TITLES: Record<PropertyTypeSlug, [string, string, string, string]> = {
  office: ['Офис', 'Office', 'Кеңсе', '办公室'],
  retail: ['Торговое помещение', 'Retail space', 'Сауда алаңы', '零售空间'],
  warehouse: ['Склад', 'Warehouse', 'Қойма', '仓库'],
  coworking: ['Коворкинг', 'Coworking', 'Коворкинг', '联合办公'],
};
const CATEGORY_OF: Record<PropertyTypeSlug, string> = {
  office: 'offices',
  coworking: 'offices',
  retail: 'retail',
  warehouse: 'warehouses',
};
const SUBCATEGORY_OF: Record<PropertyTypeSlug, string> = {
  office: 'office-space',
  coworking: 'coworking',
  retail: 'street-retail',
  warehouse: 'storage',
};
const STREETS = ['пр. Достык', 'ул. Толе би', 'пр. Абылай хана', 'ул. Жибек жолы'];

/**
 * The deterministic catalogue: 24 public listings (the four types, both deal types, the four
 * districts, repeated prices / areas / creation times so tie-breakers matter, searchable
 * words in every language) and 4 hidden ones (pending, inactive, soft-deleted, pending in
 * 'shopping-mall') that carry the word 'Невидимка' and must never be served.
 */
export function catalogProperties(): PropertySpec[] {
  const out: PropertySpec[] = [];
  for (let i = 0; i < 24; i++) {
    const type = PROPERTY_TYPES[i % 4];
    const block = Math.floor(i / 4);
    const dealType: DealType = block % 2 === 0 ? 'rent' : 'sale';
    const [ru, en, kk, zh] = TYPE_TITLES[type];
    const hours = i === 11 ? 10 : i; // listings 10 and 11 share created_at: the id breaks the tie
    out.push({
      slug: `${type}-${i + 1}`,
      title: lt(`${ru} ${i + 1}`, `${en} ${i + 1}`, `${kk} ${i + 1}`, `${zh} ${i + 1}`),
      type,
      category: CATEGORY_OF[type],
      subcategory: i === 5 ? null : SUBCATEGORY_OF[type],
      dealType,
      status: 'active',
      deleted: false,
      // rent ₸/month, sale ₸ total; (i*7)%13 and (i*11)%17 repeat, so equal prices / areas exist
      price: dealType === 'rent' ? 100_000 * (((i * 7) % 13) + 1) : 10_000_000 * (((i * 5) % 11) + 1),
      area: 20 + ((i * 11) % 17) * 15 + ((i % 17) % 2 === 0 ? 0.5 : 0), // i and i+17 share an area
      district: i === 23 ? null : DISTRICTS[(i + block) % 4],
      address: `${STREETS[i % 4]}, ${i + 1}`,
      latitude: i % 6 === 5 ? null : 43.2 + i / 1000,
      longitude: i % 6 === 5 ? null : 76.85 + i / 1000,
      characteristics: {
        floor: (i % 9) + 1,
        ...(i % 3 === 0 ? { furniture: true } : i % 3 === 1 ? { furniture: false } : {}),
        ...(i % 2 === 0 ? { air_conditioning: i % 4 === 0 ? true : 1 } : { air_conditioning: false }),
        ...(i % 4 === 1 ? { parking: true } : {}),
        rooms: i === 9 ? 'много' : i % 6,
      },
      features: [
        ...(i % 7 === 0 ? ['parking'] : []),
        ...(i === 7 ? ['furniture'] : []),
        ...(i === 15 ? ['air_conditioning'] : []),
        'security',
      ],
      featured: i % 5 === 0,
      createdAt: new Date(Date.UTC(2025, 0, 1, hours)).toISOString(),
      withAgent: i % 2 === 0,
      inBuildingComplex: i % 4 === 0,
      images: i % 3,
      imageVariants: i % 2 === 0,
    });
  }
  // Searchable words in each language and in the address; wildcard characters to be taken literally.
  out[0].title.en = 'Office with 100% ready fit-out';
  out[4].address = 'ул. Абая, 100';
  out[6].title.kk = 'Жарық қойма 7';
  out[8].title.zh = '景观办公室 9';
  out[12].title.en = 'open_space office 13';
  out[13].title.en = 'open space coworking 14';
  out[14].address = 'ул. Сатпаева, 15';
  out[16].title.ru = 'Панорамный офис 17';

  const hidden = (
    slug: string,
    status: PropertyStatus,
    deleted: boolean,
    subcategory = 'office-space',
    category = 'offices',
  ): PropertySpec => ({
    ...out[0],
    slug,
    title: lt(`Невидимка ${slug}`, `Invisible ${slug}`, `Көрінбейтін ${slug}`, `隐藏 ${slug}`),
    type: category === 'retail' ? 'retail' : 'office',
    category,
    subcategory,
    dealType: 'rent',
    status,
    deleted,
    price: 150_000,
    featured: true,
    characteristics: { furniture: true, parking: true, air_conditioning: true, rooms: 5 },
    features: ['parking'],
    createdAt: new Date(Date.UTC(2025, 1, 1)).toISOString(),
  });
  out.push(
    hidden('hidden-pending', 'pending', false),
    hidden('hidden-inactive', 'inactive', false),
    hidden('hidden-deleted', 'active', true),
    hidden('hidden-mall', 'pending', false, 'shopping-mall', 'retail'),
  );
  return out;
}

export interface CatalogFixture {
  refs: ReferenceIds;
  listings: InsertedProperty[];
}

/** Reference data plus `catalogProperties()` (or the given listings). */
export async function seedCatalog(databaseUrl: string, listings: PropertySpec[] = catalogProperties()): Promise<CatalogFixture> {
  return withClient(databaseUrl, async (client) => {
    const refs = await insertReferenceData(client);
    const inserted: InsertedProperty[] = [];
    for (const l of listings) inserted.push({ ...l, id: await insertProperty(client, refs, l) });
    return { refs, listings: inserted };
  });
}

/**
 * `count` filler listings in one INSERT ... SELECT generate_series (offices for rent, public),
 * then VACUUM ANALYZE, as autovacuum would: it flushes the trigram GIN index's pending list
 * and records its size, without which the planner prices every GIN scan as a full one. Titles and addresses carry md5 words so their
 * trigrams are as varied as real texts: `fillerWord(kind, n)` gives the word of listing n
 * ('en', 'ru', 'kk', 'zh' title or 'addr' address); its slug is 'filler-n'.
 */
export async function insertFillerProperties(client: ClientBase, refs: ReferenceIds, count: number): Promise<void> {
  await client.query(
    `INSERT INTO properties (slug, title, description, category_id, property_type_id, district_id, deal_type, status, price, area,
       address, created_at)
     SELECT 'filler-' || n,
            jsonb_build_object('en', 'Office ' || md5('en' || n), 'ru', 'Офис ' || md5('ru' || n),
                               'kk', 'Кеңсе ' || md5('kk' || n), 'zh', '办公室 ' || md5('zh' || n)),
            jsonb_build_object('ru', 'Описание', 'en', 'Description', 'kk', 'Сипаттама', 'zh', '描述'),
            $1, $2, $3, 'rent', 'active', 100000 + n, 50 + (n % 500), 'ул. ' || md5('addr' || n),
            timestamptz '2024-01-01' + n * interval '1 minute'
       FROM generate_series(1, $4::int) AS n`,
    [refs.categories.offices, refs.types.office, refs.districts.almaly, count],
  );
  await client.query('VACUUM ANALYZE properties');
}

/** The md5 word in a filler listing's title ('en' | 'ru' | 'kk' | 'zh') or address ('addr'). */
export function fillerWord(kind: 'en' | 'ru' | 'kk' | 'zh' | 'addr', n: number): string {
  return createHash('md5').update(`${kind}${n}`).digest('hex');
}

// ---------------------------------------------------------------------------------------
// Oracles: what the public API should answer, computed in plain JS from the fixture specs.

/** Public = status 'active' and not soft-deleted. */
export function isPublicProperty(l: PropertySpec): boolean {
  return l.status === 'active' && !l.deleted;
}

/** The text `q` searches: titles in every language and the address, lower-cased. */
export function searchTextOf(l: PropertySpec): string {
  return [l.title.ru, l.title.en, l.title.kk, l.title.zh, l.address].join(' ').toLowerCase();
}

/** A characteristics flag or feature is "on" (spec 01 §5 "is not truthy" drops the listing). */
export function hasFlag(l: PropertySpec, key: 'furniture' | 'parking' | 'air_conditioning'): boolean {
  return Boolean(l.characteristics[key]) || l.features.includes(key);
}

/** Rooms as the filter sees them: a number, else 0 (spec 01 §5 "rooms (default 0)"). */
export function roomsOf(l: PropertySpec): number {
  const r = l.characteristics.rooms;
  return typeof r === 'number' ? r : 0;
}

const byId = (a: InsertedProperty, b: InsertedProperty) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The order of each sort value, with the id as the tie-breaker. */
export const SORT_ORDER: Record<string, (a: InsertedProperty, b: InsertedProperty) => number> = {
  date_new: (a, b) => b.createdAt.localeCompare(a.createdAt) || byId(b, a),
  price_asc: (a, b) => a.price - b.price || byId(a, b),
  price_desc: (a, b) => b.price - a.price || byId(b, a),
  area_asc: (a, b) => a.area - b.area || byId(a, b),
  area_desc: (a, b) => b.area - a.area || byId(b, a),
};
