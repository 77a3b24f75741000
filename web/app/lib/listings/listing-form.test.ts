import { describe, expect, it } from '@jest/globals';
import { PropertyWriteDto, validateInput } from '@realty/contracts';
import { formInput } from '~/lib/staff/staff-form.server';
import { emptyListingValues, LISTING_FIELD_KINDS, listingValues, listingValuesFromForm } from './listing-form';

/** The listing form's values -> PropertyWriteDto input, validated as the API does (spec 02 §5). */
describe('listing form values', () => {
  const filled = () => {
    const form = new FormData();
    form.set('title.ru', 'Офис в БЦ Нурлы Тау');
    form.set('title.en', 'Office in Nurly Tau');
    form.set('title.kk', '   ');
    form.set('description.ru', 'Светлый офис с панорамными окнами и ремонтом.');
    form.set('price', '450 000');
    form.set('area', '120,5');
    form.set('address', 'пр. Аль-Фараби, 17, блок 4Б');
    form.set('city', 'Алматы');
    form.set('dealType', 'rent');
    form.set('categoryId', '1');
    form.set('propertyTypeId', '2');
    form.set('latitude', '43.2187');
    form.set('longitude', '76.9275');
    form.append('features', 'parking');
    form.append('features', 'no-such-feature');
    form.append('features', 'security');
    return form;
  };

  it('reads a posted form into the DTO input: numbers parsed, empty languages and optional fields left out', async () => {
    const form = filled();
    expect(listingValuesFromForm(form).features).toEqual(['parking', 'security']);
    const input = formInput(form, LISTING_FIELD_KINDS);
    expect(input).toMatchObject({
      title: { ru: 'Офис в БЦ Нурлы Тау', en: 'Office in Nurly Tau' },
      price: 450_000,
      area: 120.5,
      rooms: null,
      subcategoryId: null,
      latitude: 43.2187,
    });
    expect(input.title).not.toHaveProperty('kk');
    const checked = await validateInput(PropertyWriteDto, input, 'ru');
    // an unknown feature is the DTO's to refuse, as the API would
    expect(checked.ok ? null : checked.errors).toEqual({ features: 'Выберите значение из списка' });
    form.delete('features');
    form.append('features', 'parking');
    expect((await validateInput(PropertyWriteDto, formInput(form, LISTING_FIELD_KINDS), 'ru')).ok).toBe(true);
  });

  it('answers the API field messages for a too-short title, a low price and a word in a number field', async () => {
    const form = filled();
    form.delete('features');
    form.set('title.ru', 'Офис');
    form.set('price', '999');
    form.set('rooms', 'три');
    const checked = await validateInput(PropertyWriteDto, formInput(form, LISTING_FIELD_KINDS), 'ru');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      title: 'Заголовок: от 5 до 200 символов (русский обязателен)',
      price: 'Цена: не менее 1000 ₸',
      rooms: 'Должно быть целым числом',
    });
  });

  it('round-trips a stored listing and starts a blank one in Almaty for rent', () => {
    expect(emptyListingValues().fields).toMatchObject({ dealType: 'rent', city: 'Алматы', price: '' });
    const values = listingValues({
      title: { ru: 'Склад', zh: '仓库' },
      description: { ru: 'Тёплый склад' },
      price: 1000,
      area: 10,
      address: 'ул. Рыскулова, 1',
      city: 'Алматы',
      rooms: null,
      floor: 0,
      totalFloors: null,
      yearBuilt: null,
      latitude: null,
      longitude: null,
      dealType: 'sale',
      categoryId: 3,
      propertyTypeId: 4,
      subcategoryId: null,
      districtId: 2,
      buildingComplexId: null,
      features: ['heating'],
    });
    expect(values.title).toEqual({ ru: 'Склад', en: '', kk: '', zh: '仓库' });
    expect(values.fields).toMatchObject({ floor: '0', rooms: '', districtId: '2', dealType: 'sale' });
  });
});
