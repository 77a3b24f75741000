import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Nominatim server (https://nominatim.org/release-docs/latest/api/) on
 * 127.0.0.1 and an ephemeral port, speaking its JSON: GET /search?format=jsonv2 answers an array
 * of places, GET /reverse?format=jsonv2 one place (or {error}). It records every request, and a
 * test picks how it answers next: the sample answers, a status and body of its choosing, a
 * dropped connection, or no answer at all until close() (to exercise the caller's timeout).
 */

export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export type FakeAnswer = { status: number; body: string; contentType?: string } | 'hold' | 'drop';

/** A place of a jsonv2 answer with addressdetails=1, as Nominatim writes it (coordinates as strings). */
export const SAMPLE_SEARCH = [
  {
    place_id: 101,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 24_500_001,
    lat: '43.2403418',
    lon: '76.9157012',
    category: 'highway',
    type: 'primary',
    place_rank: 26,
    importance: 0.31,
    addresstype: 'road',
    name: 'Abay Avenue',
    display_name: 'Abay Avenue, Almaly District, Almaty, 050000, Kazakhstan',
    address: {
      road: 'Abay Avenue',
      city_district: 'Almaly District',
      city: 'Almaty',
      postcode: '050000',
      country: 'Kazakhstan',
      country_code: 'kz',
    },
    boundingbox: ['43.2398', '43.2409', '76.8702', '76.9571'],
  },
  {
    place_id: 102,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 24_500_002,
    lat: '43.2396',
    lon: '76.8743',
    category: 'building',
    type: 'yes',
    place_rank: 30,
    importance: 0.0001,
    addresstype: 'building',
    name: '',
    display_name: '150, Abay Avenue, Bostandyk District, Almaty, 050000, Kazakhstan',
    address: { house_number: '150', road: 'Abay Avenue', city_district: 'Bostandyk District', city: 'Almaty', country_code: 'kz' },
    boundingbox: ['43.2395', '43.2397', '76.8742', '76.8744'],
  },
  {
    place_id: 103,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 24_500_003,
    lat: '43.2185',
    lon: '76.9279',
    category: 'shop',
    type: 'mall',
    place_rank: 30,
    importance: 0.2,
    addresstype: 'shop',
    name: 'Esentai Mall',
    display_name: 'Esentai Mall, 77/8, Al-Farabi Avenue, Almaty, Kazakhstan',
    address: { shop: 'Esentai Mall', house_number: '77/8', road: 'Al-Farabi Avenue', city: 'Almaty', country_code: 'kz' },
    boundingbox: ['43.2180', '43.2190', '76.9270', '76.9290'],
  },
];

export const SAMPLE_REVERSE = {
  place_id: 201,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  osm_type: 'way',
  osm_id: 24_500_201,
  lat: '43.2387',
  lon: '76.9454',
  category: 'amenity',
  type: 'townhall',
  place_rank: 30,
  importance: 0.1,
  addresstype: 'amenity',
  name: 'Акимат города Алматы',
  display_name: 'Акимат города Алматы, 4, площадь Республики, Медеуский район, Алматы, 050001, Казахстан',
  address: {
    amenity: 'Акимат города Алматы',
    house_number: '4',
    road: 'площадь Республики',
    city_district: 'Медеуский район',
    city: 'Алматы',
    country_code: 'kz',
  },
  boundingbox: ['43.2380', '43.2394', '76.9446', '76.9462'],
};

export interface FakeNominatim {
  /** Base URL, e.g. http://127.0.0.1:40123/ */
  url: string;
  requests: SeenRequest[];
  /** How the next requests are answered (until changed); null: the samples. */
  answer: FakeAnswer | null;
  close(): Promise<void>;
}

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const held: ServerResponse[] = [];
  const fake: FakeNominatim = { url: '', requests: [], answer: null, close: async () => undefined };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const answer = fake.answer;
    if (answer === 'hold') {
      held.push(res);
      return;
    }
    if (answer === 'drop') {
      req.socket.destroy();
      return;
    }
    if (answer) {
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json; charset=utf-8' }).end(answer.body);
      return;
    }
    if (url.pathname === '/search' && url.searchParams.get('format') === 'jsonv2') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return void res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(SAMPLE_SEARCH.slice(0, limit)));
    }
    if (url.pathname === '/reverse' && url.searchParams.get('format') === 'jsonv2') {
      return void res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(SAMPLE_REVERSE));
    }
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message: 'Parameter error' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  fake.close = async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
