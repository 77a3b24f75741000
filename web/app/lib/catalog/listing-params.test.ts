// @realty/contracts also holds DTO classes whose decorators need the metadata polyfill (Nest loads it in the API).
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import {
  CATALOG_CONFIG,
  CATEGORY_CONFIG,
  SUBCATEGORY_CONFIG,
  canonicalRedirect,
  clearedState,
  countActiveFilters,
  draftToState,
  listingHref,
  parseListing,
  serializeListing,
  toApiQuery,
  toDraft,
} from './listing-params';

const parse = (qs: string, config = CATALOG_CONFIG) => parseListing(new URLSearchParams(qs), config);

describe('listing URL state (spec 01 §2, §7)', () => {
  it('defaults: nothing in the URL, nothing sent but the page size', () => {
    const s = parse('');
    expect(s).toMatchObject({
      q: '',
      dealType: 'all',
      type: 'all',
      sort: 'date_new',
      view: 'grid',
      page: 1,
      priceMin: null,
      priceMax: null,
    });
    expect(serializeListing(s, CATALOG_CONFIG).toString()).toBe('');
    expect(JSON.parse(JSON.stringify(toApiQuery(s, CATALOG_CONFIG)))).toEqual({});
  });

  it('accepts deal_type and dealType, and writes dealType', () => {
    expect(parse('deal_type=sale').dealType).toBe('sale');
    expect(parse('dealType=rent').dealType).toBe('rent');
    expect(serializeListing(parse('deal_type=sale'), CATALOG_CONFIG).toString()).toBe('dealType=sale');
  });

  it("reads the API's older camelCase spellings of the ranges too (one table of names), and writes the spec's", () => {
    expect(parse('priceMin=100000&areaMax=500')).toMatchObject({ priceMin: 100000, areaMax: 500 });
    expect(canonicalRedirect(new URL('http://x/catalog?priceMin=100000'), CATALOG_CONFIG)).toBe('/catalog?price_min=100000');
  });

  it('drops defaults and bad values; range ends mean "no bound"; min and max are swapped when reversed', () => {
    const s = parse(
      'q=%20%20Абай%20&dealType=all&type=villa&price_min=0&price_max=10000000&area_min=500&area_max=100&sort=cheap&page=-2&furniture=true&parking=on',
    );
    expect(s).toMatchObject({
      q: 'Абай',
      dealType: 'all',
      type: 'all',
      priceMin: null,
      priceMax: null,
      areaMin: 100,
      areaMax: 500,
      sort: 'date_new',
      page: 1,
      furniture: true,
      parking: true,
    });
    expect(serializeListing(s, CATALOG_CONFIG).toString()).toBe(
      'q=%D0%90%D0%B1%D0%B0%D0%B9&area_min=100&area_max=500&furniture=true&parking=true',
    );
  });

  it('clamps values to the slider range', () => {
    expect(parse('price_max=20000000').priceMax).toBeNull();
    expect(parse('price_min=20000000').priceMin).toBe(10_000_000);
    expect(parse('area_min=10').areaMin).toBeNull();
  });

  it("maps the state to the API query (snake_case is the client's job)", () => {
    const s = parse(
      'q=офис&dealType=rent&type=office&price_min=100000&area_max=300&furniture=true&parking=true&sort=price_asc&page=3&view=map',
    );
    expect(toApiQuery(s, CATALOG_CONFIG)).toEqual({
      q: 'офис',
      dealType: 'rent',
      type: 'office',
      priceMin: 100000,
      areaMax: 300,
      furniture: true,
      parking: true,
      sort: 'price_asc',
      page: 3,
    });
  });

  it('redirects a no-JavaScript form submission to the canonical URL, keeping foreign parameters', () => {
    const url = new URL(
      'http://x/catalog?q=&dealType=all&type=office&price_min=0&price_max=10000000&area_min=40&area_max=1000&sort=date_new&lng=en',
    );
    expect(canonicalRedirect(url, CATALOG_CONFIG)).toBe('/catalog?type=office&lng=en');
    expect(canonicalRedirect(new URL('http://x/catalog?type=office&q=a'), CATALOG_CONFIG)).toBeNull();
    expect(canonicalRedirect(new URL('http://x/catalog'), CATALOG_CONFIG)).toBeNull();
  });

  it('category pages: rent is the default deal type, "all" is explicit; subcategory flags and rooms', () => {
    expect(parse('', CATEGORY_CONFIG).dealType).toBe('rent');
    expect(toApiQuery(parse('', CATEGORY_CONFIG), CATEGORY_CONFIG).dealType).toBe('rent');
    const all = parse('dealType=all&district=medeu', CATEGORY_CONFIG);
    expect(serializeListing(all, CATEGORY_CONFIG).toString()).toBe('dealType=all&district=medeu');
    expect(toApiQuery(all, CATEGORY_CONFIG)).toMatchObject({ dealType: undefined, district: 'medeu' });
    // Catalogue-only filters are ignored on category pages, and the other way round.
    expect(parse('type=office&furniture=true', CATEGORY_CONFIG)).toMatchObject({ type: 'all', furniture: false });
    expect(parse('district=medeu', CATALOG_CONFIG).district).toBe('all');
    const sub = parse('air_conditioning=true&furniture=true&rooms_min=3&view=list', SUBCATEGORY_CONFIG);
    expect(toApiQuery(sub, SUBCATEGORY_CONFIG)).toMatchObject({ airConditioning: true, furniture: true, roomsMin: 3 });
    expect(parse('rooms_min=40', SUBCATEGORY_CONFIG).roomsMin).toBe(10);
    expect(sub.view).toBe('list');
  });

  it('counts active filters for the badge (not q, sort, view, page)', () => {
    expect(countActiveFilters(parse('q=a&sort=price_asc&view=map&page=2'), CATALOG_CONFIG)).toBe(0);
    expect(countActiveFilters(parse('dealType=sale&type=office&price_min=100000&price_max=200000&furniture=true'), CATALOG_CONFIG)).toBe(4);
  });

  it('clear keeps the search text, sort and view; reset drops the search text too', () => {
    const s = parse('q=a&dealType=sale&parking=true&sort=area_desc&view=map&page=2');
    expect(listingHref('/catalog', clearedState(s, CATALOG_CONFIG, true), CATALOG_CONFIG)).toBe('/catalog?q=a&sort=area_desc&view=map');
    expect(listingHref('/catalog', clearedState(s, CATALOG_CONFIG, false), CATALOG_CONFIG)).toBe('/catalog?sort=area_desc&view=map');
  });

  it('a form draft round-trips to the same state', () => {
    for (const qs of ['', 'q=x&dealType=rent&price_min=100000&area_max=500&parking=true&sort=area_asc&view=map&page=4']) {
      const s = parse(qs);
      expect(draftToState(toDraft(s, CATALOG_CONFIG), CATALOG_CONFIG)).toEqual(s);
    }
  });
});
