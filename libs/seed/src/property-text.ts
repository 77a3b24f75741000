import { slugify, type DealType, type Language, type LocalizedText, type PropertyFeature, type PropertyTypeSlug } from '@realty/contracts';
import type { PropertyCharacteristics } from '@realty/db';
import type { ComplexDef, DistrictDef } from './reference-data';

/**
 * Listing texts in ru, en, kk and zh built from templates and the listing's facts
 * (type, area, floor, district, building, features, price), so every language says
 * the same thing and nothing is a placeholder.
 */

export interface PropertyFacts {
  type: PropertyTypeSlug;
  dealType: DealType;
  area: number;
  floor: number;
  district: DistrictDef;
  complex: ComplexDef | null;
  address: string;
  features: PropertyFeature[];
  characteristics: PropertyCharacteristics;
  /** ₸ per m² (per month for rent). */
  rate: number;
  /** ₸ (per month for rent, total for sale). */
  price: number;
}

export interface PropertyTexts {
  title: LocalizedText;
  description: LocalizedText;
  h1: LocalizedText;
  seoTitle: LocalizedText;
  seoDescription: LocalizedText;
  seoKeywords: LocalizedText;
}

type Variant = LocalizedText;

/** Title nouns that fit the facts (e.g. 'Офис с мебелью' only when furnished). */
export function nounVariants(f: PropertyFacts): Variant[] {
  const c = f.characteristics;
  const has = (x: PropertyFeature) => f.features.includes(x);
  const out: Variant[] = [];
  switch (f.type) {
    case 'office':
      out.push({ ru: 'Офис', en: 'Office', kk: 'Кеңсе', zh: '办公室' });
      out.push({ ru: 'Светлый офис', en: 'Bright office', kk: 'Жарық кеңсе', zh: '明亮办公室' });
      if (f.area >= 150) out.push({ ru: 'Просторный офис', en: 'Spacious office', kk: 'Кең кеңсе', zh: '宽敞办公室' });
      if (f.area <= 60) out.push({ ru: 'Компактный офис', en: 'Compact office', kk: 'Шағын кеңсе', zh: '小型办公室' });
      if (c.furniture) out.push({ ru: 'Офис с мебелью', en: 'Furnished office', kk: 'Жиһазы бар кеңсе', zh: '带家具办公室' });
      if (has('panoramic_windows'))
        out.push({
          ru: 'Офис с панорамными окнами',
          en: 'Office with panoramic windows',
          kk: 'Панорамалық терезелері бар кеңсе',
          zh: '全景窗办公室',
        });
      if (f.complex?.buildingClass === 'A')
        out.push({ ru: 'Офис класса А', en: 'Class A office', kk: 'А класындағы кеңсе', zh: '甲级写字楼办公室' });
      break;
    case 'retail':
      out.push({ ru: 'Торговое помещение', en: 'Retail space', kk: 'Сауда алаңы', zh: '商铺' });
      out.push({ ru: 'Помещение под магазин', en: 'Premises for a shop', kk: 'Дүкенге арналған үй-жай', zh: '适合开店的商铺' });
      if (f.area >= 60)
        out.push({ ru: 'Помещение под кафе', en: 'Premises for a café', kk: 'Кафеге арналған үй-жай', zh: '适合开咖啡馆的商铺' });
      if (has('showcase_windows'))
        out.push({
          ru: 'Торговое помещение с витринами',
          en: 'Retail space with shop windows',
          kk: 'Витриналары бар сауда алаңы',
          zh: '带橱窗的商铺',
        });
      if (!f.complex && f.floor === 1 && has('separate_entrance'))
        out.push({
          ru: 'Торговое помещение на первой линии',
          en: 'Street-front retail space',
          kk: 'Бірінші желідегі сауда алаңы',
          zh: '临街商铺',
        });
      if (f.complex)
        out.push({
          ru: 'Торговая площадь с высоким трафиком',
          en: 'Retail unit with high footfall',
          kk: 'Адам ағыны көп сауда алаңы',
          zh: '人流量大的商铺',
        });
      break;
    case 'warehouse':
      out.push({ ru: 'Склад', en: 'Warehouse', kk: 'Қойма', zh: '仓库' });
      out.push({ ru: 'Складское помещение', en: 'Storage space', kk: 'Қойма үй-жайы', zh: '仓储空间' });
      if (c.heating) out.push({ ru: 'Тёплый склад', en: 'Heated warehouse', kk: 'Жылы қойма', zh: '保温仓库' });
      if (c.loading_ramp)
        out.push({ ru: 'Склад с пандусом', en: 'Warehouse with a loading ramp', kk: 'Тиеу пандусы бар қойма', zh: '带装卸平台的仓库' });
      if (f.area >= 1500) out.push({ ru: 'Складской комплекс', en: 'Warehouse complex', kk: 'Қойма кешені', zh: '仓储综合体' });
      break;
    case 'coworking':
      if (c.desk_type === 'hot')
        out.push({
          ru: 'Гибкое рабочее место в коворкинге',
          en: 'Hot desk in a coworking space',
          kk: 'Коворкингтегі икемді жұмыс орны',
          zh: '联合办公灵活工位',
        });
      else if (c.desk_type === 'fixed')
        out.push({
          ru: 'Закреплённое рабочее место в коворкинге',
          en: 'Fixed desk in a coworking space',
          kk: 'Коворкингтегі тұрақты жұмыс орны',
          zh: '联合办公固定工位',
        });
      else
        out.push({
          ru: 'Кабинет в коворкинге',
          en: 'Private office in a coworking space',
          kk: 'Коворкингтегі жеке кабинет',
          zh: '联合办公独立办公室',
        });
      break;
  }
  return out;
}

export const FEATURE_LABELS: Record<PropertyFeature, LocalizedText> = {
  parking: { ru: 'парковка', en: 'parking', kk: 'автотұрақ', zh: '停车位' },
  furniture: { ru: 'мебель', en: 'furniture', kk: 'жиһаз', zh: '家具' },
  air_conditioning: { ru: 'кондиционирование', en: 'air conditioning', kk: 'кондиционер', zh: '空调' },
  security: { ru: 'круглосуточная охрана', en: '24-hour security', kk: 'тәулік бойы күзет', zh: '24小时安保' },
  fiber_internet: { ru: 'оптоволоконный интернет', en: 'fibre internet', kk: 'оптикалық интернет', zh: '光纤网络' },
  reception: { ru: 'ресепшн', en: 'reception', kk: 'ресепшн', zh: '前台服务' },
  meeting_rooms: { ru: 'переговорные комнаты', en: 'meeting rooms', kk: 'келіссөз бөлмелері', zh: '会议室' },
  kitchen: { ru: 'кухня', en: 'kitchen', kk: 'ас үй', zh: '厨房' },
  panoramic_windows: { ru: 'панорамные окна', en: 'panoramic windows', kk: 'панорамалық терезелер', zh: '全景窗' },
  separate_entrance: { ru: 'отдельный вход', en: 'separate entrance', kk: 'жеке кіреберіс', zh: '独立入口' },
  loading_ramp: { ru: 'пандус для разгрузки', en: 'loading ramp', kk: 'тиеу пандусы', zh: '装卸平台' },
  heating: { ru: 'отопление', en: 'heating', kk: 'жылыту', zh: '供暖' },
  showcase_windows: { ru: 'витринные окна', en: 'shop windows', kk: 'витрина терезелері', zh: '橱窗' },
  generator: { ru: 'резервный генератор', en: 'backup generator', kk: 'резервтік генератор', zh: '备用发电机' },
};

/** 1234567 -> '1 234 567' (ru, kk) or '1,234,567' (en, zh). */
export function formatNumber(n: number, lang: Language): string {
  const sep = lang === 'ru' || lang === 'kk' ? ' ' : ',';
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function decimal(x: number, lang: Language): string {
  const s = (Math.round(x * 10) / 10).toString();
  return lang === 'ru' || lang === 'kk' ? s.replace('.', ',') : s;
}

function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function pluralRu(n: number, one: string, few: string, many: string): string {
  const t = n % 100;
  const u = n % 10;
  if (t >= 11 && t <= 14) return many;
  if (u === 1) return one;
  if (u >= 2 && u <= 4) return few;
  return many;
}

function joinList(items: string[], lang: Language): string {
  if (lang === 'zh') return items.join('、');
  if (items.length <= 1) return items.join('');
  const and = { ru: ' и ', en: ' and ', kk: ' және ', zh: '' }[lang];
  return `${items.slice(0, -1).join(', ')}${and}${items[items.length - 1]}`;
}

/** Lower-cases the first letter of a phrase unless it is an abbreviation ('А класындағы' stays). */
function lowerFirst(s: string): string {
  return s.length > 1 && s[1] === s[1].toLowerCase() && s[1] !== ' ' ? s[0].toLowerCase() + s.slice(1) : s;
}

function withArticle(s: string): string {
  const w = lowerFirst(s);
  return /^[aeiou]/i.test(w) ? `an ${w}` : `a ${w}`;
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Cuts to at most `max` characters at a word boundary, with an ellipsis. */
export function truncate(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.—-]+$/, '')}…`;
}

const DEAL: Record<DealType, LocalizedText> = {
  rent: { ru: 'в аренду', en: 'for rent', kk: 'жалға', zh: '出租' },
  sale: { ru: 'на продажу', en: 'for sale', kk: 'сатуға', zh: '出售' },
};

const KEYWORDS: Record<PropertyTypeSlug, Record<DealType, LocalizedText>> = {
  office: {
    rent: { ru: 'аренда офиса', en: 'office for rent', kk: 'кеңсе жалға', zh: '办公室出租' },
    sale: { ru: 'купить офис', en: 'office for sale', kk: 'кеңсе сату', zh: '办公室出售' },
  },
  retail: {
    rent: { ru: 'аренда торгового помещения', en: 'retail space for rent', kk: 'сауда алаңын жалға алу', zh: '商铺出租' },
    sale: { ru: 'купить торговое помещение', en: 'retail space for sale', kk: 'сауда алаңын сату', zh: '商铺出售' },
  },
  warehouse: {
    rent: { ru: 'аренда склада', en: 'warehouse for rent', kk: 'қойма жалға', zh: '仓库出租' },
    sale: { ru: 'купить склад', en: 'warehouse for sale', kk: 'қойма сату', zh: '仓库出售' },
  },
  coworking: {
    rent: {
      ru: 'коворкинг, аренда рабочего места',
      en: 'coworking, desk for rent',
      kk: 'коворкинг, жұмыс орнын жалға алу',
      zh: '联合办公、工位出租',
    },
    sale: { ru: 'коворкинг', en: 'coworking', kk: 'коворкинг', zh: '联合办公' },
  },
};

const COMMON_KEYWORDS: LocalizedText = {
  ru: 'коммерческая недвижимость, Алматы',
  en: 'commercial real estate, Almaty',
  kk: 'коммерциялық жылжымайтын мүлік, Алматы',
  zh: '商业地产、阿拉木图',
};

function detailSentence(f: PropertyFacts, lang: Language): string {
  const c = f.characteristics;
  const h = decimal(c.ceiling_height ?? 3, lang);
  const rooms = c.rooms ?? 1;
  switch (f.type) {
    case 'office':
      return {
        ru: `Планировка: ${rooms} ${pluralRu(rooms, 'кабинет', 'кабинета', 'кабинетов')}, высота потолков ${h} м.`,
        en: `The layout has ${rooms} ${rooms === 1 ? 'room' : 'rooms'} and ${h} m ceilings.`,
        kk: `Жоспарлауы: ${rooms} кабинет, төбесінің биіктігі ${h} м.`,
        zh: `共${rooms}个房间，层高${h}米。`,
      }[lang];
    case 'retail':
      return {
        ru: `Подойдёт под магазин, салон, аптеку или кафе; высота потолков ${h} м.`,
        en: `Suits a shop, salon, pharmacy or café; ceiling height ${h} m.`,
        kk: `Дүкен, салон, дәріхана немесе кафе ашуға ыңғайлы; төбесінің биіктігі ${h} м.`,
        zh: `适合开设商店、美容院、药店或咖啡馆，层高${h}米。`,
      }[lang];
    case 'warehouse':
      return c.heating
        ? {
            ru: `Высота потолков ${h} м, помещение отапливается, удобный подъезд для грузового транспорта.`,
            en: `Ceiling height ${h} m, heated, with easy access for trucks.`,
            kk: `Төбесінің биіктігі ${h} м, үй-жай жылытылады, жүк көлігі үшін ыңғайлы кіреберіс бар.`,
            zh: `层高${h}米，有供暖，货车进出方便。`,
          }[lang]
        : {
            ru: `Высота потолков ${h} м, неотапливаемое помещение, удобный подъезд для грузового транспорта.`,
            en: `Ceiling height ${h} m, unheated, with easy access for trucks.`,
            kk: `Төбесінің биіктігі ${h} м, үй-жай жылытылмайды, жүк көлігі үшін ыңғайлы кіреберіс бар.`,
            zh: `层高${h}米，无供暖，货车进出方便。`,
          }[lang];
    case 'coworking':
      if (c.desk_type === 'hot')
        return {
          ru: 'Любое свободное место в общем зале, доступ 24/7 и быстрый Wi-Fi.',
          en: 'Any free desk in the open space, 24/7 access and fast Wi-Fi.',
          kk: 'Ортақ залдағы кез келген бос орын, тәулік бойы кіру мүмкіндігі және жылдам Wi-Fi.',
          zh: '开放区域任选空闲工位，24小时开放，高速无线网络。',
        }[lang];
      if (c.desk_type === 'fixed')
        return {
          ru: 'Закреплённый за вами стол в общем зале, доступ 24/7 и быстрый Wi-Fi.',
          en: 'A desk reserved for you in the open space, 24/7 access and fast Wi-Fi.',
          kk: 'Ортақ залда сізге бекітілген үстел, тәулік бойы кіру мүмкіндігі және жылдам Wi-Fi.',
          zh: '开放区域专属固定工位，24小时开放，高速无线网络。',
        }[lang];
      return {
        ru: 'Отдельный кабинет с замком, доступ 24/7 и быстрый Wi-Fi.',
        en: 'A private lockable office, 24/7 access and fast Wi-Fi.',
        kk: 'Құлыпталатын жеке кабинет, тәулік бойы кіру мүмкіндігі және жылдам Wi-Fi.',
        zh: '独立可上锁办公室，24小时开放，高速无线网络。',
      }[lang];
  }
}

function priceSentence(f: PropertyFacts, lang: Language): string {
  const rate = formatNumber(f.rate, lang);
  if (f.dealType === 'sale')
    return {
      ru: `Цена — ${rate} ₸ за м², возможна покупка в ипотеку.`,
      en: `The price is ${rate} ₸ per m², mortgage available.`,
      kk: `Бағасы — 1 м² үшін ${rate} ₸, ипотекаға алуға болады.`,
      zh: `售价为每平方米${rate}坚戈，可办理按揭贷款。`,
    }[lang];
  if (f.type === 'coworking') {
    const price = formatNumber(f.price, lang);
    return {
      ru: `Стоимость — ${price} ₸ в месяц, коммунальные услуги включены.`,
      en: `The price is ${price} ₸ per month, utilities included.`,
      kk: `Құны — айына ${price} ₸, коммуналдық қызметтер бағаға кіреді.`,
      zh: `价格为每月${price}坚戈，含水电费。`,
    }[lang];
  }
  return {
    ru: `Ставка аренды — ${rate} ₸ за м² в месяц, коммунальные платежи оплачиваются отдельно.`,
    en: `Rent is ${rate} ₸ per m² per month, utilities billed separately.`,
    kk: `Жалдау мөлшерлемесі — айына 1 м² үшін ${rate} ₸, коммуналдық төлемдер бөлек төленеді.`,
    zh: `租金为每平方米每月${rate}坚戈，水电费另计。`,
  }[lang];
}

function introSentence(f: PropertyFacts, noun: Variant, lang: Language): string {
  const where = f.complex ? f.complex.locIn : f.district.locIn;
  switch (lang) {
    case 'ru':
      return `${noun.ru} площадью ${f.area} м² на ${f.floor}-м этаже ${where.ru}, адрес: ${f.address}.`;
    case 'en':
      return `${capitalize(withArticle(noun.en))} of ${f.area} m² on the ${ordinal(f.floor)} floor ${where.en}, Almaty.`;
    case 'kk':
      return `${where.kk} ${f.floor}-қабатта орналасқан, аумағы ${f.area} м² ${lowerFirst(noun.kk)}.`;
    case 'zh':
      return f.complex
        ? `${noun.zh}，位于${where.zh}${f.floor}层，面积${f.area}平方米。`
        : `${noun.zh}，位于阿拉木图${where.zh}，${f.floor}层，面积${f.area}平方米。`;
  }
}

function featuresSentence(f: PropertyFacts, lang: Language): string | null {
  if (!f.features.length) return null;
  const list = joinList(
    f.features.map((x) => FEATURE_LABELS[x][lang]),
    lang,
  );
  return { ru: `Особенности: ${list}.`, en: `Features: ${list}.`, kk: `Ерекшеліктері: ${list}.`, zh: `配套设施：${list}。` }[lang];
}

function perLanguage(fn: (lang: Language) => string): LocalizedText {
  return { ru: fn('ru'), en: fn('en'), kk: fn('kk'), zh: fn('zh') };
}

/** Every text of a listing; `noun` is one of nounVariants(facts). */
export function buildPropertyTexts(f: PropertyFacts, noun: Variant): PropertyTexts {
  const place = f.complex ? f.complex.short : f.district.name;
  const deal = DEAL[f.dealType];
  const title = perLanguage((l) =>
    l === 'zh'
      ? `${place.zh}${noun.zh}${deal.zh}，${f.area}平方米`
      : `${noun[l]} ${f.area} ${l === 'en' ? 'm²' : 'м²'} ${deal[l]}, ${place[l]}`,
  );
  const intro = perLanguage((l) => introSentence(f, noun, l));
  const price = perLanguage((l) => priceSentence(f, l));
  const description = perLanguage((l) =>
    [intro[l], detailSentence(f, l), featuresSentence(f, l), price[l]].filter(Boolean).join(l === 'zh' ? '' : ' '),
  );
  const h1 = {
    ru: `${noun.ru} ${f.area} м² ${deal.ru} — ${f.address}`,
    en: `${noun.en} ${f.area} m² ${deal.en} in Almaty`,
    kk: `Алматыдағы ${lowerFirst(noun.kk)} ${f.area} м² ${deal.kk}`,
    zh: `阿拉木图${noun.zh}${deal.zh}，${f.area}平方米`,
  };
  const d = f.district.name;
  const seoTitle = {
    ru: `${noun.ru} ${f.area} м² ${deal.ru} в Алматы, ${d.ru}`,
    en: `${noun.en} ${f.area} m² ${deal.en} in Almaty, ${d.en}`,
    kk: `Алматыда ${lowerFirst(noun.kk)} ${f.area} м² ${deal.kk}, ${d.kk}`,
    zh: `阿拉木图${d.zh}${noun.zh}${deal.zh}，${f.area}平方米`,
  };
  const seoDescription = perLanguage((l) => truncate(`${intro[l]}${l === 'zh' ? '' : ' '}${price[l]}`, 160));
  const seoKeywords = perLanguage((l) =>
    [KEYWORDS[f.type][f.dealType][l], d[l], f.complex ? f.complex.short[l] : null, COMMON_KEYWORDS[l]]
      .filter(Boolean)
      .join(l === 'zh' ? '、' : ', '),
  );
  return { title, description, h1, seoTitle, seoDescription, seoKeywords };
}

/** Latin slug from the English title plus a short suffix: 'bright-office-120-m2-for-rent-alatau-grand-bc-k3f9q'. */
export function propertySlug(englishTitle: string, suffix: string): string {
  return `${slugify(englishTitle, { maxLength: 180 })}-${suffix}`;
}
