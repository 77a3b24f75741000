import type { DeckLanguage, DeckProperty } from './deck';

/**
 * The fixed words of a presentation in its language (issue 23; spec 02 §2: prices in ₸, areas
 * in m²). Kept with the renderers: they are part of the document, not of a screen.
 */
export interface DeckLabels {
  sale: string;
  rent: string;
  category: string;
  area: string;
  price: string;
  pricePerM2: string;
  floor: string;
  rooms: string;
  yearBuilt: string;
  address: string;
  coordinates: string;
  features: string;
  description: string;
  contacts: string;
  agent: string;
  phone: string;
  email: string;
  site: string;
  scan: string;
  m2: string;
  perMonth: string;
  properties: (n: number) => string;
  floorOf: (floor: number, total: number | null) => string;
}

export const LABELS: Record<DeckLanguage, DeckLabels> = {
  ru: {
    sale: 'Продажа',
    rent: 'Аренда',
    category: 'Категория',
    area: 'Площадь',
    price: 'Цена',
    pricePerM2: 'Цена за м²',
    floor: 'Этаж',
    rooms: 'Комнат',
    yearBuilt: 'Год постройки',
    address: 'Адрес',
    coordinates: 'Координаты',
    features: 'Особенности',
    description: 'Описание',
    contacts: 'Контакты',
    agent: 'Ваш агент',
    phone: 'Телефон',
    email: 'E-mail',
    site: 'Сайт',
    scan: 'Объект на сайте',
    m2: 'м²',
    perMonth: '/мес.',
    properties: (n) => `Объектов: ${n}`,
    floorOf: (f, t) => (t ? `${f} из ${t}` : `${f}`),
  },
  en: {
    sale: 'For sale',
    rent: 'For rent',
    category: 'Category',
    area: 'Area',
    price: 'Price',
    pricePerM2: 'Price per m²',
    floor: 'Floor',
    rooms: 'Rooms',
    yearBuilt: 'Year built',
    address: 'Address',
    coordinates: 'Coordinates',
    features: 'Features',
    description: 'Description',
    contacts: 'Contacts',
    agent: 'Your agent',
    phone: 'Phone',
    email: 'E-mail',
    site: 'Website',
    scan: 'Listing online',
    m2: 'm²',
    perMonth: '/month',
    properties: (n) => `${n} ${n === 1 ? 'property' : 'properties'}`,
    floorOf: (f, t) => (t ? `${f} of ${t}` : `${f}`),
  },
  kk: {
    sale: 'Сатылады',
    rent: 'Жалға беріледі',
    category: 'Санат',
    area: 'Ауданы',
    price: 'Бағасы',
    pricePerM2: 'м² бағасы',
    floor: 'Қабат',
    rooms: 'Бөлмелер',
    yearBuilt: 'Салынған жылы',
    address: 'Мекенжай',
    coordinates: 'Координаттар',
    features: 'Ерекшеліктері',
    description: 'Сипаттама',
    contacts: 'Байланыс',
    agent: 'Сіздің агентіңіз',
    phone: 'Телефон',
    email: 'E-mail',
    site: 'Сайт',
    scan: 'Нысан сайтта',
    m2: 'м²',
    perMonth: '/ай',
    properties: (n) => `Нысандар: ${n}`,
    floorOf: (f, t) => (t ? `${f} / ${t}` : `${f}`),
  },
  zh: {
    sale: '出售',
    rent: '出租',
    category: '类别',
    area: '面积',
    price: '价格',
    pricePerM2: '每平方米价格',
    floor: '楼层',
    rooms: '房间',
    yearBuilt: '建成年份',
    address: '地址',
    coordinates: '坐标',
    features: '特点',
    description: '描述',
    contacts: '联系方式',
    agent: '您的经纪人',
    phone: '电话',
    email: '电子邮件',
    site: '网站',
    scan: '在线查看',
    m2: 'm²',
    perMonth: '/月',
    properties: (n) => `共${n}个物业`,
    floorOf: (f, t) => (t ? `${f}/${t}` : `${f}`),
  },
};

/** 1234567 -> "1 234 567" (ru, kk: no-break spaces) or "1,234,567" (en, zh). */
export function formatNumber(n: number, language: DeckLanguage): string {
  const s = Math.round(n).toString();
  const sep = language === 'ru' || language === 'kk' ? '\u00a0' : ',';
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** Area with its unit: "1 250 м²"; decimals kept to one place. */
export function formatArea(area: number, language: DeckLanguage): string {
  const whole = Number.isInteger(area)
    ? formatNumber(area, language)
    : area.toFixed(1).replace('.', language === 'ru' || language === 'kk' ? ',' : '.');
  return `${whole}\u00a0${LABELS[language].m2}`;
}

/** "45 000 000 ₸" (sale) or "1 200 000 ₸/мес." (rent). */
export function formatPrice(p: DeckProperty, language: DeckLanguage): string {
  return `${formatNumber(p.price, language)}\u00a0₸${p.dealType === 'rent' ? LABELS[language].perMonth : ''}`;
}

/** "450 000 ₸/м²". */
export function formatPricePerM2(v: number, language: DeckLanguage): string {
  return `${formatNumber(v, language)}\u00a0₸/${LABELS[language].m2}`;
}

/** "43.238949, 76.889709" or null without both. */
export function formatCoordinates(p: DeckProperty): string | null {
  if (p.latitude == null || p.longitude == null) return null;
  return `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`;
}

/** The key facts of a property as [label, value] pairs, in display order (price only when shown). */
export function keyFacts(p: DeckProperty, language: DeckLanguage, showPrice: boolean): [string, string][] {
  const L = LABELS[language];
  const facts: [string, string][] = [
    [L.category, `${p.dealType === 'rent' ? L.rent : L.sale} · ${p.category}`],
    [L.area, formatArea(p.area, language)],
  ];
  if (showPrice) {
    facts.push([L.price, formatPrice(p, language)]);
    if (p.pricePerM2 != null) facts.push([L.pricePerM2, formatPricePerM2(p.pricePerM2, language)]);
  }
  if (p.floor != null) facts.push([L.floor, L.floorOf(p.floor, p.totalFloors)]);
  if (p.rooms != null) facts.push([L.rooms, String(p.rooms)]);
  if (p.yearBuilt != null) facts.push([L.yearBuilt, String(p.yearBuilt)]);
  return facts;
}
