import { RawVisitor, uniqueEmail, type RawResponse } from './support/http';

/**
 * No 500 for hostile input on the web (issue 19 item 10), the cases a review found, against the
 * started stack: posts whose body is not a form (JSON, text, a broken multipart body, none at all)
 * to every action, and paths with a backslash or a broken escape. Each answers 400 or 404 as the
 * site's page (header, title) in the request's language (Accept-Language: en here). The fuzz
 * test (fuzz.e2e.ts) covers the rest. Requests come from 127.0.0.5 (support/http.ts).
 */

const FROM = '127.0.0.5';

/** Bodies that are not a form, each with the Content-Type it is sent with (none: no header). */
const NOT_A_FORM: Array<[string, Record<string, string>, string | undefined]> = [
  ['JSON', { 'Content-Type': 'application/json' }, '{"csrf":"x","theme":"dark"}'],
  ['plain text', { 'Content-Type': 'text/plain' }, 'theme=dark'],
  [
    'a broken multipart body',
    { 'Content-Type': 'multipart/form-data; boundary=zzz' },
    '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
  ],
  ['no body and no Content-Type', {}, undefined],
];

/** The site's page (header and footer), in English, with this <title>. */
function expectSitePage(res: RawResponse, title: string) {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toMatch(/<html lang="en"/);
  expect(res.body).toContain('class="site-header"');
  expect(res.body).toContain(`<title>${title}</title>`);
}

describe('hostile requests get 4xx as the site page', () => {
  let propertyPath: string;

  beforeAll(async () => {
    const catalog = await new RawVisitor(FROM).send({ path: '/catalog' });
    propertyPath = /href="(\/property\/[^"?#]+)"/.exec(catalog.body)?.[1] ?? '';
    expect(propertyPath).not.toBe('');
  });

  const actions = () => [
    '/resources/theme',
    '/resources/favorite',
    '/auth',
    '/auth/reset-password',
    '/contact/send',
    '/logout',
    '/?index',
    propertyPath,
  ];

  it.each(NOT_A_FORM)('a post with %s to any action answers 400 "Bad request"', async (_label, headers, body) => {
    const visitor = new RawVisitor(FROM, 'en');
    await visitor.csrfToken('/');
    for (const path of actions()) {
      const res = await visitor.send({ method: 'POST', path, headers, body });
      expect([path, res.status]).toEqual([path, 400]);
      expectSitePage(res, 'Bad request');
    }
  });

  it('a signed-in visitor gets the same on the profile form, under their own header', async () => {
    const visitor = new RawVisitor(FROM, 'en');
    await visitor.register(uniqueEmail('hostile'));
    const res = await visitor.send({
      method: 'POST',
      path: '/dashboard/profile',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expectSitePage(res, 'Bad request');
    expect(res.body).toMatch(/href="\/dashboard\/user"/);
  });

  it('a signed-in visitor sent to /auth?redirectTo=/%0A/x goes to the dashboard', async () => {
    const visitor = new RawVisitor(FROM, 'en');
    await visitor.register(uniqueEmail('hostile-nl'));
    const res = await visitor.send({ path: '/auth?redirectTo=/%0A/x' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/dashboard/user');
  });

  it('a theme or favourite form with a valid token but nonsense fields answers 400 as the site page', async () => {
    const visitor = new RawVisitor(FROM, 'en');
    await visitor.register(uniqueEmail('hostile-fav'));
    const csrf = await visitor.csrfToken('/');
    for (const [path, fields] of [
      ['/resources/theme', { csrf, theme: 'neon\u0000' }],
      ['/resources/favorite', { csrf, propertyId: 'x', intent: 'steal' }],
    ] as const) {
      const res = await visitor.postForm(path, fields);
      expect([path, res.status]).toEqual([path, 400]);
      expectSitePage(res, 'Bad request');
    }
  });

  it.each(['/%5C', '/%5c%5cevil.example', '/%5C%20x', '//%5C', '/%', '/%E0%A4%A'])('GET %s answers the 404 page', async (path) => {
    const res = await new RawVisitor(FROM, 'en').send({ path });
    expect(res.status).toBe(404);
    expectSitePage(res, '404 Page Not Found');
  });
});
