import path from 'node:path';
import { buildDeck } from './deck-builder';
import type { DeckPropertyRow, PresentationJobRow } from './presentation.repository';

/** The deck a presentation shows (issue 23): its language with ru as the fallback, ₸ per m², feature names, photo files. */
describe('buildDeck', () => {
  const row = (over: Partial<PresentationJobRow> = {}): PresentationJobRow => ({
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Офис 1',
    property_ids: ['00000000-0000-4000-8000-000000000002'],
    template_id: 'classic',
    format: 'pdf',
    language: 'kk',
    options: {},
    status: 'generating',
    created_by: null,
    attempts: 1,
    ...over,
  });
  const property: DeckPropertyRow = {
    id: '00000000-0000-4000-8000-000000000002',
    slug: 'office-1',
    title: { ru: 'Офис в центре', kk: 'Орталықтағы кеңсе', en: '', zh: '' },
    description: { ru: 'Описание' },
    deal_type: 'rent',
    category_name: { ru: 'Офисы', kk: 'Кеңселер' },
    price: '1250000',
    area: '125.50',
    address: 'пр. Абая, 1',
    district_name: { ru: 'Алмалинский', kk: 'Алмалы' },
    floor: 3,
    total_floors: 12,
    latitude: 43.2,
    longitude: 76.9,
    characteristics: { rooms: 4, year_built: 2015 },
    features: ['parking', 'air_conditioning', 'unknown_feature'],
    agent_id: null,
    photo_keys: ['properties/demo/a.jpg', '../../etc/passwd', 'properties/demo/b.webp'],
    small_photo_keys: ['properties/demo/a.thumb.jpg', null, '../b.thumb.jpg'],
  };
  const uploads = path.resolve('/data/uploads');

  it('uses the language of the presentation and falls back to ru for a missing text', () => {
    const deck = buildDeck(row(), [property], null, uploads, { PUBLIC_WEB_URL: 'https://example.kz/' });
    const p = deck.properties[0];
    expect(deck.language).toBe('kk');
    expect(p.title).toBe('Орталықтағы кеңсе');
    expect(p.description).toBe('Описание'); // no kk text: ru
    expect(p.category).toBe('Кеңселер');
    expect(p.features).toEqual(['Тұрақ', 'Кондиционер', 'unknown_feature']);
    expect(p.url).toBe('https://example.kz/property/office-1');
    expect(p.city).toBe('Алматы, Алмалы');
    expect(deck.brand).toEqual({ name: 'Алматы Бизнес Орталығы', siteUrl: 'https://example.kz', phone: expect.any(String) });
    const en = buildDeck(row({ language: 'en' }), [property], null, uploads, {});
    expect(en.properties[0].title).toBe('Офис в центре'); // '' in en: ru
    expect(en.properties[0].city).toBe('Almaty, Алмалинский');
  });

  it('computes ₸ per m², reads rooms and year from the characteristics, and keeps photos inside the uploads folder', () => {
    const p = buildDeck(row(), [property], null, uploads, {}).properties[0];
    expect(p.price).toBe(1_250_000);
    expect(p.area).toBe(125.5);
    expect(p.pricePerM2).toBe(9960);
    expect(p).toMatchObject({ floor: 3, totalFloors: 12, rooms: 4, yearBuilt: 2015, dealType: 'rent' });
    expect(p.photoPaths).toEqual([path.join(uploads, 'properties/demo/a.jpg'), path.join(uploads, 'properties/demo/b.webp')]);
    // The small variants stay beside their photos (the one outside the folder is dropped with its photo).
    expect(p.smallPhotoPaths).toEqual([path.join(uploads, 'properties/demo/a.thumb.jpg'), null]);
  });

  it('shows the agent only when asked, and the price option as given', () => {
    const agent = { first_name: 'Нурлан', last_name: 'Беков', phone: '+7 701 000 00 00', email: 'n@example.kz' };
    const withAgent = buildDeck(row({ options: { showPrice: false } }), [property], agent, uploads, {});
    expect(withAgent.options).toEqual({
      showPrice: false,
      agent: { name: 'Нурлан Беков', phone: '+7 701 000 00 00', email: 'n@example.kz' },
    });
    const without = buildDeck(row({ options: { includeAgentContacts: false } }), [property], agent, uploads, {});
    expect(without.options).toEqual({ showPrice: true, agent: null });
  });
});
