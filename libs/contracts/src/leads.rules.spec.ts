import { LANGUAGES } from './enums';
import { leadQuality } from './leads.rules';
import { MESSAGES, translateMessage, type MessageKey } from './messages';

/** The pure lead rules (quality) and the texts of the forms' messages in every language (spec 01 §5). */

describe('lead quality (docs/decisions/013-lead-quality-rule.md)', () => {
  it.each([
    [{ phone: '8701', email: 'a@b.kz', budget: 100 }, 'hot'],
    [{ phone: '8701', email: 'a@b.kz', propertyId: 'x' }, 'hot'],
    [{ phone: '8701', email: 'a@b.kz', quizBudget: '5m' }, 'hot'],
    [{ phone: '8701', email: 'a@b.kz' }, 'warm'],
    [{ phone: '8701' }, 'warm'],
    [{ email: 'a@b.kz', budget: 100 }, 'cold'],
    [{}, 'cold'],
  ] as const)('%j -> %s', (input, quality) => {
    expect(leadQuality(input)).toBe(quality);
  });
});

describe('messages of the forms', () => {
  const keys = Object.keys(MESSAGES).filter((k) => /^(phone|person|contact|lead|propertyLead|quiz|calculator)\./.test(k)) as MessageKey[];
  it.each(keys)('%s has a text in every language', (key) => {
    for (const lang of LANGUAGES) expect(translateMessage(key, lang).trim()).not.toBe('');
  });
  it('keeps the spec texts in ru', () => {
    expect(translateMessage('phone.min', 'ru')).toBe('Номер телефона должен содержать минимум 10 цифр');
    expect(translateMessage('phone.format', 'ru')).toBe('Неверный формат номера телефона');
    expect(translateMessage('auth.emailInvalid', 'ru')).toBe('Неверный формат email адреса');
    expect(translateMessage('auth.emailRequired', 'ru')).toBe('Email обязателен для заполнения');
    expect(translateMessage('quiz.areaRange', 'en')).toBe('The area must be from 40 to 5500 m² in steps of 10');
  });
});
