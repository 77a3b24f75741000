import { SCHEDULE_TIME_ZONE, type Language } from '@realty/contracts';

/**
 * Times of the CRM schedule as staff read them: always Asia/Almaty (issue 22 "Times shown in
 * Asia/Almaty"), in the page's language.
 */
const LOCALE: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB', kk: 'kk-KZ', zh: 'zh-CN' };

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(lang: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE[lang], { timeZone: SCHEDULE_TIME_ZONE, ...options });
    cache.set(key, f);
  }
  return f;
}

/** '14:30'. */
export const formatTime = (iso: string | Date, lang: Language) =>
  fmt(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** '21 нояб. 2026 г., 14:30'. */
export const formatDayTime = (iso: string | Date, lang: Language) =>
  fmt(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/** A day 'YYYY-MM-DD' as 'пятница, 21 ноября 2026 г.' (the day is read in UTC: it is a calendar day, not an instant). */
export const formatLongDay = (day: string, lang: Language) =>
  new Intl.DateTimeFormat(LOCALE[lang], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** 'ноябрь 2026 г.' of a day 'YYYY-MM-DD'. */
export const formatMonth = (day: string, lang: Language) =>
  new Intl.DateTimeFormat(LOCALE[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** 'пн' of a day 'YYYY-MM-DD'. */
export const formatWeekday = (day: string, lang: Language, width: 'short' | 'long' = 'short') =>
  new Intl.DateTimeFormat(LOCALE[lang], { weekday: width, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** '21 нояб.' of a day 'YYYY-MM-DD'. */
export const formatShortDay = (day: string, lang: Language) =>
  new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
