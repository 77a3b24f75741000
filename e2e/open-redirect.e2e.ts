import { BASE_URL } from './support/browser';
import { RawVisitor, rawRequest, uniqueEmail } from './support/http';

/**
 * Open redirect (issue 19 item 3) against the started stack: every redirect target the web takes
 * from a request (redirectTo in the query and in forms, the theme and favourite forms, the
 * Referer after a failed CSRF check) leaves the visitor on the site, whatever form the target
 * takes; and a page's own links built from its address (the language switcher) never point off
 * the site. lib/auth/safe-redirect.test.ts holds the table of bypass forms; here a sample of them
 * goes through every way in. Requests come from 127.0.0.4 (support/http.ts).
 */

const FROM = '127.0.0.4';
const HOSTILE = [
  '//evil.example',
  '/\\evil.example',
  '/%5Cevil.example',
  '/%2F%2Fevil.example',
  '/.//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/%0A/x',
  '/\t/evil.example',
  '//user@evil.example',
];

/** Where a redirect answer sends the browser, resolved as the browser does. */
function target(location: string | undefined): URL {
  if (!location) throw new Error('no Location');
  return new URL(location, BASE_URL);
}

describe('redirect targets from a request stay on the site', () => {
  const signedIn = new RawVisitor(FROM);
  const email = uniqueEmail('redirect');

  beforeAll(async () => {
    await signedIn.register(email);
  });

  it.each(HOSTILE)('a signed-in visitor sent to /auth?redirectTo=%j lands on the dashboard', async (to) => {
    const res = await signedIn.send({ path: `/auth?redirectTo=${encodeURIComponent(to)}` });
    expect(res.status).toBe(302);
    expect(target(res.headers.location).href).toBe(`${BASE_URL}/dashboard/user`);
  });

  it('keeps an in-site redirectTo with its query and hash', async () => {
    const res = await signedIn.send({ path: `/auth?redirectTo=${encodeURIComponent('/catalog?type=office&page=2#list')}` });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/catalog?type=office&page=2#list');
  });

  it.each(HOSTILE)('the login form with redirectTo=%j signs in to the dashboard', async (to) => {
    const visitor = new RawVisitor(FROM);
    const token = await visitor.csrfToken('/auth');
    const res = await visitor.postForm('/auth', { csrf: token, intent: 'login', email, password: 'Passw0rd1', redirectTo: to });
    expect(res.status).toBe(302);
    expect(target(res.headers.location).href).toBe(`${BASE_URL}/dashboard/user`);
  });

  it.each(HOSTILE)('the theme form with redirectTo=%j goes back to the home page', async (to) => {
    const visitor = new RawVisitor(FROM);
    const csrf = await visitor.csrfToken('/');
    const res = await visitor.postForm('/resources/theme', { csrf, theme: 'dark', redirectTo: to });
    expect(res.status).toBe(302);
    expect(target(res.headers.location).href).toBe(`${BASE_URL}/`);
  });

  it.each(HOSTILE)('the favourite form of an anonymous visitor with redirectTo=%j asks to sign in, then comes back home', async (to) => {
    const visitor = new RawVisitor(FROM);
    const csrf = await visitor.csrfToken('/');
    const res = await visitor.postForm('/resources/favorite', { csrf, propertyId: 'x', intent: 'add', redirectTo: to });
    expect(res.status).toBe(302);
    const next = target(res.headers.location);
    expect(next.origin + next.pathname).toBe(`${BASE_URL}/auth`);
    expect(next.searchParams.get('redirectTo')).toBe('/');
  });

  it.each(['https://evil.example/catalog', `${BASE_URL}//evil.example/x`, `${BASE_URL}/%5Cevil.example`, 'javascript:alert(1)'])(
    'a form whose CSRF check fails with Referer %j goes back to the form itself',
    async (referer) => {
      const visitor = new RawVisitor(FROM);
      await visitor.csrfToken('/contact');
      const res = await visitor.postForm('/contact/send', { csrf: 'forged', name: 'x' }, { Referer: referer });
      expect(res.status).toBe(302);
      expect(target(res.headers.location).href).toBe(`${BASE_URL}/contact/send`);
    },
  );

  it('a failed CSRF check goes back to the same-site page of the Referer', async () => {
    const visitor = new RawVisitor(FROM);
    await visitor.csrfToken('/contact');
    const res = await visitor.postForm('/contact/send', { csrf: 'forged' }, { Referer: `${BASE_URL}/contact?from=menu` });
    expect(res.headers.location).toBe('/contact?from=menu');
  });

  it('the language links of a page reached at //evil.example stay on the site', async () => {
    const res = await rawRequest({ path: '//evil.example', from: FROM });
    expect(res.status).toBe(404);
    // Every link but the footer's mailto: and tel:.
    const hrefs = [...res.body.matchAll(/href="([^"]*)"/g)]
      .map((m) => m[1].replace(/&amp;/g, '&'))
      .filter((h) => !/^(mailto|tel):/.test(h));
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) expect(new URL(href, BASE_URL).origin).toBe(BASE_URL);
    expect(res.body).toMatch(/href="\/\?lng=en"/);
  });
});
