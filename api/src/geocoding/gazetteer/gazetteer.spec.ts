import { ALMATY_DISTRICTS } from '@realty/contracts';
import { ALMATY_GAZETTEER, DISTRICT_ENTRIES, LANDMARK_ENTRIES, STREET_ENTRIES } from './almaty.data';
import { REVERSE_DISTRICT_RADIUS_M, REVERSE_PLACE_RADIUS_M, fold, haversineMeters, reverseGazetteer, searchGazetteer } from './gazetteer';

/** The offline gazetteer (issue 21 "Address search"): its data, search ranking and reverse look-up. */
describe('Almaty gazetteer', () => {
  const names = (q: string, opts: Partial<Parameters<typeof searchGazetteer>[1]> = {}) =>
    searchGazetteer(q, { lang: 'en', limit: 10, ...opts }).map((r) => r.displayName);

  describe('data', () => {
    it('has the 8 districts, ~40 streets and ~25 landmarks, ids unique, all inside greater Almaty', () => {
      expect(DISTRICT_ENTRIES.map((d) => d.id).sort()).toEqual([...ALMATY_DISTRICTS].sort());
      expect(STREET_ENTRIES.length).toBeGreaterThanOrEqual(40);
      expect(LANDMARK_ENTRIES.length).toBeGreaterThanOrEqual(25);
      expect(new Set(ALMATY_GAZETTEER.map((e) => `${e.kind}:${e.id}`)).size).toBe(ALMATY_GAZETTEER.length);
      for (const e of ALMATY_GAZETTEER) {
        // Big Almaty Lake (43.05) is the southernmost, the airport (77.04) and Shymbulak (77.08) the easternmost
        expect([e.id, e.lat >= 43.0 && e.lat <= 43.4, e.lng >= 76.7 && e.lng <= 77.1]).toEqual([e.id, true, true]);
        expect(e.names.ru && e.names.en).toBeTruthy();
        if (e.district) expect(ALMATY_DISTRICTS).toContain(e.district);
      }
    });
  });

  describe('fold', () => {
    it('ignores case, diacritics, punctuation and the Kazakh letters', () => {
      expect(fold('  Сәтбаев  көшесі ')).toBe('сатбаев кошеси');
      expect(fold('Ёлка-Й')).toBe('елка и');
      expect(fold('Zhibek  Zholy!')).toBe('zhibek zholy');
      expect(fold('ÉSENTAI')).toBe('esentai');
    });
  });

  describe('search', () => {
    it('finds a street by any language, case, Kazakh letters or a former name', () => {
      for (const q of ['Абая', 'abay', 'ABAY AVENUE', 'Абай даңғылы', 'абай дангылы']) {
        expect([q, names(q)[0]]).toEqual([q, 'Abay Avenue, Almaty']);
      }
      expect(names('Фурманова')[0]).toBe('Nazarbayev Avenue, Almaty');
      expect(names('Сәтбаев')[0]).toBe('Satpayev Street, Almaty');
    });

    it('ignores the kind words and the city name, and a house number', () => {
      expect(names('ул. Абая')[0]).toBe('Abay Avenue, Almaty');
      expect(names('Алматы, проспект Достык')[0]).toBe('Dostyk Avenue, Almaty');
      expect(names('Абая 150')[0]).toBe('Abay Avenue, Almaty');
    });

    it('ranks exact > prefix > word prefix > substring', () => {
      // exact "Dostyk Avenue" (its core "dostyk") before "Dostyk Plaza Mall" (prefix)
      expect(names('Dostyk').slice(0, 2)).toEqual(['Dostyk Avenue, Almaty', 'Dostyk Plaza Mall, Almaty']);
      // "medeu": the district's name without "District" is exact, the rink's only starts with it;
      // suggestions put the district last all the same
      expect(names('medeu')).toEqual(['Medeu District, Almaty', 'Medeu Skating Rink, Almaty']);
      expect(names('medeu', { districtsLast: true })).toEqual(['Medeu Skating Rink, Almaty', 'Medeu District, Almaty']);
      // substring only: "bazaar" is inside "Green Bazaar" as a word prefix, "azaar" only as a substring
      expect(names('azaar')).toEqual(['Green Bazaar, Almaty']);
      const ranked = names('almaty 2');
      expect(ranked[0]).toBe('Almaty-2 Railway Station, Almaty');
    });

    it('puts districts after streets and landmarks in suggestions, not in search', () => {
      // "бостандык": only the district matches
      expect(names('бостандык', { districtsLast: true })).toEqual(['Bostandyk District, Almaty']);
      // "alma": the Almaly district is a name prefix, the stations only word prefixes
      const search = names('almal');
      expect(search[0]).toBe('Almaly District, Almaty');
      const suggest = searchGazetteer('alma', { lang: 'en', limit: 10, districtsLast: true });
      const firstDistrict = suggest.findIndex((r) => r.kind === 'district');
      expect(firstDistrict).toBeGreaterThan(0);
      expect(suggest.slice(firstDistrict).every((r) => r.kind === 'district')).toBe(true);
    });

    it('answers in the asked language, with the district', () => {
      const [ru] = searchGazetteer('Esentai Mall', { lang: 'ru', limit: 1 });
      expect(ru).toEqual({
        displayName: 'Esentai Mall (Есентай Молл), Алматы',
        lat: 43.2183,
        lng: 76.928,
        kind: 'landmark',
        district: 'bostandyk',
        districtName: 'Бостандыкский район',
      });
      expect(searchGazetteer('Green Bazaar', { lang: 'kk', limit: 1 })[0].displayName).toBe('Көк базар, Алматы');
      expect(searchGazetteer('Green Bazaar', { lang: 'zh', limit: 1 })[0].displayName).toBe('Green Bazaar, 阿拉木图');
    });

    it('keeps to the limit and answers [] for nothing known', () => {
      expect(searchGazetteer('улица', { lang: 'ru', limit: 3 }).length).toBeLessThanOrEqual(3);
      expect(searchGazetteer('a', { lang: 'ru', limit: 3 })).toHaveLength(3);
      expect(names('Qwertyuiop')).toEqual([]);
      expect(names('   ')).toEqual([]);
    });
  });

  describe('reverse', () => {
    it('measures distances (haversine)', () => {
      // one degree of latitude is ~111.2 km; Almaty to Astana ~970 km
      expect(haversineMeters(43, 77, 44, 77)).toBeCloseTo(111_195, -2);
      expect(haversineMeters(43.238, 76.945, 51.128, 71.43) / 1000).toBeGreaterThan(950);
      expect(haversineMeters(43.238, 76.945, 51.128, 71.43) / 1000).toBeLessThan(990);
    });

    it('answers the nearest place within 750 m', () => {
      // 100 m north of the Green Bazaar point (Pushkin Street's point is ~600 m away)
      expect(reverseGazetteer(43.2649, 76.952, 'en')).toMatchObject({
        displayName: 'Green Bazaar, Almaty',
        kind: 'landmark',
        district: 'medeu',
      });
      // on the Kok-Tobe point itself
      expect(reverseGazetteer(43.233, 76.975, 'ru')).toMatchObject({ displayName: 'Кок-Тобе, Алматы', district: 'medeu' });
      expect(REVERSE_PLACE_RADIUS_M).toBe(750);
    });

    it('answers the nearest district beyond that, and null outside Almaty', () => {
      // west of the city centre, far from every street point: the Alatau centroid is nearest
      const west = reverseGazetteer(43.3, 76.79, 'kk');
      expect(west).toMatchObject({ kind: 'district', district: 'alatau', displayName: 'Алатау ауданы, Алматы' });
      expect(REVERSE_DISTRICT_RADIUS_M).toBe(12_000);
      expect(reverseGazetteer(51.128, 71.43, 'ru')).toBeNull(); // Astana
      expect(reverseGazetteer(0, 0, 'en')).toBeNull();
    });
  });
});
