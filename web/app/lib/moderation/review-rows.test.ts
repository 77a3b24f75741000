import { describe, expect, it } from '@jest/globals';
import type { ModerationReviewDto, PropertyWriteValues, StaffPropertyDto } from '@realty/contracts';
import { reviewRows, type ReviewLabels } from './review-rows';

/** The side-by-side rows of the moderation review (issue 21; spec 02 §2). */

const labels: ReviewLabels = {
  dealType: (d) => (d === 'rent' ? 'Аренда' : 'Продажа'),
  feature: (f) => ({ parking: 'Парковка', security: 'Охрана' })[f] ?? f,
  yes: 'да',
  no: 'нет',
  none: '—',
};

const values: PropertyWriteValues = {
  title: { ru: 'Офис 62 м² в аренду', en: 'Office 62 m² for rent' },
  description: { ru: 'Светлый офис с ремонтом и видом на горы.' },
  price: 775_000,
  area: 62,
  address: 'пр. Аль-Фараби, 77/8',
  city: 'Алматы',
  rooms: 2,
  floor: 5,
  totalFloors: 12,
  yearBuilt: null,
  latitude: 43.2,
  longitude: 76.9,
  dealType: 'rent',
  categoryId: 1,
  propertyTypeId: 1,
  subcategoryId: null,
  districtId: 3,
  buildingComplexId: null,
  features: ['parking'],
};

const property = (over: Partial<StaffPropertyDto> = {}): StaffPropertyDto => ({
  ...values,
  id: '6f0c9a52-0000-4000-8000-000000000001',
  slug: 'office',
  status: 'active',
  ownerId: null,
  pendingChanges: null,
  rejection: null,
  publishedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  deletedAt: null,
  ...over,
});

const refNames = {
  districtId: {
    '3': { ru: 'Медеуский район', en: 'Medeu District', kk: 'Медеу ауданы', zh: '梅德乌区' },
    '4': { ru: 'Бостандыкский район', en: 'Bostandyk District', kk: 'Бостандық ауданы', zh: '博斯坦德克区' },
  },
};

describe('reviewRows', () => {
  it('an edit: only changed fields and languages, public value before, proposal after, names for ids and money in ₸', () => {
    const proposed: PropertyWriteValues = {
      ...values,
      title: { ru: 'Офис 62 м² в аренду, новая ставка', en: 'Office 62 m² for rent' },
      price: 713_000,
      districtId: 4,
      features: ['parking', 'security'],
    };
    const item: ModerationReviewDto = {
      property: property({ pendingChanges: proposed }),
      kind: 'edit',
      changes: [
        { field: 'title', before: values.title, after: proposed.title },
        { field: 'price', before: 775_000, after: 713_000 },
        { field: 'districtId', before: 3, after: 4 },
        { field: 'features', before: ['parking'], after: ['parking', 'security'] },
      ],
      owner: null,
      images: [],
      refNames,
    };
    const rows = reviewRows(item, 'ru', labels);
    expect(rows.map((r) => [r.key, r.before, r.after])).toEqual([
      ['title.ru', 'Офис 62 м² в аренду', 'Офис 62 м² в аренду, новая ставка'],
      ['price', '775\u00a0000\u00a0₸/мес', '713\u00a0000\u00a0₸/мес'],
      ['districtId', 'Медеуский район', 'Бостандыкский район'],
      ['features', 'Парковка', 'Парковка, Охрана'],
    ]);
    expect(reviewRows(item, 'en', labels).find((r) => r.key === 'districtId')?.after).toBe('Bostandyk District');
    // The title's added words are marked on the proposed side.
    expect(rows[0].parts?.after.filter((p) => p.changed).map((p) => p.text)).toEqual([', новая ставка']);
    expect(rows.find((r) => r.key === 'price')?.parts).toBeNull();
  });

  it('a new listing: every field with nothing before, a row per written language, a dash for empty values', () => {
    const changes = (Object.keys(values) as Array<keyof PropertyWriteValues>).map((field) => ({
      field,
      before: null,
      after: values[field],
    }));
    const item: ModerationReviewDto = {
      property: property({ status: 'pending' }),
      kind: 'new',
      changes,
      owner: null,
      images: [],
      refNames,
    };
    const rows = reviewRows(item, 'ru', labels);
    expect(rows.every((r) => r.before === null)).toBe(true);
    expect(rows.filter((r) => r.field === 'title').map((r) => r.lang)).toEqual(['ru', 'en']);
    expect(rows.find((r) => r.key === 'description.ru')).toMatchObject({ long: true });
    expect(rows.find((r) => r.key === 'yearBuilt')?.after).toBe('—');
    expect(rows.find((r) => r.key === 'categoryId')?.after).toBe('#1'); // a name the API did not send
    expect(rows.find((r) => r.key === 'dealType')?.after).toBe('Аренда');
  });
});
