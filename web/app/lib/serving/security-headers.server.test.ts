import { describe, expect, it } from '@jest/globals';
import { cspDirectives, tileSource } from './security-headers.server';

/** The CSP's img-src follows MAP_TILE_URL (issue 19 items 4 and 14; decision 024). */
describe('tileSource', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['http://{s}.localhost:8080/{z}/{x}/{y}.png', 'http://*.localhost:8080'],
    ['HTTPS://Tiles.Example.KZ/{z}/{x}/{y}.png?key=1', 'https://tiles.example.kz'],
    ['https://tiles-{s}.example.kz/{z}/{x}/{y}.png', 'https://*.example.kz'],
    ['https://a.{s}.example.kz/{z}/{x}/{y}.png', 'https:'],
    ['/tiles/{z}/{x}/{y}.png', "'self'"],
    ['', null],
  ])('%s -> %s', (url, source) => {
    expect(tileSource(url)).toBe(source);
  });

  it('img-src names the tile host, and nothing but self and data: without tiles', () => {
    expect([...cspDirectives('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')['img-src']]).toEqual([
      "'self'",
      'data:',
      'https://*.tile.openstreetmap.org',
    ]);
    expect([...cspDirectives('')['img-src']]).toEqual(["'self'", 'data:']);
  });
});
