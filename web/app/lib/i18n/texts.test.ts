import { describe, expect, it } from '@jest/globals';
import { resources } from '@realty/i18n';
import i18next, { type TFunction } from 'i18next';
import { counted, template } from './texts';

async function catalogT(lang: 'ru' | 'en' | 'kk' | 'zh'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, fallbackLng: 'ru', resources: { [lang]: resources[lang] }, interpolation: { escapeValue: false } });
  return instance.getFixedT(lang, 'catalog');
}

describe('texts built once (lib/i18n/texts.ts)', () => {
  it('template gives what t gives, for each value', async () => {
    for (const lang of ['ru', 'en', 'kk', 'zh'] as const) {
      const t = await catalogT(lang);
      const floor = template(t, 'card.floor', ['floor', 'total']);
      const add = template(t, 'favorite.add', ['title']);
      expect(floor({ floor: 19, total: 25 })).toBe(t('card.floor', { floor: 19, total: 25 }));
      for (const title of ['Офис 64 м²', 'a {{title}} b', '$t(card.area)', '<b>&</b>']) {
        expect(add({ title })).toBe(t('favorite.add', { title }));
      }
    }
  });

  it('a missing key stays the key, as with t', async () => {
    const t = await catalogT('ru');
    expect(template(t, 'card.nope', ['x'])({ x: 1 })).toBe(t('card.nope', { x: 1 }));
  });

  it('counted gives the plural form of each count (ru: особенность / особенности / особенностей)', async () => {
    const t = await catalogT('ru');
    const more = counted(t, 'card.moreFeatures');
    for (const n of [1, 2, 5, 11, 21, 1]) expect(more(n)).toBe(t('card.moreFeatures', { count: n }));
    expect(more(1)).toBe('и ещё 1 особенность');
    expect(more(5)).toBe('и ещё 5 особенностей');
  });
});
