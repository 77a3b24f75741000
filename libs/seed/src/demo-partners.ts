import {
  PARTNER_CATEGORIES,
  PARTNER_CATEGORY_STYLE,
  partnerSlug,
  type LocalizedText,
  type PartnerCategorySlug,
  type WorkingHours,
} from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { Partner } from '@realty/db';
import { hashSeed, Random } from './random';

/**
 * Demo partners (spec 01 §2 Partners, §3 Partner): businesses of the business centre and its
 * neighbourhood, in the six categories with the counts of the old site's category bar
 * (banks 12, restaurants 24, fitness 8, beauty 15, retail 18, medical 10: 87 partners).
 * About 85% are inside the centre (floor and office, coordinates around 43.2187, 76.9275,
 * pr. Al-Farabi 77/8); the rest within a kilometre or two. Names are invented; web sites and
 * e-mail addresses use the reserved .example domain. Deterministic for a seed.
 */

const L = (ru: string, en: string, kk: string, zh: string): LocalizedText => ({ ru, en, kk, zh });

export const PARTNER_CATEGORY_DEFS: Array<{ slug: PartnerCategorySlug; name: LocalizedText }> = [
  { slug: 'banks', name: L('Банки', 'Banks', 'Банктер', '银行') },
  { slug: 'restaurants', name: L('Рестораны и кафе', 'Restaurants and cafés', 'Мейрамханалар мен кафелер', '餐厅和咖啡馆') },
  { slug: 'fitness', name: L('Фитнес и спорт', 'Fitness and sport', 'Фитнес және спорт', '健身与运动') },
  { slug: 'beauty', name: L('Красота', 'Beauty', 'Сұлулық', '美容') },
  { slug: 'retail', name: L('Магазины и услуги', 'Shops and services', 'Дүкендер мен қызметтер', '商店与服务') },
  { slug: 'medical', name: L('Медицина', 'Medical', 'Медицина', '医疗') },
];

/** Partner names per category; the counts are the spec's category bar (spec 01 §2 Partners). */
const NAMES: Record<PartnerCategorySlug, string[]> = {
  banks: [
    'Алатау Банк',
    'Тенгри Финанс',
    'Степной Капитал',
    'Евразия Кредит',
    'Нур Инвест Банк',
    'Сапа Банк',
    'Береке Финанс',
    'Capital Point',
    'Достык Банк',
    'Обменный пункт Курс',
    'Жетысу Кредит',
    'Kaspian Pay',
  ],
  restaurants: [
    'Кофейня Арабика',
    'Ресторан Шанырак',
    'Sushi Master',
    'Пиццерия Маргарита',
    'Бистро Самал',
    'Кафе Достархан',
    'Coffee Lab',
    'Чайхана Восток',
    'Гриль-бар Медеу',
    'Вок Азия',
    'Пекарня Нан',
    'Big Bite Burgers',
    'Бизнес-ланч 25',
    'Ресторан Алатау',
    'Кафе Бауырсак',
    'Green Salad Bar',
    'Кондитерская Сладкий день',
    'Шелковый путь',
    'Кафе Тюльпан',
    'Espresso Point',
    'Лагман Хаус',
    'Бар Высота',
    'Fresh Smoothie',
    'Ресторан Кочевник',
  ],
  fitness: [
    'Фитнес-клуб Олимп',
    'Йога-студия Прана',
    'CrossFit Alatau',
    'Бассейн Аква',
    'Пилатес Баланс',
    'Бокс-клуб Чемпион',
    'Fitness Lab',
    'Студия танца Ритм',
  ],
  beauty: [
    'Салон красоты Ажар',
    'Барбершоп Бородач',
    'Nail Art Studio',
    'СПА Лотос',
    'Салон Шарм',
    'Косметология Эстетика',
    'Barbershop Gentleman',
    'Brow Bar',
    'Салон Жасмин',
    'Массаж Релакс',
    'Студия загара Күн',
    'Beauty Time',
    'Визаж-студия Айгерим',
    'Парикмахерская Стиль',
    'Студия Гладко',
  ],
  retail: [
    'Цветы Флора',
    'Книжный Читай-город',
    'Оптика Взгляд',
    'Офис Плюс',
    'Бутик Алма',
    'Ювелирный Алтын',
    'Техно Маркет',
    'Мини-маркет 24/7',
    'Сувениры Шанырак',
    'Химчистка Чистюля',
    'Ремонт обуви Мастер',
    'Деловой стиль',
    'Салон связи Мобайл',
    'Портфель',
    'Чай и кофе Пиала',
    'Винотека Сомелье',
    'Принт Экспресс',
    'Ключ-сервис',
  ],
  medical: [
    'Клиника Медикер Плюс',
    'Стоматология Дентал Про',
    'Аптека Здоровье',
    'Лаборатория Диагност',
    'Медцентр Шипагер',
    'Офтальмология Зрение',
    'Реабилитация Движение',
    'Психолог Гармония',
    'Педиатрия Балапан',
    'Семейный доктор',
  ],
};

/** What each kind of partner does, in four languages: {name} is replaced. */
const DESCRIPTIONS: Record<PartnerCategorySlug, LocalizedText[]> = {
  banks: [
    L(
      '{name} — отделение с полным обслуживанием юридических и физических лиц: счета, карты, кредиты и депозиты.',
      '{name} is a full-service branch for companies and individuals: accounts, cards, loans and deposits.',
      '{name} — заңды және жеке тұлғаларға толық қызмет көрсететін бөлімше: шоттар, карталар, несиелер мен депозиттер.',
      '{name}是为企业和个人提供全面服务的网点：账户、银行卡、贷款和存款。',
    ),
    L(
      '{name}: расчётно-кассовое обслуживание бизнеса, эквайринг и валютный контроль рядом с вашим офисом.',
      '{name}: business cash management, card acquiring and currency control next to your office.',
      '{name}: кеңсеңіздің жанында бизнеске есеп айырысу-кассалық қызмет, эквайринг және валюталық бақылау.',
      '{name}：就在您办公室旁边的企业结算、收单和外汇管理服务。',
    ),
  ],
  restaurants: [
    L(
      '{name} — завтраки, бизнес-ланчи и ужины с видом на горы. Доставка в офисы бизнес-центра.',
      '{name} serves breakfasts, business lunches and dinners with a mountain view, with delivery to offices in the centre.',
      '{name} — тауға қарайтын таңғы ас, бизнес-ланч және кешкі ас. Бизнес-орталықтың кеңселеріне жеткізу.',
      '{name}提供早餐、商务午餐和晚餐，可观山景，并为中心内的办公室送餐。',
    ),
    L(
      '{name}: свежая кухня, быстрые обеды для сотрудников и зал для деловых встреч.',
      '{name}: fresh food, quick lunches for office staff and a room for business meetings.',
      '{name}: жаңа піскен тағамдар, қызметкерлерге жылдам түскі ас және іскерлік кездесулерге арналған зал.',
      '{name}：新鲜菜品、为上班族准备的快捷午餐以及商务会面区。',
    ),
  ],
  fitness: [
    L(
      '{name} — тренировки до и после работы: тренажёрный зал, групповые программы и персональный тренер.',
      '{name} offers workouts before and after work: a gym, group classes and personal training.',
      '{name} — жұмысқа дейін және кейін жаттығулар: тренажер залы, топтық бағдарламалар және жеке жаттықтырушы.',
      '{name}提供上班前后的训练：健身房、团体课程和私人教练。',
    ),
    L(
      '{name}: корпоративные абонементы для команд арендаторов и удобное расписание.',
      '{name}: corporate memberships for tenant teams and a convenient timetable.',
      '{name}: жалға алушылардың командаларына корпоративтік абонементтер және ыңғайлы кесте.',
      '{name}：为租户团队提供企业会员卡和便利的课程时间表。',
    ),
  ],
  beauty: [
    L(
      '{name} — стрижки, маникюр и уход без долгих поездок: запись на удобное время в обеденный перерыв.',
      '{name}: haircuts, manicure and care without a long trip, bookable in your lunch break.',
      '{name} — ұзақ жол жүрмей шаш қию, маникюр және күтім: түскі үзіліске ыңғайлы уақытқа жазылу.',
      '{name}：理发、美甲和护理，无需远行，可预约午休时间。',
    ),
    L(
      '{name}: профессиональные мастера, качественная косметика и спокойная атмосфера.',
      '{name}: professional stylists, quality cosmetics and a calm atmosphere.',
      '{name}: кәсіби шеберлер, сапалы косметика және тыныш атмосфера.',
      '{name}：专业技师、优质化妆品和安静的氛围。',
    ),
  ],
  retail: [
    L(
      '{name} — всё необходимое для офиса и жизни рядом с работой.',
      '{name}: everything you need for the office and for daily life, right next to work.',
      '{name} — кеңсе мен күнделікті өмірге қажеттінің бәрі жұмыстың жанында.',
      '{name}：办公和日常生活所需，一应俱全，就在公司旁边。',
    ),
    L(
      '{name}: быстрое обслуживание, корпоративные заказы и доставка по бизнес-центру.',
      '{name}: quick service, corporate orders and delivery within the business centre.',
      '{name}: жылдам қызмет, корпоративтік тапсырыстар және бизнес-орталық ішінде жеткізу.',
      '{name}：快速服务、企业订单以及中心内配送。',
    ),
  ],
  medical: [
    L(
      '{name} — приём врачей, анализы и справки без очередей. Корпоративные программы для сотрудников.',
      '{name}: doctor appointments, tests and certificates without queues, with corporate programmes for staff.',
      '{name} — дәрігер қабылдауы, талдаулар және анықтамалар кезексіз. Қызметкерлерге корпоративтік бағдарламалар.',
      '{name}：医生问诊、化验和证明，无需排队，并为员工提供企业计划。',
    ),
    L(
      '{name}: современное оборудование и опытные специалисты в шаговой доступности от офиса.',
      '{name}: modern equipment and experienced specialists within walking distance of your office.',
      '{name}: заманауи жабдық және кеңседен жаяу жететін жердегі тәжірибелі мамандар.',
      '{name}：现代化设备和经验丰富的专家，离办公室仅几步之遥。',
    ),
  ],
};

const SERVICES: Record<PartnerCategorySlug, LocalizedText[]> = {
  banks: [
    L('Расчётный счёт для бизнеса', 'Business current account', 'Бизнеске арналған есеп шот', '企业结算账户'),
    L('Эквайринг', 'Card acquiring', 'Эквайринг', '收单服务'),
    L('Зарплатный проект', 'Payroll project', 'Жалақы жобасы', '工资代发'),
    L('Кредиты МСБ', 'SME loans', 'ШОБ несиелері', '中小企业贷款'),
    L('Обмен валюты', 'Currency exchange', 'Валюта айырбастау', '外币兑换'),
    L('Депозиты', 'Deposits', 'Депозиттер', '存款'),
  ],
  restaurants: [
    L('Бизнес-ланч', 'Business lunch', 'Бизнес-ланч', '商务午餐'),
    L('Доставка в офис', 'Office delivery', 'Кеңсеге жеткізу', '送餐到办公室'),
    L('Кейтеринг', 'Catering', 'Кейтеринг', '餐饮外包'),
    L('Кофе с собой', 'Coffee to go', 'Алып кететін кофе', '外带咖啡'),
    L('Банкеты', 'Banquets', 'Банкеттер', '宴会'),
    L('Завтраки', 'Breakfasts', 'Таңғы ас', '早餐'),
  ],
  fitness: [
    L('Тренажёрный зал', 'Gym', 'Тренажер залы', '健身房'),
    L('Групповые занятия', 'Group classes', 'Топтық сабақтар', '团体课'),
    L('Персональные тренировки', 'Personal training', 'Жеке жаттығулар', '私人训练'),
    L('Корпоративный абонемент', 'Corporate membership', 'Корпоративтік абонемент', '企业会员'),
    L('Сауна', 'Sauna', 'Сауна', '桑拿'),
  ],
  beauty: [
    L('Стрижки', 'Haircuts', 'Шаш қию', '理发'),
    L('Маникюр и педикюр', 'Manicure and pedicure', 'Маникюр және педикюр', '美甲美足'),
    L('Уход за лицом', 'Facial care', 'Бет күтімі', '面部护理'),
    L('Массаж', 'Massage', 'Массаж', '按摩'),
    L('Макияж', 'Make-up', 'Макияж', '化妆'),
  ],
  retail: [
    L('Корпоративные заказы', 'Corporate orders', 'Корпоративтік тапсырыстар', '企业订单'),
    L('Доставка по бизнес-центру', 'Delivery within the centre', 'Бизнес-орталық ішінде жеткізу', '中心内配送'),
    L('Подарочные сертификаты', 'Gift cards', 'Сыйлық сертификаттары', '礼品卡'),
    L('Оплата картой и QR', 'Card and QR payment', 'Карта және QR арқылы төлеу', '刷卡和扫码支付'),
    L('Упаковка подарков', 'Gift wrapping', 'Сыйлық орау', '礼品包装'),
  ],
  medical: [
    L('Приём терапевта', 'General practitioner', 'Терапевт қабылдауы', '全科医生'),
    L('Анализы', 'Laboratory tests', 'Талдаулар', '化验'),
    L('Медосмотры для компаний', 'Staff check-ups', 'Компанияларға медициналық тексеру', '企业体检'),
    L('Справки', 'Medical certificates', 'Анықтамалар', '医疗证明'),
    L('Вакцинация', 'Vaccination', 'Вакцинация', '疫苗接种'),
  ],
};

const day = (open: string, close: string) => ({ open, close });
const week = (weekday: [string, string] | null, sat: [string, string] | null, sun: [string, string] | null): WorkingHours => ({
  days: {
    mon: weekday && day(...weekday),
    tue: weekday && day(...weekday),
    wed: weekday && day(...weekday),
    thu: weekday && day(...weekday),
    fri: weekday && day(...weekday),
    sat: sat && day(...sat),
    sun: sun && day(...sun),
  },
  note: null,
});

const HOURS: Record<PartnerCategorySlug, WorkingHours[]> = {
  banks: [week(['09:00', '18:00'], ['10:00', '14:00'], null), week(['09:00', '19:00'], null, null)],
  restaurants: [week(['08:00', '22:00'], ['10:00', '23:00'], ['10:00', '22:00']), week(['08:00', '20:00'], ['09:00', '18:00'], null)],
  fitness: [week(['07:00', '23:00'], ['09:00', '21:00'], ['09:00', '21:00'])],
  beauty: [week(['10:00', '20:00'], ['10:00', '18:00'], null), week(['09:00', '21:00'], ['09:00', '21:00'], ['10:00', '18:00'])],
  retail: [
    week(['10:00', '21:00'], ['10:00', '21:00'], ['11:00', '19:00']),
    week(['00:00', '24:00'], ['00:00', '24:00'], ['00:00', '24:00']),
  ],
  medical: [week(['08:00', '20:00'], ['09:00', '15:00'], null)],
};

/** The business centre (spec 01: pr. Al-Farabi 77/8, around 43.2187, 76.9275). */
export const BUSINESS_CENTER_POINT = { latitude: 43.2187, longitude: 76.9275, address: 'г. Алматы, пр. Аль-Фараби, 77/8' } as const;

const NEARBY_ADDRESSES = [
  'г. Алматы, пр. Аль-Фараби, 71',
  'г. Алматы, ул. Навои, 208',
  'г. Алматы, ул. Тимирязева, 42',
  'г. Алматы, пр. Гагарина, 248',
  'г. Алматы, ул. Жандосова, 98',
  'г. Алматы, ул. Розыбакиева, 247',
];

const DISCOUNT_PERCENT = [5, 7, 10, 10, 12, 15, 20];

export interface GeneratedPartner {
  id: string;
  slug: string;
  name: string;
  category: PartnerCategorySlug;
  description: LocalizedText;
  address: string;
  buildingFloor: number | null;
  officeNumber: string | null;
  latitude: number;
  longitude: number;
  phone: string;
  email: string | null;
  websiteUrl: string | null;
  instagram: string | null;
  services: LocalizedText[];
  workingHours: WorkingHours;
  rating: number;
  reviewsCount: number;
  isInBusinessCenter: boolean;
  discountInfo: LocalizedText | null;
  featured: boolean;
  sortOrder: number;
}

const fill = (t: LocalizedText, name: string): LocalizedText => ({
  ru: t.ru.replace('{name}', name),
  en: t.en.replace('{name}', name),
  kk: t.kk.replace('{name}', name),
  zh: t.zh.replace('{name}', name),
});

/** The demo partners for a seed (87: the spec's category counts). Featured: 8, spread over the categories. */
export function generatePartners(seed: number): GeneratedPartner[] {
  const r = new Random(hashSeed(seed, 'partners'));
  const taken = new Set<string>();
  const out: GeneratedPartner[] = [];
  const featuredPerCategory: Record<PartnerCategorySlug, number> = {
    banks: 1,
    restaurants: 2,
    fitness: 1,
    beauty: 2,
    retail: 1,
    medical: 1,
  };
  for (const category of PARTNER_CATEGORIES) {
    NAMES[category].forEach((name, i) => {
      const slug = partnerSlug(name, null, taken);
      taken.add(slug);
      const inside = r.chance(0.86);
      const floor = inside ? r.int(1, 25) : null;
      const percent = r.pick(DISCOUNT_PERCENT);
      const discount = r.chance(0.45)
        ? L(
            `Скидка ${percent}% для арендаторов бизнес-центра`,
            `${percent}% off for business centre tenants`,
            `Бизнес-орталықтың жалға алушыларына ${percent}% жеңілдік`,
            `商务中心租户享受${percent}%折扣`,
          )
        : null;
      const hasSite = r.chance(0.6);
      out.push({
        id: r.uuid(),
        slug,
        name,
        category,
        description: fill(r.pick(DESCRIPTIONS[category]), name),
        address: inside ? BUSINESS_CENTER_POINT.address : r.pick(NEARBY_ADDRESSES),
        buildingFloor: floor,
        officeNumber: floor === null ? null : `${floor}${String(r.int(1, 30)).padStart(2, '0')}`,
        latitude: Number((BUSINESS_CENTER_POINT.latitude + (inside ? r.float(-0.0005, 0.0005) : r.float(-0.009, 0.009))).toFixed(6)),
        longitude: Number((BUSINESS_CENTER_POINT.longitude + (inside ? r.float(-0.0007, 0.0007) : r.float(-0.012, 0.012))).toFixed(6)),
        phone: `+7 (727) ${r.int(300, 399)}-${String(r.int(0, 99)).padStart(2, '0')}-${String(r.int(0, 99)).padStart(2, '0')}`,
        email: hasSite ? `info@${slug}.example` : null,
        websiteUrl: hasSite ? `https://${slug}.example` : null,
        instagram: r.chance(0.7) ? `@${slug.replace(/-/g, '_')}` : null,
        services: r.shuffle(SERVICES[category]).slice(0, r.int(3, Math.min(5, SERVICES[category].length))),
        workingHours: r.pick(HOURS[category]),
        rating: Number(r.float(4, 5).toFixed(1)),
        reviewsCount: r.int(4, 420),
        isInBusinessCenter: inside,
        discountInfo: discount,
        featured: i < featuredPerCategory[category],
        sortOrder: 0,
      });
    });
  }
  return out;
}

/**
 * Inserts the partner categories (missing ones) and, when the partners table is empty, the
 * demo partners. Returns how many partners were inserted (0 when there were some already).
 */
export async function insertDemoPartners(m: EntityManager, seed: number): Promise<number> {
  for (const [i, c] of PARTNER_CATEGORY_DEFS.entries()) {
    const style = PARTNER_CATEGORY_STYLE[c.slug];
    await m.query(
      `INSERT INTO partner_categories (slug, name, icon, color, sort_order) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING`,
      [c.slug, JSON.stringify(c.name), style.icon, style.color, i + 1],
    );
  }
  const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM partners`)) as Array<{ n: number }>;
  if (n > 0) return 0;
  const categories = new Map(
    ((await m.query(`SELECT id, slug FROM partner_categories`)) as Array<{ id: number; slug: string }>).map((c) => [c.slug, c.id]),
  );
  const partners = generatePartners(seed);
  await m
    .createQueryBuilder()
    .insert()
    .into(Partner)
    .values(
      partners.map(({ category, ...p }) => ({
        ...p,
        categoryId: categories.get(category) ?? null,
        logoUrl: null,
        isActive: true,
        createdAt: new Date('2026-01-15T04:00:00.000Z'),
        updatedAt: new Date('2026-01-15T04:00:00.000Z'),
      })),
    )
    .updateEntity(false)
    .execute();
  return partners.length;
}
