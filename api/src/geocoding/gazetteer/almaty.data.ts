import type { AlmatyDistrict } from '@realty/contracts';

/**
 * The offline gazetteer of Almaty (issue 21 "Address search"): the 8 districts, major streets and
 * avenues, and landmarks, for the default geocoding provider (no network).
 *
 * SOURCE AND LICENCE. Names are the official Russian and Kazakh names in common use and their
 * usual English transliterations (former names as aliases). Coordinates (WGS 84) are APPROXIMATE:
 * assembled from general knowledge of where these places lie on OpenStreetMap's map of Almaty
 * (© OpenStreetMap contributors, data under the ODbL, https://www.openstreetmap.org/copyright),
 * to about 0.003° (~300 m); they were neither surveyed nor checked point by point against a live
 * map. A street is one representative point on it in the city centre, a district its rough
 * centroid. Good enough to centre a map or place a first pin that the agent then moves.
 * Chinese names are not given: zh answers fall back to the English name.
 *
 * Districts: id = the slug of ALMATY_DISTRICTS. `district` of streets spanning several districts
 * is the one containing the representative point.
 */

export type GazetteerKind = 'street' | 'district' | 'landmark';

export interface GazetteerEntry {
  id: string;
  kind: GazetteerKind;
  /** ru and en always; kk where known. */
  names: { ru: string; en: string; kk?: string };
  /** Other spellings and former names (searched, never shown). */
  aliases?: string[];
  lat: number;
  lng: number;
  district?: AlmatyDistrict;
}

type Row = [
  id: string,
  ru: string,
  en: string,
  kk: string | undefined,
  lat: number,
  lng: number,
  district?: AlmatyDistrict,
  aliases?: string[],
];

const entries = (kind: GazetteerKind, rows: Row[]): GazetteerEntry[] =>
  rows.map(([id, ru, en, kk, lat, lng, district, aliases]) => ({
    id,
    kind,
    names: kk ? { ru, en, kk } : { ru, en },
    lat,
    lng,
    ...(district ? { district } : {}),
    ...(aliases ? { aliases } : {}),
  }));

/** The 8 districts (аудандар) of Almaty with rough centroids. */
export const DISTRICT_ENTRIES: GazetteerEntry[] = entries('district', [
  ['alatau', 'Алатауский район', 'Alatau District', 'Алатау ауданы', 43.275, 76.81, 'alatau'],
  ['almaly', 'Алмалинский район', 'Almaly District', 'Алмалы ауданы', 43.254, 76.918, 'almaly'],
  ['auezov', 'Ауэзовский район', 'Auezov District', 'Әуезов ауданы', 43.229, 76.85, 'auezov'],
  ['bostandyk', 'Бостандыкский район', 'Bostandyk District', 'Бостандық ауданы', 43.205, 76.9, 'bostandyk'],
  ['zhetysu', 'Жетысуский район', 'Zhetysu District', 'Жетісу ауданы', 43.296, 76.928, 'zhetysu', ['Jetisu', 'Zhetisu']],
  ['medeu', 'Медеуский район', 'Medeu District', 'Медеу ауданы', 43.245, 76.975, 'medeu', ['Medeo']],
  ['nauryzbay', 'Наурызбайский район', 'Nauryzbay District', 'Наурызбай ауданы', 43.19, 76.79, 'nauryzbay', ['Nauryzbai']],
  ['turksib', 'Турксибский район', 'Turksib District', 'Түрксіб ауданы', 43.33, 76.95, 'turksib'],
]);

/** Major streets and avenues: one representative point each. */
export const STREET_ENTRIES: GazetteerEntry[] = entries('street', [
  ['abay', 'проспект Абая', 'Abay Avenue', 'Абай даңғылы', 43.2405, 76.905, 'almaly', ['Abai']],
  ['al-farabi', 'проспект аль-Фараби', 'Al-Farabi Avenue', 'Әл-Фараби даңғылы', 43.218, 76.928, 'bostandyk', ['Alfarabi']],
  ['dostyk', 'проспект Достык', 'Dostyk Avenue', 'Достық даңғылы', 43.245, 76.957, 'medeu', ['Ленина', 'Lenin Avenue', 'Dostik']],
  [
    'nazarbayev',
    'проспект Назарбаева',
    'Nazarbayev Avenue',
    'Назарбаев даңғылы',
    43.248,
    76.946,
    'medeu',
    ['улица Фурманова', 'Furmanov Street', 'Nazarbaev'],
  ],
  ['tole-bi', 'улица Толе би', 'Tole Bi Street', 'Төле би көшесі', 43.253, 76.91, 'almaly', ['Толеби', 'Tolebi', 'Советская']],
  ['raiymbek', 'проспект Райымбека', 'Raiymbek Avenue', 'Райымбек даңғылы', 43.272, 76.92, 'almaly', ['Raimbek', 'Rayymbek']],
  ['satpayev', 'улица Сатпаева', 'Satpayev Street', 'Сәтбаев көшесі', 43.236, 76.91, 'bostandyk', ['Satpaev', 'Satbayev']],
  ['timiryazev', 'улица Тимирязева', 'Timiryazev Street', 'Тимирязев көшесі', 43.225, 76.905, 'bostandyk'],
  ['zhandosov', 'улица Жандосова', 'Zhandosov Street', 'Жандосов көшесі', 43.229, 76.885, 'bostandyk', ['Джандосова', 'Dzhandosov']],
  ['rozybakiev', 'улица Розыбакиева', 'Rozybakiev Street', 'Розыбакиев көшесі', 43.23, 76.89, 'bostandyk', ['Rozybakieva']],
  ['seifullin', 'проспект Сейфуллина', 'Seifullin Avenue', 'Сейфуллин даңғылы', 43.25, 76.938, 'almaly', ['Seyfullin']],
  ['gogol', 'улица Гоголя', 'Gogol Street', 'Гоголь көшесі', 43.259, 76.93, 'almaly'],
  [
    'kabanbay-batyr',
    'улица Кабанбай батыра',
    'Kabanbay Batyr Street',
    'Қабанбай батыр көшесі',
    43.25,
    76.93,
    'almaly',
    ['Kabanbai', 'Калинина'],
  ],
  [
    'zhibek-zholy',
    'улица Жибек жолы',
    'Zhibek Zholy Street',
    'Жібек жолы көшесі',
    43.2615,
    76.94,
    'almaly',
    ['Zhibek Zholy', 'Jibek Joly', 'Горького'],
  ],
  ['suyunbay', 'проспект Суюнбая', 'Suyunbay Avenue', 'Сүйінбай даңғылы', 43.29, 76.96, 'turksib', ['Suyinbay', 'Suyunbai']],
  ['momyshuly', 'улица Момышулы', 'Momyshuly Street', 'Момышұлы көшесі', 43.235, 76.845, 'auezov', ['Momyshuly', 'Momyshuly Avenue']],
  ['sain', 'улица Саина', 'Sain Street', 'Саин көшесі', 43.23, 76.86, 'auezov', ['Sain']],
  [
    'bukhar-zhyrau',
    'бульвар Бухар жырау',
    'Bukhar Zhyrau Boulevard',
    'Бұқар жырау бульвары',
    43.228,
    76.92,
    'bostandyk',
    ['Bukhar Zhirau', 'Бухар-Жырау'],
  ],
  ['zheltoksan', 'улица Желтоксан', 'Zheltoksan Street', 'Желтоқсан көшесі', 43.25, 76.942, 'almaly', ['Jeltoksan', 'Мира']],
  ['panfilov', 'улица Панфилова', 'Panfilov Street', 'Панфилов көшесі', 43.256, 76.946, 'almaly'],
  [
    'baitursynov',
    'улица Байтурсынова',
    'Baitursynov Street',
    'Байтұрсынұлы көшесі',
    43.244,
    76.925,
    'almaly',
    ['Baitursynuly', 'Baytursynov'],
  ],
  ['mukanov', 'улица Муканова', 'Mukanov Street', 'Мұқанов көшесі', 43.242, 76.909, 'almaly'],
  ['shevchenko', 'улица Шевченко', 'Shevchenko Street', 'Шевченко көшесі', 43.247, 76.93, 'almaly'],
  ['zhambyl', 'улица Жамбыла', 'Zhambyl Street', 'Жамбыл көшесі', 43.249, 76.92, 'almaly', ['Jambyl', 'Dzhambul']],
  ['aiteke-bi', 'улица Айтеке би', 'Aiteke Bi Street', 'Әйтеке би көшесі', 43.256, 76.93, 'almaly', ['Aiteke bi']],
  ['kunayev', 'улица Кунаева', 'Kunayev Street', 'Қонаев көшесі', 43.255, 76.948, 'medeu', ['Konayev', 'Kunaev']],
  ['kaldayakov', 'улица Калдаякова', 'Kaldayakov Street', 'Қалдаяқов көшесі', 43.255, 76.952, 'medeu'],
  ['pushkin', 'улица Пушкина', 'Pushkin Street', 'Пушкин көшесі', 43.26, 76.955, 'medeu'],
  ['mametova', 'улица Маметовой', 'Mametova Street', 'Мәметова көшесі', 43.263, 76.94, 'almaly'],
  ['gagarin', 'проспект Гагарина', 'Gagarin Avenue', 'Гагарин даңғылы', 43.22, 76.898, 'bostandyk'],
  ['auezov-street', 'улица Ауэзова', 'Auezov Street', 'Әуезов көшесі', 43.24, 76.903, 'bostandyk'],
  ['navoi', 'улица Навои', 'Navoi Street', 'Науаи көшесі', 43.21, 76.885, 'bostandyk'],
  ['ryskulov', 'проспект Рыскулова', 'Ryskulov Avenue', 'Рысқұлов даңғылы', 43.278, 76.89, 'zhetysu'],
  ['toraigyrov', 'улица Торайгырова', 'Toraigyrov Street', 'Торайғыров көшесі', 43.215, 76.9, 'bostandyk'],
  ['zharokov', 'улица Жарокова', 'Zharokov Street', 'Жароков көшесі', 43.225, 76.91, 'bostandyk'],
  ['baizakov', 'улица Байзакова', 'Baizakov Street', 'Байзақов көшесі', 43.24, 76.915, 'almaly'],
  ['utegen-batyr', 'улица Утеген батыра', 'Utegen Batyr Street', 'Өтеген батыр көшесі', 43.233, 76.86, 'auezov'],
  [
    'abylai-khan',
    'проспект Абылай хана',
    'Abylai Khan Avenue',
    'Абылай хан даңғылы',
    43.256,
    76.944,
    'almaly',
    ['Abylaikhan', 'Ablai Khan'],
  ],
  ['bogenbay-batyr', 'улица Богенбай батыра', 'Bogenbay Batyr Street', 'Бөгенбай батыр көшесі', 43.252, 76.93, 'almaly'],
  ['makatayev', 'улица Макатаева', 'Makatayev Street', 'Мақатаев көшесі', 43.264, 76.94, 'almaly', ['Makataev']],
  ['shalyapin', 'улица Шаляпина', 'Shalyapin Street', 'Шаляпин көшесі', 43.215, 76.86, 'auezov'],
  ['kazhymukan', 'улица Кажымукана', 'Kazhymukan Street', 'Қажымұқан көшесі', 43.23, 76.96, 'medeu'],
  ['tulebayev', 'улица Тулебаева', 'Tulebayev Street', 'Төлебаев көшесі', 43.254, 76.942, 'almaly'],
]);

/** Landmarks: malls, stations, parks, sights. */
export const LANDMARK_ENTRIES: GazetteerEntry[] = entries('landmark', [
  ['medeu-rink', 'Медеу (высокогорный каток)', 'Medeu Skating Rink', 'Медеу мұз айдыны', 43.1573, 77.0587, 'medeu', ['Medeo']],
  ['shymbulak', 'Шымбулак', 'Shymbulak Ski Resort', 'Шымбұлақ', 43.128, 77.08, 'medeu', ['Чимбулак', 'Chimbulak']],
  ['kok-tobe', 'Кок-Тобе', 'Kok-Tobe', 'Көктөбе', 43.233, 76.975, 'medeu', ['Коктобе', 'Koktobe']],
  ['republic-square', 'Площадь Республики', 'Republic Square', 'Республика алаңы', 43.2383, 76.9455, undefined, ['Независимости']],
  ['esentai-mall', 'Esentai Mall (Есентай Молл)', 'Esentai Mall', 'Esentai Mall', 43.2183, 76.928, 'bostandyk', ['Есентай']],
  ['mega-alma-ata', 'ТРЦ Мега Алма-Ата', 'Mega Alma-Ata Mall', 'Мега Алма-Ата', 43.202, 76.892, 'bostandyk', ['Mega Almaty']],
  ['dostyk-plaza', 'ТРЦ Достык Плаза', 'Dostyk Plaza Mall', 'Достық Плаза', 43.233, 76.957, 'medeu', ['Dostyk Plaza']],
  ['almaty-1', 'Вокзал Алматы-1', 'Almaty-1 Railway Station', 'Алматы-1 вокзалы', 43.342, 76.951, 'turksib', ['Almaty 1']],
  ['almaty-2', 'Вокзал Алматы-2', 'Almaty-2 Railway Station', 'Алматы-2 вокзалы', 43.277, 76.941, 'almaly', ['Almaty 2']],
  [
    'airport',
    'Международный аэропорт Алматы',
    'Almaty International Airport',
    'Алматы халықаралық әуежайы',
    43.3521,
    77.0405,
    'turksib',
    ['ALA', 'аэропорт'],
  ],
  [
    'panfilov-park',
    'Парк 28 гвардейцев-панфиловцев',
    'Panfilov Park',
    '28 гвардияшы-панфиловшылар саябағы',
    43.259,
    76.953,
    'medeu',
    ['Panfilovtsev'],
  ],
  [
    'zenkov-cathedral',
    'Вознесенский собор',
    'Zenkov Cathedral',
    'Вознесение соборы',
    43.2585,
    76.953,
    'medeu',
    ['Ascension Cathedral', 'собор Зенкова'],
  ],
  ['green-bazaar', 'Зелёный базар', 'Green Bazaar', 'Көк базар', 43.264, 76.952, 'medeu', ['Zelyony Bazar', 'Kok Bazar']],
  ['arbat', 'Арбат (улица Жибек жолы)', 'Arbat (Zhibek Zholy pedestrian street)', 'Арбат (Жібек жолы)', 43.261, 76.944, 'almaly'],
  [
    'kaznu',
    'КазНУ имени аль-Фараби',
    'Al-Farabi Kazakh National University',
    'Әл-Фараби атындағы ҚазҰУ',
    43.2245,
    76.923,
    'bostandyk',
    ['KazNU', 'КазГУ'],
  ],
  ['central-stadium', 'Центральный стадион', 'Central Stadium', 'Орталық стадион', 43.237, 76.918, 'bostandyk'],
  ['baum-grove', 'Роща Баума', 'Baum Grove', 'Баум тоғайы', 43.309, 76.98, 'turksib'],
  [
    'botanical-garden',
    'Главный ботанический сад',
    'Main Botanical Garden',
    'Бас ботаникалық бақ',
    43.22,
    76.912,
    'bostandyk',
    ['Botanic Garden'],
  ],
  [
    'central-park',
    'Центральный парк культуры и отдыха',
    'Central Park (Gorky Park)',
    'Орталық мәдениет және демалыс саябағы',
    43.262,
    76.967,
    'medeu',
    ['Gorky Park', 'парк Горького'],
  ],
  ['palace-of-republic', 'Дворец Республики', 'Palace of the Republic', 'Республика сарайы', 43.2335, 76.956, 'medeu'],
  ['hotel-kazakhstan', 'Гостиница «Казахстан»', 'Hotel Kazakhstan', '«Қазақстан» қонақ үйі', 43.2465, 76.956, 'medeu'],
  [
    'astana-square',
    'Площадь Астана (Старая площадь)',
    'Astana Square (Old Square)',
    'Астана алаңы',
    43.254,
    76.944,
    'almaly',
    ['Старая площадь', 'Old Square'],
  ],
  ['esentai-tower', 'Есентай Тауэр', 'Esentai Tower', 'Есентай Тауэр', 43.219, 76.928, 'bostandyk'],
  ['first-president-park', 'Парк Первого Президента', "First President's Park", 'Тұңғыш Президент саябағы', 43.188, 76.885, 'bostandyk'],
  [
    'opera-theatre',
    'Театр оперы и балета имени Абая',
    'Abai Opera and Ballet Theatre',
    'Абай атындағы опера және балет театры',
    43.2486,
    76.9445,
    'almaly',
  ],
  ['sairan', 'Озеро Сайран', 'Sairan Lake', 'Сайран көлі', 43.24, 76.87, 'auezov', ['Sayran']],
  ['big-almaty-lake', 'Большое Алматинское озеро', 'Big Almaty Lake', 'Үлкен Алматы көлі', 43.051, 76.985, undefined, ['БАО']],
]);

/** Every entry of the gazetteer. */
export const ALMATY_GAZETTEER: readonly GazetteerEntry[] = [...LANDMARK_ENTRIES, ...STREET_ENTRIES, ...DISTRICT_ENTRIES];

/** The city's name per language (the suffix of displayName). */
export const CITY_NAME = { ru: 'Алматы', en: 'Almaty', kk: 'Алматы', zh: '阿拉木图' } as const;
