import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './enums';

/**
 * Error codes of the API envelope (spec 01 §8). The Russian texts are the spec's own;
 * en, kk and zh are translations.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMIT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

type Texts = Record<Language, string>;

/** Messages keyed by an id. Validation decorators carry the id; the API resolves it per language. */
export const MESSAGES = {
  // spec 01 §5 'Generic failure'
  VALIDATION_ERROR: {
    ru: 'Произошла ошибка валидации',
    en: 'Validation failed',
    kk: 'Тексеру қатесі орын алды',
    zh: '验证出错',
  },
  BAD_REQUEST: { ru: 'Некорректный запрос', en: 'Bad request', kk: 'Қате сұраныс', zh: '请求无效' },
  // spec 01 §8 table
  UNAUTHORIZED: { ru: 'Необходима авторизация', en: 'Authentication required', kk: 'Авторизация қажет', zh: '需要登录' },
  FORBIDDEN: { ru: 'Недостаточно прав доступа', en: 'Insufficient permissions', kk: 'Қол жеткізу құқығы жеткіліксіз', zh: '权限不足' },
  NOT_FOUND: { ru: 'Ресурс не найден', en: 'Resource not found', kk: 'Ресурс табылмады', zh: '未找到资源' },
  CONFLICT: { ru: 'Конфликт данных', en: 'Conflict', kk: 'Деректер қайшылығы', zh: '数据冲突' },
  PAYLOAD_TOO_LARGE: { ru: 'Слишком большой запрос', en: 'Payload too large', kk: 'Сұраныс тым үлкен', zh: '请求内容过大' },
  RATE_LIMIT: {
    ru: 'Слишком много запросов. Попробуйте позже',
    en: 'Too many requests. Please try again later',
    kk: 'Сұраныстар тым көп. Кейінірек қайталап көріңіз',
    zh: '请求过多，请稍后再试',
  },
  INTERNAL_ERROR: { ru: 'Внутренняя ошибка сервера', en: 'Internal server error', kk: 'Сервердің ішкі қатесі', zh: '服务器内部错误' },
  SERVICE_UNAVAILABLE: { ru: 'Сервис временно недоступен', en: 'Service temporarily unavailable', kk: 'Қызмет уақытша қолжетімсіз', zh: '服务暂时不可用' },

  // Field messages for query parameters and generic checks
  'field.invalid': { ru: 'Недопустимое значение', en: 'Invalid value', kk: 'Жарамсыз мән', zh: '无效的值' },
  'field.unknown': { ru: 'Неизвестный параметр', en: 'Unknown parameter', kk: 'Белгісіз параметр', zh: '未知参数' },
  'field.integer': { ru: 'Должно быть целым числом', en: 'Must be a whole number', kk: 'Бүтін сан болуы керек', zh: '必须是整数' },
  'field.number': { ru: 'Должно быть числом', en: 'Must be a number', kk: 'Сан болуы керек', zh: '必须是数字' },
  'field.min0': { ru: 'Не может быть отрицательным', en: 'Cannot be negative', kk: 'Теріс болмауы керек', zh: '不能为负数' },
  'field.page': { ru: 'Номер страницы должен быть от 1 до 10000', en: 'Page must be between 1 and 10000', kk: 'Бет нөмірі 1-ден 10000-ға дейін болуы керек', zh: '页码必须在 1 到 10000 之间' },
  'field.limit': { ru: 'Размер страницы должен быть от 1 до 100', en: 'Page size must be between 1 and 100', kk: 'Бет өлшемі 1-ден 100-ге дейін болуы керек', zh: '每页数量必须在 1 到 100 之间' },
  'field.enum': { ru: 'Выберите значение из списка', en: 'Choose a value from the list', kk: 'Тізімнен мән таңдаңыз', zh: '请从列表中选择' },
  'field.boolean': { ru: 'Должно быть true или false', en: 'Must be true or false', kk: 'true немесе false болуы керек', zh: '必须为 true 或 false' },
  'field.tooLong': { ru: 'Слишком длинное значение', en: 'Value is too long', kk: 'Мән тым ұзын', zh: '值过长' },
  'field.range': { ru: 'Минимум больше максимума', en: 'Minimum is greater than maximum', kk: 'Минимум максимумнан үлкен', zh: '最小值大于最大值' },
  'field.max': { ru: 'Слишком большое значение', en: 'Value is too large', kk: 'Мән тым үлкен', zh: '值过大' },
  'field.conflict': {
    ru: 'Значение противоречит другому параметру',
    en: 'Value contradicts another parameter',
    kk: 'Мән басқа параметрге қайшы келеді',
    zh: '该值与另一个参数冲突',
  },
  'field.similarLimit': { ru: 'Количество должно быть от 1 до 12', en: 'Count must be between 1 and 12', kk: 'Саны 1-ден 12-ге дейін болуы керек', zh: '数量必须在 1 到 12 之间' },
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;

/** True when `key` is a known message id. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** Resolves a message id (or passes a literal text through) in `lang`, falling back to ru. */
export function translateMessage(keyOrText: string, lang: Language = FALLBACK_LANGUAGE): string {
  if (!isMessageKey(keyOrText)) return keyOrText;
  const texts: Texts = MESSAGES[keyOrText];
  return texts[lang] || texts[FALLBACK_LANGUAGE];
}

/** Picks a supported language from a `lang` value or an Accept-Language header; ru otherwise. */
export function pickLanguage(...candidates: Array<string | string[] | undefined | null>): Language {
  for (const c of candidates) {
    if (!c) continue;
    const raw = Array.isArray(c) ? c.join(',') : c;
    for (const part of raw.split(',')) {
      const code = part.trim().split(';')[0].toLowerCase().split('-')[0];
      if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
    }
  }
  return FALLBACK_LANGUAGE;
}
