import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { negotiateEncoding, Paged, PreparedJson } from './envelope.interceptor';

describe('PreparedJson', () => {
  const answer = PreparedJson.of(new Paged([{ id: 'a', title: 'Офис '.repeat(400) }], { page: 1, limit: 50, total: 1, totalPages: 1 }));

  it('holds the envelope as UTF-8 JSON with a sha1 ETag', () => {
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
      status: 'success',
      data: [{ id: 'a', title: 'Офис '.repeat(400) }],
      meta: { page: 1, limit: 50, total: 1, totalPages: 1 },
    });
    expect(answer.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('compresses its body once per encoding and keeps the variant', async () => {
    const br = await answer.encodedBody('br');
    const gzip = await answer.encodedBody('gzip');
    expect(brotliDecompressSync(br).equals(answer.body)).toBe(true);
    expect(gunzipSync(gzip).equals(answer.body)).toBe(true);
    expect(br.length).toBeLessThan(answer.body.length / 10);
    expect(await answer.encodedBody('br')).toBe(br);
    expect(await answer.encodedBody('gzip')).toBe(gzip);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['deflate', null],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
  ])('%p -> %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
