import type { DealType, Language } from '@realty/contracts';

/** Number locale of the product (spec 01 §9: currency ₸, locale ru-KZ). */
export const NUMBER_LOCALE = 'ru-KZ';

const RENT_SUFFIX: Record<Language, string> = { ru: '/мес', en: '/mo', kk: '/ай', zh: '/月' };
const AREA_UNIT: Record<Language, string> = { ru: 'м²', en: 'm²', kk: 'м²', zh: '平方米' };
const DATE_LOCALE: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB', kk: 'kk-KZ', zh: 'zh-CN' };

const money = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 1 });

/** '1 250 000 ₸' (spec 01 §9). */
export function formatMoney(amount: number): string {
  return `${money.format(Math.round(amount))}\u00a0₸`;
}

/** Listing price: rent gets the per-month suffix ('/мес' in ru, spec 01 §3). */
export function formatPrice(amount: number, dealType: DealType, lang: Language = 'ru'): string {
  return dealType === 'rent' ? `${formatMoney(amount)}${RENT_SUFFIX[lang]}` : formatMoney(amount);
}

/** '125,5 м²'. */
export function formatArea(m2: number, lang: Language = 'ru'): string {
  return `${decimal.format(m2)}\u00a0${AREA_UNIT[lang]}`;
}

/** Price per m², '12 500 ₸/м²'. */
export function formatPricePerSqm(amount: number, lang: Language = 'ru'): string {
  return `${formatMoney(amount)}/${AREA_UNIT[lang]}`;
}

/** Long date, e.g. ru '23 ноября 2026 г.' (spec 01 §2 article date uses ru-RU long form). */
export function formatDate(iso: string | Date, lang: Language = 'ru'): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(DATE_LOCALE[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Almaty' }).format(d);
}

/** Date and time to the second, Almaty time, e.g. ru '23 ноября 2026 г., 11:05:09' (caught mails). */
export function formatDateTime(iso: string | Date, lang: Language = 'ru'): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(DATE_LOCALE[lang], { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Asia/Almaty' }).format(d);
}

/** Picks the text of `lang` from a per-language object, then ru, then any, then fallback (spec 01 §3: 'No title'). */
export function pickText(texts: Partial<Record<Language, string>> | null | undefined, lang: Language, fallback = ''): string {
  if (!texts) return fallback;
  return texts[lang] || texts.ru || Object.values(texts).find(Boolean) || fallback;
}
