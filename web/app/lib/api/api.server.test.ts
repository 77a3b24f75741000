import { describe, expect, it } from '@jest/globals';
import { createWebApiClient, mapTiles, OSM_ATTRIBUTION, OSM_TILE_URL } from './api.server';

/** The maps' base layer from the environment (issue 19 item 14: streets by default). */
describe('mapTiles', () => {
  it('defaults to OpenStreetMap standard tiles with their attribution linked to the copyright page', () => {
    expect(mapTiles({})).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: { text: '© OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
    });
    expect(OSM_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it.each(['', '  ', 'none', 'NONE'])('turns tiles off for MAP_TILE_URL=%j', (value) => {
    expect(mapTiles({ MAP_TILE_URL: value })).toEqual({ url: '', attribution: null });
  });

  it('keeps the OSM attribution for another OSM URL, and none for another server unless configured', () => {
    expect(mapTiles({ MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }).attribution).toEqual(OSM_ATTRIBUTION);
    expect(mapTiles({ MAP_TILE_URL: 'https://tiles.example.kz/{z}/{x}/{y}.png' })).toEqual({
      url: 'https://tiles.example.kz/{z}/{x}/{y}.png',
      attribution: null,
    });
    // A host that merely contains the name is not OpenStreetMap.
    expect(mapTiles({ MAP_TILE_URL: 'https://notopenstreetmap.org.example/{z}/{x}/{y}.png' }).attribution).toBeNull();
  });

  it('takes the attribution as plain text and its link only when it is an http(s) URL', () => {
    const env = {
      MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '<b>Tiles</b> © Example',
      MAP_TILE_ATTRIBUTION_URL: 'https://example.kz/credits',
    };
    expect(mapTiles(env)).toEqual({
      url: '/tiles/{z}/{x}/{y}.png',
      attribution: { text: '<b>Tiles</b> © Example', href: 'https://example.kz/credits' },
    });
    expect(mapTiles({ ...env, MAP_TILE_ATTRIBUTION_URL: 'javascript:alert(1)' }).attribution).toEqual({
      text: '<b>Tiles</b> © Example',
      href: null,
    });
    expect(mapTiles({ ...env, MAP_TILE_ATTRIBUTION_URL: undefined }).attribution?.href).toBeNull();
    expect(mapTiles({ ...env, MAP_TILE_ATTRIBUTION: '' }).attribution).toBeNull();
  });
});

/** The one factory of the web's API clients (issue 20): who the visitor is travels the same way on every call. */
describe('createWebApiClient', () => {
  const sent: Headers[] = [];
  const answer: typeof fetch = async (_input, init) => {
    sent.push(new Headers(init?.headers));
    return new Response(JSON.stringify({ status: 'success', data: [] }), { headers: { 'content-type': 'application/json' } });
  };

  it("forwards the visitor's address, user agent, language and bearer token, and asks for uncompressed JSON", async () => {
    sent.length = 0;
    const request = new Request('http://web.test/catalog', { headers: { 'x-client-ip': '203.0.113.7', 'user-agent': 'Visitor/1.0' } });
    let token: string | undefined = 'access-1';
    const api = createWebApiClient(request, { lang: 'kk', token: () => token, fetch: answer });
    await api.favorites.ids();
    token = undefined;
    await api.properties.categories();
    expect(Object.fromEntries(sent[0])).toMatchObject({
      'x-forwarded-for': '203.0.113.7',
      'user-agent': 'Visitor/1.0',
      'accept-language': 'kk',
      'accept-encoding': 'identity',
      authorization: 'Bearer access-1',
    });
    expect(sent[1].get('authorization')).toBeNull();
  });

  it("a call of the server's own names no visitor", async () => {
    sent.length = 0;
    await createWebApiClient(null, { fetch: answer }).properties.categories();
    expect(sent[0].get('x-forwarded-for')).toBeNull();
    expect(sent[0].get('accept-encoding')).toBe('identity');
  });
});
