import type { Language } from '@realty/contracts';
import { formatArea, formatDate, formatMoney, formatPrice, formatPricePerSqm, pickText } from './format';
import { NAMESPACES, resources } from './locales';

/**
 * Resource completeness (DESIGN "en, kk and zh translated for every key"): ru is the source
 * of truth; every other language has exactly its namespaces and keys (recursively), no empty
 * strings, and the same {{interpolation}} variables per key.
 */

type Tree = { [key: string]: unknown };

/**
 * The languages, from the resources themselves: a type-only import of the contracts keeps this
 * test free of the decorator metadata the contracts' DTO classes need at load time.
 */
const LANGUAGES = Object.keys(resources) as Language[];

/** Flattens a resource tree to 'a.b.c' -> value. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Tree, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** The {{variable}} names of a string (format suffixes like {{n, number}} ignored), sorted. */
function variables(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]);
  return [...new Set(names)].sort();
}

const others = LANGUAGES.filter((l) => l !== 'ru');
const ru = resources.ru as unknown as Record<string, Tree>;

describe('i18n resources', () => {
  it('has exactly the languages ru, en, kk, zh (spec 01 §1)', () => {
    expect([...LANGUAGES].sort()).toEqual(['en', 'kk', 'ru', 'zh']);
  });

  it('ru has at least the common and home namespaces', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'home']));
  });

  it.each(others)('%s has exactly the namespaces of ru', (lang) => {
    expect(Object.keys(resources[lang]).sort()).toEqual(Object.keys(resources.ru).sort());
  });

  describe.each(NAMESPACES.map((ns) => [ns]))('namespace %s', (ns) => {
    const source = flatten(ru[ns]);

    it('ru: every leaf is a non-empty string', () => {
      for (const [key, value] of source) {
        expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
        expect({ key, empty: (value as string).trim() === '' }).toEqual({ key, empty: false });
      }
    });

    it.each(others)('%s has exactly the keys of ru', (lang: Language) => {
      const target = flatten((resources[lang] as unknown as Record<string, Tree>)[ns] ?? {});
      expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
    });

    it.each(others)('%s: every value is a non-empty string', (lang: Language) => {
      const target = flatten((resources[lang] as unknown as Record<string, Tree>)[ns] ?? {});
      for (const [key, value] of target) {
        expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
        expect({ key, empty: (value as string).trim() === '' }).toEqual({ key, empty: false });
      }
    });

    it.each(others)('%s uses the same {{variables}} as ru', (lang: Language) => {
      const target = flatten((resources[lang] as unknown as Record<string, Tree>)[ns] ?? {});
      for (const [key, value] of source) {
        const translated = target.get(key);
        if (typeof value !== 'string' || typeof translated !== 'string') continue;
        expect({ key, vars: variables(translated) }).toEqual({ key, vars: variables(value) });
      }
    });
  });

  it.each(LANGUAGES)('%s home meta description fits the 160-character search-engine limit (spec 01 §9)', (lang) => {
    const { meta } = resources[lang].home as { meta: { title: string; description: string } };
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(meta.title.length).toBeLessThanOrEqual(70);
  });

  it('variables() finds names and ignores format suffixes', () => {
    expect(variables('© {{year}} {{ name }} {{n, number}} {{year}}')).toEqual(['n', 'name', 'year']);
    expect(variables('no variables')).toEqual([]);
  });
});

/** Intl in ru-KZ groups thousands with a no-break space (U+00A0). */
const NBSP = '\u00a0';

describe('format', () => {
  it('formatMoney groups thousands the ru-KZ way and appends ₸', () => {
    expect(formatMoney(1250000)).toBe(`1${NBSP}250${NBSP}000${NBSP}₸`);
    expect(formatMoney(999)).toBe(`999${NBSP}₸`);
    expect(formatMoney(0)).toBe(`0${NBSP}₸`);
  });

  it('formatMoney rounds to whole tenge', () => {
    expect(formatMoney(2500.6)).toBe(`2${NBSP}501${NBSP}₸`);
  });

  it('formatPrice adds /мес to rent prices only (spec 01 §3)', () => {
    expect(formatPrice(250000, 'rent')).toBe(`250${NBSP}000${NBSP}₸/мес`);
    expect(formatPrice(250000, 'rent', 'ru')).toBe(`250${NBSP}000${NBSP}₸/мес`);
    expect(formatPrice(85000000, 'sale')).toBe(`85${NBSP}000${NBSP}000${NBSP}₸`);
    expect(formatPrice(85000000, 'sale', 'en')).toBe(`85${NBSP}000${NBSP}000${NBSP}₸`);
  });

  it('formatPrice translates the rent suffix', () => {
    expect(formatPrice(1000, 'rent', 'en')).toMatch(/₸\/mo$/);
    expect(formatPrice(1000, 'rent', 'kk')).toMatch(/₸\/ай$/);
    expect(formatPrice(1000, 'rent', 'zh')).toMatch(/₸\/月$/);
  });

  it('formatArea shows m² with a decimal comma', () => {
    expect(formatArea(120)).toBe(`120${NBSP}м²`);
    expect(formatArea(125.5)).toBe(`125,5${NBSP}м²`);
    expect(formatArea(125.54)).toBe(`125,5${NBSP}м²`);
    expect(formatArea(120000)).toBe(`120${NBSP}000${NBSP}м²`);
    expect(formatArea(50, 'en')).toBe(`50${NBSP}m²`);
  });

  it('formatPricePerSqm', () => {
    expect(formatPricePerSqm(12500)).toBe(`12${NBSP}500${NBSP}₸/м²`);
  });

  it('formatDate gives the ru long form in Almaty time', () => {
    expect(formatDate('2026-11-23T10:00:00Z')).toMatch(/^23 ноября 2026/);
    // 20:00 UTC is already the next day in Almaty (UTC+5).
    expect(formatDate(new Date('2026-11-23T20:00:00Z'))).toMatch(/^24 ноября 2026/);
  });

  describe('pickText', () => {
    const texts = { ru: 'Офис', en: 'Office', kk: '', zh: '' };

    it('returns the text of the requested language', () => {
      expect(pickText(texts, 'en')).toBe('Office');
      expect(pickText(texts, 'ru')).toBe('Офис');
    });

    it('falls back to ru when the language is empty or missing', () => {
      expect(pickText(texts, 'kk')).toBe('Офис');
      expect(pickText({ ru: 'Склад' }, 'zh')).toBe('Склад');
    });

    it('falls back to any non-empty language when ru is empty', () => {
      expect(pickText({ ru: '', en: '', kk: 'Қойма', zh: '' }, 'zh')).toBe('Қойма');
    });

    it('returns the fallback for null, undefined or all-empty texts', () => {
      expect(pickText(null, 'ru', 'No title')).toBe('No title');
      expect(pickText(undefined, 'en', 'No title')).toBe('No title');
      expect(pickText({ ru: '', en: '' }, 'en', 'No title')).toBe('No title');
      expect(pickText({}, 'ru')).toBe('');
    });
  });
});
