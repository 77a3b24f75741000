import {
  LANDING_CATEGORIES,
  LANDING_TEMPLATES,
  GenerateLandingDto,
  ShareLandingTelegramDto,
  landingFilterProblem,
  landingTemplate,
  landingTexts,
} from './index';
import { LANGUAGES } from './enums';
import { validateInput } from './validate-input';

/** Landing templates, their texts and the generate / share DTOs (issue 23, spec 02 §7 Landings). */
describe('landing templates', () => {
  it('every category has a template; ids are unique; every text exists in four languages with its placeholders', () => {
    expect(new Set(LANDING_TEMPLATES.map((t) => t.category))).toEqual(new Set(LANDING_CATEGORIES));
    expect(new Set(LANDING_TEMPLATES.map((t) => t.id)).size).toBe(LANDING_TEMPLATES.length);
    for (const t of LANDING_TEMPLATES) {
      expect(landingFilterProblem(t.suggestedFilter)).toBeNull();
      for (const lang of LANGUAGES) {
        expect(t.name[lang].trim()).not.toBe('');
        expect(t.texts.seoTitle[lang]).toContain('{title}');
        expect(t.texts.seoDescription[lang]).toContain('{count}');
        expect(t.texts.intro[lang]).toContain('{count}');
      }
    }
  });

  it('landingTexts fills the title and the count, the same every time', () => {
    const t = landingTemplate('offices-rent')!;
    const kk = landingTexts(t, 'kk', { title: 'Қала орталығы', count: 7 });
    expect(kk.seoTitle).toBe('Қала орталығы — Алматыдағы кеңселерді жалға алу');
    expect(kk.intro).toContain('Іріктемедегі нысандар: 7.');
    expect(landingTexts(t, 'kk', { title: 'Қала орталығы', count: 7 })).toEqual(kk);
    expect(landingTexts(t, 'zh', { title: 'x'.repeat(300), count: 1 }).seoTitle).toHaveLength(200);
  });

  it('the filter: known keys and values only, ranges in order', () => {
    expect(landingFilterProblem({})).toBeNull();
    expect(
      landingFilterProblem({ type: 'office', dealType: 'rent', district: 'medeu', priceMin: 1000, priceMax: 2000, featured: true }),
    ).toBeNull();
    for (const bad of [
      null,
      [],
      { type: 'castle' },
      { color: 'red' },
      { priceMin: -1 },
      { areaMin: 10, areaMax: 5 },
      { priceMin: Number.NaN },
    ])
      expect(landingFilterProblem(bad)).toBe('landing.filter');
  });
});

describe('GenerateLandingDto and ShareLandingTelegramDto', () => {
  const valid = { templateId: 'general-selection', filter: {}, language: 'ru', title: 'Подборка офисов', slug: 'podborka-ofisov' };

  it('accepts a valid body (slug lower-cased) and refuses each field with its message', async () => {
    const ok = await validateInput(GenerateLandingDto, { ...valid, slug: ' Podborka-Ofisov ' });
    expect(ok.ok && ok.value.slug).toBe('podborka-ofisov');
    const bad = await validateInput(
      GenerateLandingDto,
      { templateId: 'x', language: 'de', title: 'abc', slug: 'a--b', propertyIds: ['1'] },
      'ru',
    );
    expect(bad.ok ? null : bad.errors).toEqual({
      templateId: 'Выберите шаблон из списка',
      language: expect.any(String),
      title: 'Заголовок: от 5 до 200 символов',
      slug: 'Адрес: от 3 до 100 символов, латинские строчные буквы, цифры и дефисы',
      propertyIds: 'Укажите от 1 до 50 объектов (идентификаторы)',
    });
  });

  it('share: recipients from a text (commas, new lines), each a chat id or @username', async () => {
    const ok = await validateInput(ShareLandingTelegramDto, { recipients: '@aigerim_s, 100200300\n-100123', message: ' Привет ' });
    expect(ok.ok && ok.value).toMatchObject({ recipients: ['@aigerim_s', '100200300', '-100123'], message: 'Привет' });
    const bad = await validateInput(ShareLandingTelegramDto, { recipients: '@ab', message: '' }, 'en');
    expect(bad.ok ? null : Object.keys(bad.errors).sort()).toEqual(['message', 'recipients']);
  });
});
