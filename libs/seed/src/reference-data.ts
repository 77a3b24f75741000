import type { CategorySlug, DistrictSlug, LocalizedText, PropertyTypeSlug, RoleName } from '@realty/contracts';

/**
 * Reference data of the demo: roles, Almaty districts, catalogue categories, property
 * types, building complexes, streets, staff accounts and agents. Texts in ru, en, kk, zh.
 */

export const ROLE_TITLES: Record<RoleName, string> = {
  super_admin: 'Суперадминистратор',
  admin: 'Администратор',
  employee: 'Сотрудник',
  manager: 'Менеджер',
  user: 'Пользователь',
};

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface DistrictDef {
  slug: DistrictSlug;
  name: LocalizedText;
  /** "in the district" phrase: ru 'в Бостандыкском районе', kk 'Бостандық ауданында'. */
  locIn: LocalizedText;
  /** Inside Almaty; the four boxes do not overlap. */
  bounds: Bounds;
  /** Real streets of the district (Russian, as addresses are written). */
  streets: string[];
}

export const DISTRICT_DEFS: DistrictDef[] = [
  {
    slug: 'almaly',
    name: { ru: 'Алмалинский район', en: 'Almaly District', kk: 'Алмалы ауданы', zh: '阿尔马雷区' },
    locIn: { ru: 'в Алмалинском районе', en: 'in Almaly District', kk: 'Алмалы ауданында', zh: '阿尔马雷区' },
    bounds: { south: 43.24, west: 76.89, north: 43.27, east: 76.945 },
    streets: [
      'ул. Толе би',
      'ул. Богенбай батыра',
      'ул. Казыбек би',
      'ул. Айтеке би',
      'ул. Жамбыла',
      'пр. Абылай хана',
      'ул. Желтоксан',
      'ул. Байтурсынулы',
      'ул. Муканова',
      'пр. Райымбека',
      'ул. Гоголя',
      'ул. Шевченко',
    ],
  },
  {
    slug: 'auezov',
    name: { ru: 'Ауэзовский район', en: 'Auezov District', kk: 'Әуезов ауданы', zh: '阿乌埃佐夫区' },
    locIn: { ru: 'в Ауэзовском районе', en: 'in Auezov District', kk: 'Әуезов ауданында', zh: '阿乌埃佐夫区' },
    bounds: { south: 43.205, west: 76.82, north: 43.238, east: 76.88 },
    streets: [
      'ул. Жандосова',
      'ул. Саина',
      'ул. Момышулы',
      'ул. Утеген батыра',
      'ул. Кабдолова',
      'ул. Шаляпина',
      'пр. Абая',
      'ул. Толе би',
    ],
  },
  {
    slug: 'bostandyk',
    name: { ru: 'Бостандыкский район', en: 'Bostandyk District', kk: 'Бостандық ауданы', zh: '博斯坦德克区' },
    locIn: { ru: 'в Бостандыкском районе', en: 'in Bostandyk District', kk: 'Бостандық ауданында', zh: '博斯坦德克区' },
    bounds: { south: 43.19, west: 76.882, north: 43.232, east: 76.948 },
    streets: [
      'пр. Аль-Фараби',
      'ул. Тимирязева',
      'ул. Розыбакиева',
      'ул. Сатпаева',
      'пр. Гагарина',
      'ул. Манаса',
      'ул. Ходжанова',
      'ул. Байзакова',
      'ул. Радостовца',
      'ул. Жандосова',
    ],
  },
  {
    slug: 'medeu',
    name: { ru: 'Медеуский район', en: 'Medeu District', kk: 'Медеу ауданы', zh: '梅德乌区' },
    locIn: { ru: 'в Медеуском районе', en: 'in Medeu District', kk: 'Медеу ауданында', zh: '梅德乌区' },
    bounds: { south: 43.234, west: 76.95, north: 43.27, east: 77.01 },
    streets: [
      'пр. Достык',
      'ул. Кунаева',
      'ул. Зенкова',
      'ул. Тулебаева',
      'ул. Кабанбай батыра',
      'ул. Жибек Жолы',
      'ул. Курмангазы',
      'ул. Пушкина',
      'пр. Абая',
    ],
  },
];

export interface CategoryDef {
  slug: CategorySlug;
  name: LocalizedText;
  description: LocalizedText;
  icon: 'building' | 'store' | 'warehouse';
}

export const CATEGORY_DEFS: CategoryDef[] = [
  {
    slug: 'offices',
    icon: 'building',
    name: { ru: 'Офисы', en: 'Offices', kk: 'Кеңселер', zh: '办公室' },
    description: {
      ru: 'Офисные помещения в бизнес-центрах Алматы: от небольших кабинетов до целых этажей, а также коворкинги с гибкими условиями аренды.',
      en: 'Office space in Almaty business centres, from small rooms to entire floors, plus coworking spaces with flexible terms.',
      kk: 'Алматыдағы бизнес орталықтарындағы кеңселер: шағын кабинеттерден тұтас қабаттарға дейін, сондай-ақ икемді жалдау шарттары бар коворкингтер.',
      zh: '阿拉木图商务中心的办公空间：从小型办公室到整层写字楼，以及租期灵活的联合办公空间。',
    },
  },
  {
    slug: 'retail',
    icon: 'store',
    name: { ru: 'Торговые помещения', en: 'Retail space', kk: 'Сауда алаңдары', zh: '商铺' },
    description: {
      ru: 'Помещения для магазинов, салонов, кафе и сервисов на первых линиях улиц и в торговых центрах.',
      en: 'Premises for shops, salons, cafés and services on main streets and in shopping centres.',
      kk: 'Басты көшелердегі және сауда орталықтарындағы дүкендерге, салондарға, кафелер мен қызмет көрсету орындарына арналған үй-жайлар.',
      zh: '位于主要街道和购物中心的商铺，适合开设商店、美容院、咖啡馆和服务网点。',
    },
  },
  {
    slug: 'warehouses',
    icon: 'warehouse',
    name: { ru: 'Склады', en: 'Warehouses', kk: 'Қоймалар', zh: '仓库' },
    description: {
      ru: 'Тёплые и холодные склады, логистические комплексы с пандусами и удобным подъездом для грузового транспорта.',
      en: 'Heated and unheated warehouses and logistics complexes with loading ramps and easy truck access.',
      kk: 'Жылы және суық қоймалар, тиеу пандустары мен жүк көлігіне ыңғайлы кіреберісі бар логистикалық кешендер.',
      zh: '保温及常温仓库、物流园区，配备装卸平台，货车进出方便。',
    },
  },
];

export interface SubcategoryDef {
  slug: 'office-space' | 'coworking';
  category: CategorySlug;
  name: LocalizedText;
  description: LocalizedText;
  filters: string[];
}

export const SUBCATEGORY_DEFS: SubcategoryDef[] = [
  {
    slug: 'office-space',
    category: 'offices',
    name: { ru: 'Офисные помещения', en: 'Office space', kk: 'Кеңсе үй-жайлары', zh: '写字楼办公室' },
    description: {
      ru: 'Отдельные офисы с кабинетами, переговорными и кондиционированием.',
      en: 'Self-contained offices with private rooms, meeting rooms and air conditioning.',
      kk: 'Кабинеттері, келіссөз бөлмелері және кондиционері бар жеке кеңселер.',
      zh: '独立办公室，配有独立房间、会议室和空调。',
    },
    filters: ['rooms', 'furniture', 'air_conditioning', 'meeting_rooms'],
  },
  {
    slug: 'coworking',
    category: 'offices',
    name: { ru: 'Коворкинги', en: 'Coworking', kk: 'Коворкингтер', zh: '联合办公' },
    description: {
      ru: 'Рабочие места и небольшие кабинеты в коворкингах с Wi-Fi, кухней и переговорными.',
      en: 'Desks and small private offices in coworking spaces with Wi-Fi, a kitchen and meeting rooms.',
      kk: 'Wi-Fi, ас үйі және келіссөз бөлмелері бар коворкингтердегі жұмыс орындары мен шағын кабинеттер.',
      zh: '联合办公空间的工位和小型独立办公室，提供无线网络、厨房和会议室。',
    },
    filters: ['desk_type', 'wifi', 'meeting_rooms', 'kitchen'],
  },
];

export const PROPERTY_TYPE_NAMES: Record<PropertyTypeSlug, LocalizedText> = {
  office: { ru: 'Офис', en: 'Office', kk: 'Кеңсе', zh: '办公室' },
  retail: { ru: 'Торговое помещение', en: 'Retail space', kk: 'Сауда алаңы', zh: '商铺' },
  warehouse: { ru: 'Склад', en: 'Warehouse', kk: 'Қойма', zh: '仓库' },
  coworking: { ru: 'Коворкинг', en: 'Coworking', kk: 'Коворкинг', zh: '联合办公' },
};

/** Category and subcategory of each property type. */
export const TYPE_PLACEMENT: Record<PropertyTypeSlug, { category: CategorySlug; subcategory: SubcategoryDef['slug'] | null }> = {
  office: { category: 'offices', subcategory: 'office-space' },
  coworking: { category: 'offices', subcategory: 'coworking' },
  retail: { category: 'retail', subcategory: null },
  warehouse: { category: 'warehouses', subcategory: null },
};

export type ComplexKind = 'business' | 'logistics';

export interface ComplexDef {
  slug: string;
  kind: ComplexKind;
  name: LocalizedText;
  /** Short name for titles: ru 'БЦ «Алатау Гранд»'. */
  short: LocalizedText;
  /** "in the complex": ru 'в бизнес-центре «Алатау Гранд»'; zh is the bare name. */
  locIn: LocalizedText;
  address: string;
  district: DistrictSlug;
  buildingClass: 'A' | 'B+' | 'B' | 'C';
  totalFloors: number;
  yearBuilt: number;
  latitude: number;
  longitude: number;
}

function business(
  slug: string,
  ru: string,
  en: string,
  kk: string,
  zh: string,
  rest: Omit<ComplexDef, 'slug' | 'kind' | 'name' | 'short' | 'locIn'>,
): ComplexDef {
  return {
    slug,
    kind: 'business',
    name: { ru: `Бизнес-центр «${ru}»`, en: `${en} Business Centre`, kk: `«${kk}» бизнес орталығы`, zh: `${zh}商务中心` },
    short: { ru: `БЦ «${ru}»`, en: `${en} BC`, kk: `«${kk}» БО`, zh: `${zh}商务中心` },
    locIn: { ru: `в бизнес-центре «${ru}»`, en: `in ${en} Business Centre`, kk: `«${kk}» бизнес орталығында`, zh: `${zh}商务中心` },
    ...rest,
  };
}

function logistics(
  slug: string,
  ru: string,
  en: string,
  kk: string,
  zh: string,
  rest: Omit<ComplexDef, 'slug' | 'kind' | 'name' | 'short' | 'locIn'>,
): ComplexDef {
  return {
    slug,
    kind: 'logistics',
    name: { ru: `Складской комплекс «${ru}»`, en: `${en} Logistics Park`, kk: `«${kk}» қойма кешені`, zh: `${zh}物流园` },
    short: { ru: `СК «${ru}»`, en: `${en} Logistics Park`, kk: `«${kk}» қойма кешені`, zh: `${zh}物流园` },
    locIn: { ru: `в складском комплексе «${ru}»`, en: `in ${en} Logistics Park`, kk: `«${kk}» қойма кешенінде`, zh: `${zh}物流园` },
    ...rest,
  };
}

/** The agency's own class-A business centre (spec 01 §9: built 2015, class A, 25 floors). */
export const HOME_COMPLEX_SLUG = 'alatau-grand';

export const COMPLEX_DEFS: ComplexDef[] = [
  business('alatau-grand', 'Алатау Гранд', 'Alatau Grand', 'Алатау Гранд', '阿拉套格兰德', {
    address: 'пр. Аль-Фараби, 77/8',
    district: 'bostandyk',
    buildingClass: 'A',
    totalFloors: 25,
    yearBuilt: 2015,
    latitude: 43.2188,
    longitude: 76.9274,
  }),
  business('timiryazev-park', 'Тимирязев Парк', 'Timiryazev Park', 'Тимирязев Парк', '季米里亚泽夫公园', {
    address: 'ул. Тимирязева, 42',
    district: 'bostandyk',
    buildingClass: 'B+',
    totalFloors: 9,
    yearBuilt: 2011,
    latitude: 43.2254,
    longitude: 76.9112,
  }),
  business('baiterek-plaza', 'Байтерек Плаза', 'Baiterek Plaza', 'Бәйтерек Плаза', '巴伊杰列克广场', {
    address: 'ул. Розыбакиева, 247',
    district: 'bostandyk',
    buildingClass: 'B',
    totalFloors: 7,
    yearBuilt: 2009,
    latitude: 43.2071,
    longitude: 76.8985,
  }),
  business('dostyk-tower', 'Достык Тауэр', 'Dostyk Tower', 'Достық Тауэр', '多斯特克大厦', {
    address: 'пр. Достык, 132',
    district: 'medeu',
    buildingClass: 'A',
    totalFloors: 22,
    yearBuilt: 2012,
    latitude: 43.2372,
    longitude: 76.9571,
  }),
  business('kunaev-house', 'Кунаев Хаус', 'Kunaev House', 'Қонаев Хаус', '库纳耶夫大楼', {
    address: 'ул. Кунаева, 77',
    district: 'medeu',
    buildingClass: 'B+',
    totalFloors: 12,
    yearBuilt: 2007,
    latitude: 43.2556,
    longitude: 76.9538,
  }),
  business('zhibek-zholy-plaza', 'Жибек Жолы Плаза', 'Zhibek Zholy Plaza', 'Жібек Жолы Плаза', '丝绸之路广场', {
    address: 'ул. Жибек Жолы, 50',
    district: 'medeu',
    buildingClass: 'B',
    totalFloors: 8,
    yearBuilt: 2004,
    latitude: 43.2611,
    longitude: 76.9552,
  }),
  business('abylai-khan-center', 'Абылай Хан Центр', 'Abylai Khan Centre', 'Абылай хан орталығы', '阿布赉汗中心', {
    address: 'пр. Абылай хана, 58',
    district: 'almaly',
    buildingClass: 'B+',
    totalFloors: 14,
    yearBuilt: 2010,
    latitude: 43.2573,
    longitude: 76.9421,
  }),
  business('saryarka', 'Сарыарка', 'Saryarka', 'Сарыарқа', '萨雷阿尔卡', {
    address: 'ул. Толе би, 101',
    district: 'almaly',
    buildingClass: 'B',
    totalFloors: 10,
    yearBuilt: 2006,
    latitude: 43.2524,
    longitude: 76.9176,
  }),
  business('baizakov-loft', 'Байзаков Лофт', 'Baizakov Loft', 'Байзақов Лофт', '拜扎科夫创意园', {
    address: 'ул. Байзакова, 125',
    district: 'almaly',
    buildingClass: 'B',
    totalFloors: 5,
    yearBuilt: 1987,
    latitude: 43.2468,
    longitude: 76.9049,
  }),
  business('sairan', 'Сайран', 'Sairan', 'Сайран', '赛兰', {
    address: 'ул. Толе би, 286',
    district: 'auezov',
    buildingClass: 'B+',
    totalFloors: 11,
    yearBuilt: 2014,
    latitude: 43.2362,
    longitude: 76.8694,
  }),
  business('momyshuly-plaza', 'Момышулы Плаза', 'Momyshuly Plaza', 'Момышұлы Плаза', '莫门舍勒广场', {
    address: 'ул. Момышулы, 15',
    district: 'auezov',
    buildingClass: 'B',
    totalFloors: 6,
    yearBuilt: 2013,
    latitude: 43.2231,
    longitude: 76.8418,
  }),
  logistics('zhetysu-logistics', 'Жетысу Логистик', 'Zhetysu', 'Жетісу Логистик', '七河', {
    address: 'ул. Кабдолова, 1/8',
    district: 'auezov',
    buildingClass: 'A',
    totalFloors: 2,
    yearBuilt: 2016,
    latitude: 43.2126,
    longitude: 76.8347,
  }),
  logistics('raiymbek-sklad', 'Райымбек', 'Raiymbek', 'Райымбек', '赖姆别克', {
    address: 'пр. Райымбека, 348',
    district: 'almaly',
    buildingClass: 'B',
    totalFloors: 2,
    yearBuilt: 2008,
    latitude: 43.2672,
    longitude: 76.8953,
  }),
];

export interface PersonDef {
  email: string;
  role: RoleName;
  firstName: string;
  lastName: string;
  language: 'ru' | 'kk' | 'en';
}

/** The shared password of every demo account (printed by the start script). */
export const DEMO_PASSWORD = 'Demo12345';

/** One sign-in account per role; all use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: ReadonlyArray<PersonDef> = [
  { email: 'superadmin@realty.local', role: 'super_admin', firstName: 'Арман', lastName: 'Сейткали', language: 'ru' },
  { email: 'admin@realty.local', role: 'admin', firstName: 'Жанна', lastName: 'Омарова', language: 'ru' },
  { email: 'employee@realty.local', role: 'employee', firstName: 'Нурлан', lastName: 'Беков', language: 'kk' },
  { email: 'manager@realty.local', role: 'manager', firstName: 'Светлана', lastName: 'Ли', language: 'ru' },
  { email: 'user@realty.local', role: 'user', firstName: 'Асель', lastName: 'Каримова', language: 'ru' },
];

/**
 * Listing agents. They have no password (they do not sign in); the employee and manager
 * demo accounts are agents too, so a signed-in staff member sees listings of their own.
 */
export const AGENT_DEFS: ReadonlyArray<PersonDef> = [
  { email: 'a.saparova@realty.local', role: 'manager', firstName: 'Айгерим', lastName: 'Сапарова', language: 'kk' },
  { email: 'e.zhumabayev@realty.local', role: 'employee', firstName: 'Ерлан', lastName: 'Жумабаев', language: 'kk' },
  { email: 'd.akhmetova@realty.local', role: 'employee', firstName: 'Дана', lastName: 'Ахметова', language: 'ru' },
  { email: 'a.kim@realty.local', role: 'employee', firstName: 'Алексей', lastName: 'Ким', language: 'ru' },
  { email: 'm.nurgaliyeva@realty.local', role: 'manager', firstName: 'Мадина', lastName: 'Нургалиева', language: 'kk' },
  { email: 'o.bondarenko@realty.local', role: 'employee', firstName: 'Ольга', lastName: 'Бондаренко', language: 'ru' },
];

/** Kazakhstan mobile operator codes used for the agents' phone numbers. */
export const MOBILE_CODES = ['701', '702', '705', '707', '747', '771', '775', '777', '778'];
