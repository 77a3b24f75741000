import { describe, expect, it } from '@jest/globals';
import { safeRedirectPath } from './safe-redirect';

const SITE = 'https://realty.example';

/**
 * Known open-redirect bypass forms (issue 19 item 3): each must give the fallback. Where a
 * browser would leave the site, the comment says how.
 */
const BYPASSES: Array<[string, string]> = [
  ['//evil.com', 'protocol-relative'],
  ['//evil.com/path?x=1', 'protocol-relative with a path'],
  ['///evil.com', 'three slashes: still a host'],
  ['////evil.com', 'four slashes'],
  ['/\\evil.com', 'a backslash counts as a slash'],
  ['\\\\evil.com', 'two backslashes'],
  ['\\/evil.com', 'backslash then slash'],
  ['/\\/evil.com', 'slash, backslash, slash'],
  ['/%5Cevil.com', 'encoded backslash (React Router decodes it; GHSA-wrjc-x8rr-h8h6)'],
  ['/%5C%5Cevil.com', 'two encoded backslashes'],
  ['/%2F%2Fevil.com', 'encoded slashes after the first'],
  ['/%2fevil.com', 'one encoded slash, lower case'],
  ['%2F%2Fevil.com', 'encoded protocol-relative'],
  ['/%09/evil.com', 'encoded tab between the slashes'],
  ['/\t/evil.com', 'a raw tab (browsers drop it: //evil.com)'],
  ['/\n/evil.com', 'a raw newline (browsers drop it)'],
  ['/\r\n/evil.com', 'CR LF (header splitting too)'],
  ['/%0A/x', 'encoded newline in the path (the 500 of item 10)'],
  ['/%0D%0ASet-Cookie:x=1', 'encoded CR LF'],
  ['/.//evil.com', 'dot segment collapses to //evil.com'],
  ['/..//evil.com', 'dot-dot segment collapses to //evil.com'],
  ['/%2e%2e//evil.com', 'encoded dot-dot'],
  ['/a/..//evil.com', 'dot-dot after a segment'],
  ['javascript:alert(1)', 'javascript: URL'],
  ['JaVaScRiPt:alert(1)', 'mixed-case javascript:'],
  [' javascript:alert(1)', 'leading space before javascript:'],
  ['java\tscript:alert(1)', 'tab inside the scheme'],
  ['data:text/html,<script>alert(1)</script>', 'data: URL'],
  ['vbscript:msgbox(1)', 'vbscript: URL'],
  ['http://evil.com', 'another origin'],
  ['https://evil.com/', 'another origin, https'],
  ['https:evil.com', 'scheme without slashes'],
  ['https:/evil.com', 'scheme with one slash'],
  ['//user@evil.com', 'user-info, protocol-relative'],
  ['https://realty.example@evil.com', 'our host as user-info'],
  ['https://realty.example:pw@evil.com/', 'user and password'],
  ['http://realty.example', 'our host on another scheme (another origin)'],
  ['https://realty.example.evil.com/', 'our host as a subdomain of another'],
  ['／／evil.com', 'full-width solidi'],
  ['/／evil.com', 'a slash and a full-width solidus (NFKC: //evil.com)'],
  ['/%EF%BC%8Fevil.com', 'encoded full-width solidus'],
  ['/＼evil.com', 'full-width reverse solidus'],
  [' /catalog', 'leading space'],
  ['\u0000/catalog', 'leading NUL'],
  ['\u001f//evil.com', 'leading control character'],
  ['/catalog\u007f', 'DEL'],
  ['/%00', 'encoded NUL'],
  ['/%', 'broken percent-encoding'],
  ['catalog', 'a relative path (resolves against the action URL)'],
  ['?x=1', 'a bare query'],
  ['#top', 'a bare hash'],
  ['', 'empty'],
  [`/${'a'.repeat(3000)}`, 'overlong'],
];

/** In-site targets are kept, normalised by the URL parser (query and hash too). */
const KEPT: Array<[string, string]> = [
  ['/', '/'],
  ['/catalog', '/catalog'],
  ['/catalog?type=office&page=2', '/catalog?type=office&page=2'],
  ['/property/8f0e?image=2#enquiry', '/property/8f0e?image=2#enquiry'],
  ['/contact#contact-page-form', '/contact#contact-page-form'],
  ['/news?search=%D0%BE%D1%84%D0%B8%D1%81', '/news?search=%D0%BE%D1%84%D0%B8%D1%81'],
  ['/news?search=офис', '/news?search=%D0%BE%D1%84%D0%B8%D1%81'],
  ['/catalog/../partners', '/partners'],
  ['/./faq', '/faq'],
  ['/dashboard/admin/users?q=a%20b&page=3', '/dashboard/admin/users?q=a%20b&page=3'],
  ['https://realty.example/catalog?page=2#x', '/catalog?page=2#x'],
  ['HTTPS://REALTY.EXAMPLE/about', '/about'],
];

describe('safeRedirectPath (issue 19 item 3: open redirect)', () => {
  // The title shows at most 40 characters of the target (one is 3000 long).
  it.each(BYPASSES.map(([to, why]) => [JSON.stringify(to).slice(0, 40), why, to]))('refuses %s (%s)', (_title, _why, to) => {
    expect(safeRedirectPath(to, '/home-default', SITE)).toBe('/home-default');
  });

  it.each(KEPT)('keeps %j as %j', (to, expected) => {
    expect(safeRedirectPath(to, '/home-default', SITE)).toBe(expected);
  });

  it('refuses what is not a string, and absolute URLs when it is not told the origin', () => {
    for (const value of [null, undefined, 42, ['/catalog'], { toString: () => '/catalog' }]) expect(safeRedirectPath(value)).toBe('/');
    expect(safeRedirectPath('https://realty.example/catalog')).toBe('/');
    expect(safeRedirectPath('/catalog?page=2')).toBe('/catalog?page=2');
  });

  it('never answers a target a browser would take off the site', () => {
    for (const [to] of BYPASSES.concat(KEPT)) {
      const out = safeRedirectPath(to, '/', SITE);
      expect(new URL(out, SITE).origin).toBe(SITE);
      expect(out).toMatch(/^\/(?![/\\])/);
    }
  });
});
