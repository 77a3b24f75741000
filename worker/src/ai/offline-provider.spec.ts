import type { AiLanguage, AiPropertyFacts } from './content-provider';
import { OfflineContentProvider } from './offline-provider';
import { OpenAiContentProvider } from './openai-provider';
import { contentProviderFromEnv } from './provider.factory';

const LANGS: AiLanguage[] = ['ru', 'en', 'kk', 'zh'];

const office: AiPropertyFacts = {
  title: 'Office in Esentai',
  description: '',
  dealType: 'rent',
  category: 'offices',
  price: 1_250_000,
  area: 125,
  address: 'al-Farabi Ave 77/7',
  city: 'Almaty',
  floor: 12,
  totalFloors: 25,
  rooms: 4,
  yearBuilt: 2012,
  features: ['parking', 'air_conditioning', 'meeting_rooms'],
};

const warehouse: AiPropertyFacts = {
  ...office,
  title: 'Warehouse',
  dealType: 'sale',
  category: 'warehouses',
  price: 480_000_000,
  area: 2400,
  address: 'Ryskulov Ave 5',
  floor: null,
  totalFloors: null,
  rooms: null,
  yearBuilt: null,
  features: ['loading_ramp', 'security'],
};

/** Script of each language, to check that the text really is in it. */
const SCRIPT: Record<AiLanguage, RegExp> = {
  ru: /[а-яё]{4,}/i,
  en: /\b(the|for|with|and|to|a|is|does|can|when|are)\b/i,
  kk: /[әғқңөұүһі]/i,
  zh: /[\u4e00-\u9fff]{2,}/,
};

describe('OfflineContentProvider (issue 23, spec 02 §7)', () => {
  const p = new OfflineContentProvider();

  it.each(LANGS)('describes a listing in %s from its data, and differently for different data', async (l) => {
    const a = await p.describeProperty(office, l);
    const b = await p.describeProperty(warehouse, l);
    expect(a.provider).toBe('offline');
    expect(a.promptTokens + a.completionTokens).toBe(0);
    expect(a.value).toMatch(SCRIPT[l]);
    expect(a.value).toContain('al-Farabi Ave 77/7');
    expect(a.value).toMatch(/125/);
    expect(a.value.split('\n\n').length).toBeGreaterThanOrEqual(2);
    expect(b.value).toContain('Ryskulov Ave 5');
    expect(b.value).not.toEqual(a.value);
    // Deterministic: the same facts give the same text.
    expect((await p.describeProperty(office, l)).value).toEqual(a.value);
  });

  it('uses the words of each language for the deal and the features', async () => {
    expect((await p.describeProperty(office, 'ru')).value).toMatch(/Сдаётся в аренду офис.*парковка/s);
    expect((await p.describeProperty(warehouse, 'ru')).value).toMatch(/Продаётся склад/);
    expect((await p.describeProperty(office, 'en')).value).toMatch(
      /Office of 125 m² to rent.*parking, air conditioning and meeting rooms/s,
    );
    expect((await p.describeProperty(office, 'kk')).value).toMatch(/жалға беріледі.*көлік тұрағы/s);
    expect((await p.describeProperty(warehouse, 'zh')).value).toMatch(/出售.*仓库/);
    // Almaty is named in the text's language; another city as given.
    expect((await p.describeProperty(office, 'kk')).value).toContain('al-Farabi Ave 77/7, Алматы');
    expect((await p.describeProperty(office, 'zh')).value).toContain('al-Farabi Ave 77/7, 阿拉木图');
    expect((await p.describeProperty({ ...office, city: 'Astana' }, 'ru')).value).toContain('al-Farabi Ave 77/7, Astana');
  });

  it.each(LANGS)('asks 3-8 questions in %s that depend on the listing', async (l) => {
    const a = (await p.propertyQuestions(office, l)).value;
    const b = (await p.propertyQuestions(warehouse, l)).value;
    for (const qs of [a, b]) {
      expect(qs.length).toBeGreaterThanOrEqual(3);
      expect(qs.length).toBeLessThanOrEqual(8);
      for (const q of qs) expect(q).toMatch(SCRIPT[l]);
    }
    expect(a).not.toEqual(b);
  });

  it.each(LANGS)('marks a draft translation into %s and keeps the keys and empty fields', async (to) => {
    const r = await p.translate({ title: 'Офис', description: 'Светлый офис', note: '' }, 'ru', to);
    expect(Object.keys(r.value)).toEqual(['title', 'description', 'note']);
    expect(r.value.note).toBe('');
    if (to === 'ru') expect(r.value.title).toBe('Офис');
    else expect(r.value.title).toMatch(/^\[.+\] Офис$/);
  });

  it.each(LANGS)('writes a blog post in %s with a title, excerpt and HTML body from the brief', async (l) => {
    const r = await p.writeBlogPost({ topic: 'office rents in 2026', category: 'market', keywords: ['Esentai', '<b>'] }, l);
    expect(r.value.title.toLowerCase()).toContain('office rents in 2026');
    expect(r.value.excerpt).toMatch(SCRIPT[l]);
    expect(r.value.html).toMatch(/<h2>.+<\/h2>/);
    expect(r.value.html).toContain('<li>Esentai</li>');
    expect(r.value.html).toContain('&lt;b&gt;');
    expect(r.value.html).toMatch(SCRIPT[l]);
  });

  it.each(LANGS)('answers a free prompt in %s', async (l) => {
    const r = await p.complete('Summarise the week', 'summary', l);
    expect(r.value).toContain('Summarise the week');
    expect(r.value).toMatch(SCRIPT[l]);
  });
});

describe('contentProviderFromEnv', () => {
  it('is offline unless AI_BASE_URL, AI_API_KEY and AI_MODEL are all set', () => {
    expect(contentProviderFromEnv({})).toBeInstanceOf(OfflineContentProvider);
    expect(contentProviderFromEnv({ AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODEL: 'm' })).toBeInstanceOf(OfflineContentProvider);
    const p = contentProviderFromEnv({ AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_API_KEY: 'k', AI_MODEL: 'm' });
    expect(p).toBeInstanceOf(OpenAiContentProvider);
    expect(p.name).toBe('openai');
  });
});
