import fc from 'fast-check';

/**
 * The hostile requests of the web's fuzz test (e2e/fuzz.e2e.ts, issue 19 item 10): paths, query
 * strings, headers and form bodies that code tends not to expect, as fast-check arbitraries.
 */

/** Strings a form or a query can carry that code tends not to expect. */
const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '99999999999999999999999',
  '-99999999999999999999999',
  '2147483648',
  '9007199254740993',
  '1.5',
  '1,5',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\u0000',
  '\u0000\u0001\u0002\u001f\u007f',
  '\r\nSet-Cookie: x=1',
  '\t\n',
  '\\',
  '/\\evil.example',
  '//evil.example',
  '/%0A/x',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '%',
  '%zz',
  '%E0%A4%A',
  '\uD800',
  '\uFFFF',
  '\u202E',
  '／／evil.example',
  'a'.repeat(5_000),
  'я'.repeat(2_000),
  '📞'.repeat(500),
  '+7 (700) 123-45-67',
  'user@example.com',
  'Passw0rd1',
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
);

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD, as a browser does. */
function enc(s: string): string {
  return encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** A percent-encoded query value, sometimes with a raw (possibly broken) escape appended. */
const queryValue = fc.tuple(nastyString, fc.constantFrom('', '', '', '%', '%zz', '%E0%A4%A', '%00', '%5C')).map(([v, raw]) => enc(v) + raw);

/** Query parameters the public pages read, and a few they do not. */
const QUERY_NAMES = [
  'q',
  'page',
  'sort',
  'view',
  'type',
  'dealType',
  'deal_type',
  'district',
  'price_min',
  'price_max',
  'area_min',
  'area_max',
  'furniture',
  'parking',
  'air_conditioning',
  'rooms_min',
  'category',
  'inBc',
  'search',
  'image',
  'tab',
  'redirectTo',
  'lng',
  'token',
  'area',
  'price',
  'term',
  'lang',
  'bbox',
  'utm_source',
  'index',
  '_data',
  'confirm',
  'role',
  'status',
  '__proto__',
];

const queryString = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_NAMES), queryValue), { maxLength: 5 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** Things appended to a page's path. */
const PATH_SUFFIXES = [
  '/',
  '//',
  '/%5C',
  '%5C',
  '/%00',
  '/%0A',
  '/..%2f..%2f',
  '/%2e%2e/',
  '/.',
  '/%',
  '/%zz',
  '/%E0%A4%A',
  '/x',
  '/%F0%9F%93%9E',
  ';a=b',
  '/index.html',
  '/%20',
  '/%F0%9F%98%80',
];
const pathSuffix = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.constantFrom(...PATH_SUFFIXES) },
  { weight: 1, arbitrary: nastyString.map((s) => `/${enc(s.slice(0, 200))}`) },
);

/** Hostile versions of the headers the web reads. */
const hostileHeaders = fc.record(
  {
    'Accept-Language': fc.oneof(
      fc.constantFrom('en', 'kk-KZ,kk;q=0.9', 'xx', '*', ';q=', 'zh-Hans-CN;q=abc', 'a'.repeat(3000)),
      nastyString.map(asciiHeader),
    ),
    Cookie: fc.constantFrom(
      'lng=en',
      'lng=xx',
      'theme=%00',
      '__session=garbage',
      '__session=e30%3D.x',
      'csrf=garbage',
      'toast=garbage',
      'lng=' + 'a'.repeat(3000),
      '=; ;==',
    ),
    Referer: fc.oneof(fc.constantFrom('//evil.example', 'javascript:alert(1)', 'http://[::1', 'not a url'), nastyString.map(asciiHeader)),
    'User-Agent': fc.oneof(fc.constantFrom('Googlebot/2.1', 'curl/8'), nastyString.map(asciiHeader)),
    'X-Session-Id': nastyString.map(asciiHeader),
  },
  { requiredKeys: [] },
);

/** Header values may only carry visible ASCII, tab and space (Node refuses the rest before sending). */
function asciiHeader(s: string): string {
  return s.replace(/[^\t\x20-\x7e]/g, '?');
}

/** Each public form: its action path and the fields it reads (intents included). */
interface FormSpec {
  path: string;
  fields: string[];
  intents?: string[];
}

function formSpecs(propertyPath: string): FormSpec[] {
  const contact = ['name', 'phone', 'email', 'message', '_js', 'website'];
  return [
    {
      path: '/auth',
      fields: ['email', 'password', 'rememberMe', 'fullName', 'phone', 'confirmPassword', 'redirectTo'],
      intents: ['login', 'forgot', 'register'],
    },
    { path: '/auth?tab=register', fields: ['email', 'password', 'fullName', 'phone', 'confirmPassword'], intents: ['register'] },
    { path: '/auth/reset-password', fields: ['token', 'password', 'confirmPassword'] },
    { path: '/contact/send', fields: [...contact, 'subject'] },
    {
      path: '/?index',
      fields: [...contact, 'location', 'floor', 'area', 'budget', 'quizNav', 'quizStep'],
      intents: ['home-contact', 'quiz'],
    },
    { path: propertyPath, fields: contact },
    { path: '/resources/theme', fields: ['theme', 'redirectTo'] },
    { path: '/resources/favorite', fields: ['propertyId', 'redirectTo', 'js'], intents: ['add', 'remove'] },
    { path: '/logout', fields: [] },
    { path: '/api/website-analytics/track-page-view', fields: ['path', 'title'] },
    { path: '/api/website-analytics/track-event', fields: ['name', 'path'] },
    // Pages without an action: 405, never 500.
    { path: '/catalog', fields: ['q'] },
    { path: '/contact', fields: contact },
  ];
}

type Body = { headers: Record<string, string>; body?: string };

/** The body of a post: a form (urlencoded or multipart), or not a form at all. */
function encodeBody(kind: string, pairs: Array<[string, string]>): Body {
  switch (kind) {
    case 'urlencoded':
      return { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(pairs).toString() };
    case 'multipart': {
      const b = 'fuzzboundary19';
      const parts = pairs
        .map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n${v}\r\n`)
        .join('');
      return { headers: { 'Content-Type': `multipart/form-data; boundary=${b}` }, body: `${parts}--${b}--\r\n` };
    }
    case 'broken-multipart':
      return {
        headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
        body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${pairs[0]?.[1] ?? ''}`,
      };
    case 'json':
      return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(Object.fromEntries(pairs)) };
    case 'text':
      return { headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: new URLSearchParams(pairs).toString() };
    case 'urlencoded-wrong-charset':
      return {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-16' },
        body: new URLSearchParams(pairs).toString(),
      };
    default:
      return { headers: {} };
  }
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The CSRF token: the visitor's, a wrong one, or none. */
  csrf: 'valid' | 'wrong' | 'missing';
}

export function describeRequest(r: FuzzRequest): string {
  const body = r.body === undefined ? '' : ` body(${r.body.length})=${JSON.stringify(r.body.slice(0, 300))}`;
  return `${r.method} ${r.path.slice(0, 300)} csrf=${r.csrf} headers=${JSON.stringify(r.headers).slice(0, 300)}${body}`;
}

/** A GET of a page (hostile path, query and headers) or a post to a form's action (hostile body). */
export function fuzzRequests(pages: string[], propertyPath: string, token: string): fc.Arbitrary<FuzzRequest> {
  const getRequest = fc
    .record({
      page: fc.constantFrom(...pages),
      suffix: pathSuffix,
      query: queryString,
      headers: hostileHeaders,
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS'),
    })
    .map(({ page, suffix, query, headers, method }): FuzzRequest => ({
      method,
      path: `${page}${suffix}${query}`.replace(/^\/\/+/, '/'),
      headers,
      csrf: 'missing',
    }));

  const postRequest = fc
    .record({
      form: fc.constantFrom(...formSpecs(propertyPath)),
      csrf: fc.constantFrom('valid', 'valid', 'wrong', 'missing') as fc.Arbitrary<FuzzRequest['csrf']>,
      intent: fc.oneof(
        fc.constant<string | null>(null),
        fc.constantFrom('login', 'forgot', 'register', 'home-contact', 'quiz', 'add', 'remove', 'delete', 'role'),
        nastyString,
      ),
      values: fc.array(fc.tuple(fc.nat(), nastyString), { maxLength: 8 }),
      repeat: fc.array(fc.tuple(fc.nat(), nastyString), { maxLength: 3 }),
      kind: fc.constantFrom(
        'urlencoded',
        'urlencoded',
        'urlencoded',
        'multipart',
        'multipart',
        'broken-multipart',
        'json',
        'text',
        'urlencoded-wrong-charset',
        'none',
      ),
      method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE'),
      headers: hostileHeaders,
      query: fc.oneof(fc.constant(''), queryString),
    })
    .map(({ form, csrf, intent, values, repeat, kind, method, headers, query }): FuzzRequest => {
      const pairs: Array<[string, string]> = [];
      if (csrf === 'valid') pairs.push(['csrf', token]);
      if (csrf === 'wrong') pairs.push(['csrf', `${token.slice(0, -4)}AAAA`]);
      const intents = form.intents ?? [];
      // Half of the intents the form knows (so its action runs), half anything.
      if (intent !== null)
        pairs.push(['intent', intents.length && intent.length % 2 === 0 ? intents[intent.length % intents.length] : intent]);
      const names = [...form.fields, 'unknownField'];
      for (const [i, v] of values) pairs.push([names[i % names.length], v]);
      // Repeated fields: the same names again with other values.
      for (const [i, v] of repeat) pairs.push([names[i % names.length], v], ['intent', v]);
      const body = encodeBody(kind, pairs);
      const path = query ? `${form.path}${form.path.includes('?') ? '&' : '?'}${query.slice(1)}` : form.path;
      return { method, path, csrf, headers: { ...headers, ...body.headers }, body: body.body };
    });

  return fc.oneof({ weight: 2, arbitrary: getRequest }, { weight: 3, arbitrary: postRequest });
}
