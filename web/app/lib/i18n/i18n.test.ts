import { describe, expect, it } from '@jest/globals';
import { resources } from '@realty/i18n';
import { createI18n } from './i18n';

describe('i18n instances (lib/i18n/i18n.tsx)', () => {
  it('one instance per bundle and language', () => {
    const a = createI18n('ru', resources.ru);
    expect(createI18n('ru', resources.ru)).toBe(a);
    expect(createI18n('en', resources.en)).not.toBe(a);
  });

  it('remembered plain lookups answer as i18next does; lookups with options are not remembered', () => {
    const i18n = createI18n('ru', resources.ru);
    const t = i18n.getFixedT(null, 'catalog');
    expect(t('catalog.title')).toBe('Каталог недвижимости');
    expect(t('catalog.title')).toBe('Каталог недвижимости');
    expect(t('card.floor', { floor: 2, total: 9 })).toBe('Этаж 2/9');
    expect(t('card.floor', { floor: 3, total: 9 })).toBe('Этаж 3/9');
    expect(t('card.moreFeatures', { count: 5 })).toBe('и ещё 5 особенностей');
    expect(t('nav.catalog', { ns: 'common' })).toBe(i18n.getFixedT(null, 'common')('nav.catalog'));
    expect(i18n.getFixedT(null, 'common')('brand')).toBe(resources.ru.common.brand);
    expect(t('missing.key')).toBe('missing.key');
  });
});
