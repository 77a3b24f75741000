import { translateMessage } from './messages';
import { BuildingComplexWriteDto, PropertyCategoryWriteDto, PropertyTypeWriteDto, ReferenceListQuery } from './reference-data.dto';
import { validateInput } from './validate-input';

/** The reference-data DTOs (issue 21; spec 02 §2) as the page and the API both apply them. */
describe('reference data DTOs', () => {
  it('accept a Russian name, drop blank languages, lower-case the slug', async () => {
    const r = await validateInput(PropertyTypeWriteDto, { name: { ru: '  Склад ', en: '', kk: ' ' }, slug: ' Cold-Storage ' });
    expect(r).toEqual({ ok: true, value: expect.objectContaining({ name: { ru: 'Склад' }, slug: 'cold-storage' }) });
  });

  it('refuse a missing Russian name, a bad slug, an unknown language, with one message per field', async () => {
    const r = await validateInput(PropertyTypeWriteDto, { name: { en: 'Store', de: 'Laden' }, slug: 'два слова' }, 'en');
    expect(r).toEqual({
      ok: false,
      errors: {
        name: 'Name: 2 to 100 characters (Russian is required)',
        slug: 'Slug: Latin letters, digits and hyphens, e.g. office-space',
      },
    });
    for (const slug of ['123', '-a', 'a--b', 'a'.repeat(33)])
      expect(await validateInput(PropertyTypeWriteDto, { name: { ru: 'Тип' }, slug })).toMatchObject({ ok: false });
    expect(await validateInput(PropertyTypeWriteDto, { name: { ru: 'Т' } })).toMatchObject({
      ok: false,
      errors: { name: 'reference.name' },
    });
  });

  it('category: icon from the list, order 0..10000 from a form or JSON', async () => {
    const ok = await validateInput(PropertyCategoryWriteDto, { name: { ru: 'Отели' }, icon: 'Store', sortOrder: '12', description: {} });
    expect(ok).toMatchObject({ ok: true, value: { icon: 'store', sortOrder: 12, description: {} } });
    const bad = await validateInput(PropertyCategoryWriteDto, { name: { ru: 'Отели' }, icon: 'rocket', sortOrder: 10_001 });
    expect(bad).toMatchObject({ ok: false, errors: { icon: 'field.enum', sortOrder: 'reference.sortOrder' } });
  });

  it('building complex: form digits become numbers, blanks null; bounds per field', async () => {
    const ok = await validateInput(BuildingComplexWriteDto, {
      name: { ru: 'БЦ Нурлы Тау' },
      address: 'пр. Аль-Фараби, 17',
      districtId: '3',
      totalFloors: '',
      yearBuilt: 2006,
      latitude: '43.21',
      buildingClass: 'B+',
    });
    expect(ok).toMatchObject({
      ok: true,
      value: { districtId: 3, totalFloors: null, yearBuilt: 2006, latitude: 43.21, buildingClass: 'B+' },
    });
    const bad = await validateInput(BuildingComplexWriteDto, {
      name: { ru: 'БЦ' },
      address: 'ул',
      totalFloors: 201,
      yearBuilt: 1700,
      longitude: 181,
      buildingClass: 'D',
      districtId: -1,
    });
    expect(bad).toMatchObject({
      ok: false,
      errors: {
        address: 'reference.address',
        totalFloors: 'reference.totalFloors',
        yearBuilt: 'reference.yearBuilt',
        longitude: 'listing.longitude',
        buildingClass: 'field.enum',
        districtId: 'field.integer',
      },
    });
  });

  it('list query: q up to 100 characters, sort from the list', async () => {
    expect(await validateInput(ReferenceListQuery, { q: 'офис', sort: '-Listings' })).toMatchObject({
      ok: true,
      value: { sort: '-listings' },
    });
    expect(await validateInput(ReferenceListQuery, { q: 'x'.repeat(101), sort: 'up' })).toMatchObject({
      ok: false,
      errors: { q: 'reference.search', sort: 'field.enum' },
    });
  });

  it('in-use messages take their counts in every language', () => {
    expect(translateMessage('reference.categoryInUse', 'ru', { listings: 3, subcategories: 2 })).toBe(
      'Категорию нельзя удалить: она используется (объектов: 3, подкатегорий: 2)',
    );
    expect(translateMessage('reference.typeInUse', 'zh', { listings: 1 })).toBe('该物业类型正在使用中，无法删除（房源：1）');
    // without params the placeholders stay; unknown texts pass through
    expect(translateMessage('reference.complexInUse', 'en')).toContain('{listings}');
    expect(translateMessage('Literal {x}', 'en', { x: 1 })).toBe('Literal {x}');
  });
});
