import { listingYearProblem, PropertyWriteDto } from './listings.dto';
import { validateInput } from './validate-input';

/** The shared listing DTO as a page validates it (validateInput), spec 02 §5. */
describe('PropertyWriteDto', () => {
  const valid = {
    title: { ru: '  Офис в центре  ', en: '', kk: 'Орталықтағы кеңсе' },
    description: { ru: 'Светлый офис с ремонтом и парковкой.' },
    price: 250_000,
    area: 48,
    address: 'ул. Толе би, 101, офис 5',
    city: 'Алматы',
    dealType: 'RENT',
    categoryId: 1,
    propertyTypeId: 1,
  };

  it('trims texts, drops empty languages, lower-cases the deal type', async () => {
    const r = await validateInput(PropertyWriteDto, valid);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.title).toEqual({ ru: 'Офис в центре', kk: 'Орталықтағы кеңсе' });
      expect(r.value.dealType).toBe('rent');
    }
  });

  it('answers one message per field in the asked language', async () => {
    const r = await validateInput(PropertyWriteDto, { ...valid, title: { en: 'Office' }, floor: 5, totalFloors: 4, categoryId: 0 }, 'en');
    expect(r).toEqual({
      ok: false,
      errors: {
        title: 'Title: 5 to 200 characters (Russian is required)',
        floor: 'The floor cannot be above the building’s total floors',
        categoryId: 'Must be a whole number',
      },
    });
  });

  it('yearBuilt: 1800 .. the current year of the given clock + 5', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(listingYearProblem(1799, now)).toBe('listing.yearBuilt');
    expect(listingYearProblem(1800, now)).toBeNull();
    expect(listingYearProblem(2031, now)).toBeNull();
    expect(listingYearProblem(2032, now)).toBe('listing.yearBuilt');
    expect(listingYearProblem(2032, Date.UTC(2027, 0, 1))).toBeNull();
    expect(listingYearProblem(2000.5, now)).toBe('field.integer');
  });
});
