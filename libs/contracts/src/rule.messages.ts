import { FALLBACK_LANGUAGE, type Language } from './enums';

/**
 * The texts of the public forms' own checks (leads.rules.ts: the office quiz and the rent
 * calculator), which the browser shows as the visitor types. Kept apart from MESSAGES (which
 * spreads them in, for the API) so the home page's code carries these ten texts, not every
 * message of the API in four languages (the CRM's made the shell chunk 20 KB larger).
 */
export const RULE_MESSAGES = {
  'field.enum': {
    ru: 'Выберите значение из списка',
    en: 'Choose a value from the list',
    kk: 'Тізімнен мән таңдаңыз',
    zh: '请从列表中选择',
  },
  'field.number': { ru: 'Должно быть числом', en: 'Must be a number', kk: 'Сан болуы керек', zh: '必须是数字' },
  'quiz.locationRequired': { ru: 'Выберите расположение', en: 'Choose a location', kk: 'Орналасуын таңдаңыз', zh: '请选择位置' },
  'quiz.floorRequired': { ru: 'Выберите этаж', en: 'Choose a floor', kk: 'Қабатты таңдаңыз', zh: '请选择楼层' },
  'quiz.budgetRequired': { ru: 'Выберите бюджет', en: 'Choose a budget', kk: 'Бюджетті таңдаңыз', zh: '请选择预算' },
  'quiz.areaRequired': { ru: 'Укажите площадь', en: 'Enter the area', kk: 'Ауданды көрсетіңіз', zh: '请输入面积' },
  'quiz.areaRange': {
    ru: 'Площадь должна быть от 40 до 5500 м² с шагом 10',
    en: 'The area must be from 40 to 5500 m² in steps of 10',
    kk: 'Аудан 40-тан 5500 м²-ге дейін, 10 қадаммен болуы керек',
    zh: '面积必须在 40 到 5500 平方米之间，步长为 10',
  },
  'calculator.areaNumber': {
    ru: 'Введите площадь числом больше 0',
    en: 'Enter the area as a number above 0',
    kk: 'Ауданды 0-ден үлкен санмен енгізіңіз',
    zh: '请输入大于 0 的面积数值',
  },
  'calculator.priceNumber': {
    ru: 'Введите цену за м² числом больше 0',
    en: 'Enter the price per m² as a number above 0',
    kk: 'м² бағасын 0-ден үлкен санмен енгізіңіз',
    zh: '请输入大于 0 的每平方米价格',
  },
  'calculator.term': {
    ru: 'Выберите срок: 1, 3, 6, 12, 24 или 36 месяцев',
    en: 'Choose a term: 1, 3, 6, 12, 24 or 36 months',
    kk: 'Мерзімді таңдаңыз: 1, 3, 6, 12, 24 немесе 36 ай',
    zh: '请选择期限：1、3、6、12、24 或 36 个月',
  },
} satisfies Record<string, Record<Language, string>>;

export type RuleMessageKey = keyof typeof RULE_MESSAGES;

/** The text of a rule's message id in `lang` (ru when that language has none). */
export function ruleMessage(key: RuleMessageKey, lang: Language = FALLBACK_LANGUAGE): string {
  const texts: Record<Language, string> = RULE_MESSAGES[key];
  return texts[lang] || texts[FALLBACK_LANGUAGE];
}
