import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';

// The global `jest` (so its mock calls are hoisted above the imports); typed from @jest/globals.
declare const jest: typeof import('@jest/globals').jest;

jest.mock('~/i18n.server', () => ({
  getLanguage: async () => 'ru',
  i18nServer: {
    getFixedT: async () => (key: string) => ({ 'toast.error': 'Ошибка', 'toast.formExpired': 'Срок действия формы истёк' })[key] ?? key,
  },
}));

import { commitCsrfToken, csrf, csrfCookie, CSRF_FIELD, validateCsrf } from './csrf.server';

/** The CSRF check of the web's own forms (remix-utils CSRF: signed cookie + hidden field). */
describe('web form CSRF', () => {
  async function visitor(): Promise<{ token: string; cookie: string }> {
    const { token, setCookie } = await commitCsrfToken(new Request('http://web.test/'));
    expect(setCookie).toMatch(/^csrf=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    return { token, cookie: (setCookie as string).split(';')[0] };
  }

  const post = (cookie: string | null, fields: Record<string, string>, referer?: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const headers: Record<string, string> = {};
    if (cookie) headers.Cookie = cookie;
    if (referer) headers.Referer = referer;
    return { request: new Request('http://web.test/auth', { method: 'POST', headers }), form };
  };

  it("makes tokens in remix-utils' format, which its own check accepts", async () => {
    const { token, cookie } = await visitor();
    expect(token).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    const form = new FormData();
    form.set(CSRF_FIELD, token);
    await expect(csrf.validate(form, new Headers({ cookie }))).resolves.toBeUndefined();
    // a token whose signature does not match the secret is refused
    const [value] = token.split('.');
    const forged = await csrfCookie.serialize(`${value}.${'A'.repeat(43)}`);
    form.set(CSRF_FIELD, `${value}.${'A'.repeat(43)}`);
    await expect(csrf.validate(form, new Headers({ cookie: forged.split(';')[0] }))).rejects.toThrow(/tampered/i);
  });

  it('keeps the token of a visitor who has one (no new cookie)', async () => {
    const { token, cookie } = await visitor();
    const again = await commitCsrfToken(new Request('http://web.test/', { headers: { Cookie: cookie } }));
    expect(again).toEqual({ token, setCookie: null });
  });

  it('accepts a form whose field matches the cookie', async () => {
    const { token, cookie } = await visitor();
    const { request, form } = post(cookie, { [CSRF_FIELD]: token });
    await expect(validateCsrf(request, form)).resolves.toBeUndefined();
  });

  it.each([
    ['no cookie', false, true],
    ['no field', true, false],
  ])('refuses a form with %s: back to the page with an error toast', async (_label, withCookie, withField) => {
    const { token, cookie } = await visitor();
    const { request, form } = post(withCookie ? cookie : null, withField ? { [CSRF_FIELD]: token } : {}, 'http://web.test/catalog?page=2');
    const thrown = (await validateCsrf(request, form).catch((e: unknown) => e)) as Response;
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get('Location')).toBe('/catalog?page=2');
    expect(thrown.headers.get('Set-Cookie')).toMatch(/^toast=/);
  });

  it("refuses another visitor's token and a tampered cookie", async () => {
    const a = await visitor();
    const b = await visitor();
    const mixed = post(a.cookie, { [CSRF_FIELD]: b.token });
    await expect(validateCsrf(mixed.request, mixed.form, '/auth')).rejects.toBeInstanceOf(Response);
    const tampered = post('csrf=InRva2VuLnNpZ24i.bad', { [CSRF_FIELD]: 'token.sign' });
    await expect(validateCsrf(tampered.request, tampered.form, '/auth')).rejects.toBeInstanceOf(Response);
  });

  it('never redirects off the site (a foreign Referer falls back to the action URL)', async () => {
    const { request, form } = post(null, {}, 'https://evil.example/x');
    const thrown = (await validateCsrf(request, form).catch((e: unknown) => e)) as Response;
    expect(thrown.headers.get('Location')).toBe('/auth');
  });
});
