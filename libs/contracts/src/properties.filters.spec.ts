import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PROPERTY_FILTER_FIELDS, propertyFilterNames, propertyFilterParams, toPropertyFilters } from './properties.filters';
import { PropertiesQuery } from './properties.query';

/** The one definition of the catalogue filters (issue 20): the DTO, the client's query and the parsing agree. */
describe('PROPERTY_FILTER_FIELDS', () => {
  const sample: Record<string, string> = {
    q: 'Абай',
    deal_type: 'rent',
    type: 'office',
    category: 'offices',
    subcategory: 'coworking',
    district: 'medeu',
    price_min: '100',
    price_max: '200',
    area_min: '10',
    area_max: '20',
    furniture: 'true',
    parking: 'true',
    air_conditioning: 'true',
    rooms_min: '2',
    featured: 'false',
  };

  it('names every filter once, under the spec 01 §7 name (snake_case)', () => {
    const names = PROPERTY_FILTER_FIELDS.flatMap(propertyFilterNames);
    expect(new Set(names).size).toBe(names.length);
    expect(PROPERTY_FILTER_FIELDS.map((f) => f.param).sort()).toEqual(Object.keys(sample).sort());
  });

  it('the DTO accepts every name and alias, and the client sends back the same query', () => {
    const query = plainToInstance(PropertiesQuery, sample);
    expect(validateSync(query, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
    const filters = toPropertyFilters(query);
    expect(filters).toEqual({
      q: 'Абай',
      dealType: 'rent',
      type: 'office',
      category: 'offices',
      subcategory: 'coworking',
      district: 'medeu',
      priceMin: 100,
      priceMax: 200,
      areaMin: 10,
      areaMax: 20,
      furniture: true,
      parking: true,
      airConditioning: true,
      roomsMin: 2,
      featured: false,
    });
    const sent = Object.fromEntries(Object.entries(propertyFilterParams(filters)).map(([k, v]) => [k, String(v)]));
    expect(sent).toEqual(sample);
  });

  it('reads the older camelCase spellings, and refuses two different values for one filter', () => {
    const camel = plainToInstance(PropertiesQuery, { dealType: 'sale', priceMin: '5', priceMax: '9', areaMin: '1', areaMax: '2' });
    expect(validateSync(camel, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
    expect(toPropertyFilters(camel)).toEqual({ dealType: 'sale', priceMin: 5, priceMax: 9, areaMin: 1, areaMax: 2 });
    const both = plainToInstance(PropertiesQuery, { deal_type: 'rent', dealType: 'sale' });
    const errors = validateSync(both, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    expect(errors.map((e) => [e.property, Object.values(e.constraints ?? {})])).toEqual([['dealType', ['field.conflict']]]);
  });

  it('sends no inactive value: false checkboxes, a zero rooms minimum, blank text', () => {
    expect(
      JSON.parse(JSON.stringify(propertyFilterParams({ q: '  ', furniture: false, roomsMin: 0, featured: false, dealType: 'all' }))),
    ).toEqual({
      featured: false,
      deal_type: 'all',
    });
  });
});
