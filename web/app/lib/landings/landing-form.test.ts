import { describe, expect, it } from '@jest/globals';
import { GenerateLandingDto, validateInput } from '@realty/contracts';
import { landingFormValues, landingInput } from './landing-form';

/** The generate form's fields -> GenerateLandingDto's input (issue 23 /dashboard/landings/new). */
describe('landingInput', () => {
  const form = (entries: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(entries)) f.set(k, v);
    return f;
  };
  const base = { templateId: 'offices-rent', language: 'ru', title: 'Офисы у метро', slug: 'ofisy-u-metro', activate: 'on' };

  it('listing ids from lines and commas; the filter from its fields when ticked, numbers as staff type them', async () => {
    const input = landingInput(
      landingFormValues(
        form({
          ...base,
          propertyIds: '0b6a3f8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b,\n 1b6a3f8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b ',
          useFilter: 'on',
          type: 'office',
          priceMin: '1 000 000',
          areaMax: '120,5',
        }),
      ),
    );
    expect(input).toEqual({
      ...base,
      activate: true,
      propertyIds: ['0b6a3f8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', '1b6a3f8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'],
      filter: { type: 'office', priceMin: 1_000_000, areaMax: 120.5 },
    });
    expect((await validateInput(GenerateLandingDto, input)).ok).toBe(true);
  });

  it('no filter when not ticked (its fields ignored); an unreadable number is the filter field error', async () => {
    const plain = landingInput(landingFormValues(form({ ...base, type: 'office' })));
    expect(plain).not.toHaveProperty('filter');
    expect(plain).not.toHaveProperty('propertyIds');
    expect(plain.activate).toBe(true);
    const bad = landingInput(landingFormValues(form({ ...base, useFilter: 'on', priceMin: 'много' })));
    const checked = await validateInput(GenerateLandingDto, bad, 'ru');
    expect(checked.ok ? null : checked.errors).toEqual({ filter: 'Недопустимый фильтр каталога' });
  });
});
