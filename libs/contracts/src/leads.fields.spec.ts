import { CreatePropertyLeadDto, CreateLeadDto } from './leads.api.dto';
import { ContactPageFormDto, HomeContactFormDto, QuizAnswersDto, RentCalculatorDto } from './leads.forms.dto';
import { QUIZ_AREA, RENT_CALCULATOR, rentCost } from './leads.rules';
import { translateMessage } from './messages';
import { validateInput } from './validate-input';

/**
 * Every rule of spec 01 §5 used by the public forms and the lead schema, through the DTO classes
 * the API and the pages validate with, valid and invalid at the bounds; the Russian texts are the
 * spec's (or ours where it gives none).
 */

/** The ru message of `field` after validating `input` with `cls` (undefined: valid). */
async function ruError<T extends object>(cls: new () => T, input: Record<string, unknown>, field: string): Promise<string | undefined> {
  const r = await validateInput(cls, input);
  return r.ok ? undefined : r.errors[field] ? translateMessage(r.errors[field], 'ru') : undefined;
}

const home = (over: Record<string, unknown>) => ({ phone: '+7 701 123 45 67', ...over });
const contact = (over: Record<string, unknown>) => ({
  name: 'Иван Петров',
  phone: '+7 701 123 45 67',
  email: 'ivan@example.kz',
  subject: 'Аренда офиса',
  message: 'Нужен офис на 100 м²',
  ...over,
});
const lead = (over: Record<string, unknown>) => ({ source: 'website_contact_form', topic: 'Обращение с сайта', ...over });
const quiz = (over: Record<string, unknown>) => ({ location: 'bc', floor: 'high', area: 350, budget: '5m', ...over });

describe('phone (spec 01 §5)', () => {
  it.each([
    ['+7 (701) 123-45-67', undefined],
    ['87011234567', undefined],
    ['1234567890', undefined],
    ['123456789', 'Номер телефона должен содержать минимум 10 цифр'],
    ['+7 701 12', 'Номер телефона должен содержать минимум 10 цифр'],
    ['+7 701 abc 45 67', 'Неверный формат номера телефона'],
    ['7+7011234567', 'Неверный формат номера телефона'],
    ['8 (701) 123.45.67', 'Неверный формат номера телефона'],
    ['', 'Телефон обязателен для заполнения'],
  ])('%j -> %s', async (phone, message) => {
    expect(await ruError(HomeContactFormDto, home({ phone }), 'phone')).toBe(message);
    expect(await ruError(ContactPageFormDto, contact({ phone }), 'phone')).toBe(message);
  });

  it('is optional in the lead schema but checked when given', async () => {
    expect(await ruError(CreateLeadDto, lead({ phone: '' }), 'phone')).toBeUndefined();
    expect(await ruError(CreateLeadDto, lead({ phone: '12345' }), 'phone')).toBe('Номер телефона должен содержать минимум 10 цифр');
  });
});

describe('e-mail (spec 01 §5)', () => {
  it.each([
    ['anna@example.kz', undefined],
    ['a.b+c@sub.example.com', undefined],
    ['anna@', 'Неверный формат email адреса'],
    ['anna example.kz', 'Неверный формат email адреса'],
  ])('%j -> %s (required on the contact page)', async (email, message) => {
    expect(await ruError(ContactPageFormDto, contact({ email }), 'email')).toBe(message);
    expect(await ruError(HomeContactFormDto, home({ email }), 'email')).toBe(message);
  });

  it('is required on the contact page, optional on Home and in enquiries', async () => {
    expect(await ruError(ContactPageFormDto, contact({ email: '' }), 'email')).toBe('Email обязателен для заполнения');
    expect(await ruError(HomeContactFormDto, home({ email: '' }), 'email')).toBeUndefined();
    expect(
      await ruError(CreatePropertyLeadDto, { propertyId: 'x', name: 'Анна', phone: '87011234567', email: '' }, 'email'),
    ).toBeUndefined();
    expect(await ruError(CreatePropertyLeadDto, { propertyId: 'x', name: 'Анна', phone: '87011234567', email: 'bad' }, 'email')).toBe(
      'Неверный формат email адреса',
    );
  });
});

describe('person name (spec 01 §5: 2 to 50 characters, Cyrillic or Latin letters and spaces)', () => {
  it.each([
    ['Ан', undefined],
    ['Anna Smith', undefined],
    ['Әлия Нұрланқызы', undefined],
    ['А'.repeat(50), undefined],
    ['А', 'Должно содержать от 2 до 50 символов'],
    ['А'.repeat(51), 'Должно содержать от 2 до 50 символов'],
    ['Anna1', 'Допустимы только буквы (кириллица или латиница), пробелы и дефисы'],
    ['李雷', 'Допустимы только буквы (кириллица или латиница), пробелы и дефисы'],
  ])('%j -> %s', async (name, message) => {
    expect(await ruError(ContactPageFormDto, contact({ name }), 'name')).toBe(message);
    expect(await ruError(HomeContactFormDto, home({ name }), 'name')).toBe(message);
  });

  it('is required on the contact page and in enquiries, optional on Home', async () => {
    expect(await ruError(ContactPageFormDto, contact({ name: ' ' }), 'name')).toBe('Имя обязательно для заполнения');
    expect(await ruError(CreatePropertyLeadDto, { propertyId: 'x', name: '', phone: '87011234567' }, 'name')).toBe(
      'Имя обязательно для заполнения',
    );
    expect(await ruError(HomeContactFormDto, home({ name: '' }), 'name')).toBeUndefined();
  });
});

describe('contact schema: subject 5-100, message 10-1000 (spec 01 §5)', () => {
  it.each([
    ['12345', undefined],
    ['x'.repeat(100), undefined],
    ['1234', 'Тема должна содержать от 5 до 100 символов'],
    ['x'.repeat(101), 'Тема должна содержать от 5 до 100 символов'],
    ['', 'Тема обязательна для заполнения'],
  ])('subject %j -> %s', async (subject, message) => {
    expect(await ruError(ContactPageFormDto, contact({ subject }), 'subject')).toBe(message);
  });

  it.each([
    ['x'.repeat(10), undefined],
    ['x'.repeat(1000), undefined],
    ['x'.repeat(9), 'Сообщение должно содержать от 10 до 1000 символов'],
    ['x'.repeat(1001), 'Сообщение должно содержать от 10 до 1000 символов'],
    ['', 'Сообщение обязательно для заполнения'],
  ])('message %j -> %s', async (message, expected) => {
    expect(await ruError(ContactPageFormDto, contact({ message }), 'message')).toBe(expected);
  });

  it('the message is optional on Home, in enquiries and leads, but 10-1000 when given', async () => {
    expect(await ruError(HomeContactFormDto, home({ message: '' }), 'message')).toBeUndefined();
    expect(await ruError(HomeContactFormDto, home({ message: 'short' }), 'message')).toBe(
      'Сообщение должно содержать от 10 до 1000 символов',
    );
    expect(await ruError(CreateLeadDto, lead({ message: 'x'.repeat(1001) }), 'message')).toBe(
      'Сообщение должно содержать от 10 до 1000 символов',
    );
    expect(await ruError(CreatePropertyLeadDto, { propertyId: 'x', name: 'Анна', phone: '87011234567' }, 'message')).toBeUndefined();
  });
});

describe('lead schema (spec 01 §5: source 1-50, topic 3-100, budget positive, propertyType up to 50)', () => {
  it.each([
    [{ source: 'x' }, 'source', undefined],
    [{ source: 'x'.repeat(50) }, 'source', undefined],
    [{ source: '' }, 'source', 'Источник обязателен'],
    [{ source: 'x'.repeat(51) }, 'source', 'Источник должен содержать от 1 до 50 символов'],
    [{ topic: 'abc' }, 'topic', undefined],
    [{ topic: 'x'.repeat(100) }, 'topic', undefined],
    [{ topic: 'ab' }, 'topic', 'Тема должна содержать от 3 до 100 символов'],
    [{ topic: 'x'.repeat(101) }, 'topic', 'Тема должна содержать от 3 до 100 символов'],
    [{ topic: '' }, 'topic', 'Тема обязательна для заполнения'],
    [{ budget: 1 }, 'budget', undefined],
    [{ budget: '2500000' }, 'budget', undefined],
    [{ budget: 0 }, 'budget', 'Бюджет должен быть положительным числом'],
    [{ budget: -1 }, 'budget', 'Бюджет должен быть положительным числом'],
    [{ budget: 'много' }, 'budget', 'Должно быть числом'],
    [{ propertyType: 'x'.repeat(50) }, 'propertyType', undefined],
    [{ propertyType: 'x'.repeat(51) }, 'propertyType', 'Тип объекта не должен превышать 50 символов'],
  ])('%j: %s -> %s', async (over, field, message) => {
    expect(await ruError(CreateLeadDto, lead(over), field)).toBe(message);
  });
});

describe('quiz (spec 01 §5, §9: values from the lists, area 40-5500 step 10, default 350)', () => {
  it('has the default area of the spec', () => {
    expect(QUIZ_AREA).toEqual({ min: 40, max: 5500, step: 10, default: 350 });
  });

  it.each([
    [40, undefined],
    [5500, undefined],
    ['350', undefined],
    [30, 'Площадь должна быть от 40 до 5500 м² с шагом 10'],
    [5510, 'Площадь должна быть от 40 до 5500 м² с шагом 10'],
    [45, 'Площадь должна быть от 40 до 5500 м² с шагом 10'],
    [0, 'Площадь должна быть от 40 до 5500 м² с шагом 10'],
    ['', 'Укажите площадь'],
    ['abc', 'Должно быть числом'],
  ])('area %j -> %s', async (area, message) => {
    expect(await ruError(QuizAnswersDto, quiz({ area }), 'area')).toBe(message);
  });

  it.each([
    ['location', ['bc', 'residential', 'standalone', 'other'], 'Выберите расположение'],
    ['floor', ['high', 'medium', 'low', 'entrance'], 'Выберите этаж'],
    ['budget', ['1m', '5m', '10m', '10m+'], 'Выберите бюджет'],
  ])('%s accepts %j only', async (field, values, missing) => {
    for (const v of values) expect(await ruError(QuizAnswersDto, quiz({ [field]: v }), field)).toBeUndefined();
    expect(await ruError(QuizAnswersDto, quiz({ [field]: '' }), field)).toBe(missing);
    expect(await ruError(QuizAnswersDto, quiz({ [field]: 'penthouse' }), field)).toBe('Выберите значение из списка');
  });
});

describe('rent calculator (spec 01 §2, §5, §9)', () => {
  it('has the defaults of the spec and computes monthly = area x price, total = monthly x term', () => {
    expect(RENT_CALCULATOR).toMatchObject({ areaDefault: 100, priceDefault: 2500, terms: [1, 3, 6, 12, 24, 36], termDefault: 12 });
    expect(rentCost({ area: 100, price: 2500, term: 12 })).toEqual({ monthly: 250_000, total: 3_000_000 });
    expect(rentCost({ area: 55.5, price: 3000, term: 3 })).toEqual({ monthly: 166_500, total: 499_500 });
  });

  it.each([
    [{ area: '100', price: '2500', term: '12' }, {}],
    [{ area: '0', price: '2500', term: '12' }, { area: 'Введите площадь числом больше 0' }],
    [{ area: 'сто', price: '2500', term: '12' }, { area: 'Введите площадь числом больше 0' }],
    [{ area: '100', price: '-1', term: '12' }, { price: 'Введите цену за м² числом больше 0' }],
    [{ area: '100', price: '2500', term: '5' }, { term: 'Выберите срок: 1, 3, 6, 12, 24 или 36 месяцев' }],
    [{ area: '100', price: '2500', term: '36' }, {}],
    [{ area: '100', price: '2500', term: '1' }, {}],
  ])('%j -> %j', async (input, expected) => {
    const r = await validateInput(RentCalculatorDto, input);
    const got = r.ok ? {} : Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, translateMessage(v, 'ru')]));
    expect(got).toEqual(expected);
  });
});
