import http from 'node:http';
import { BASE_URL } from './browser';

/**
 * Raw HTTP requests to the started web (no browser): what a hostile client sends, byte for byte.
 * Redirects are not followed. `from` picks the loopback address the request comes from
 * (127.0.0.0/8 all reach the stack): the web passes the socket address on to the API, so a test
 * that sends many requests spends the per-IP limits of its own address, not those of 127.0.0.1
 * that the other browser tests use.
 */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** The request target as sent (path + query, not re-encoded). */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Local (client) address, e.g. 127.0.0.2. */
  from?: string;
  /** Another server than the web (e.g. the API's origin). */
  origin?: string;
}

export function rawRequest(req: RawRequest): Promise<RawResponse> {
  const base = new URL(req.origin ?? BASE_URL);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method ?? 'GET',
        path: req.path,
        headers: req.headers,
        localAddress: req.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/**
 * A visitor without a browser: keeps the cookies the web sets and reads the CSRF token of its
 * forms from a page, so its posts pass (or, on purpose, fail) the web's CSRF check.
 */
export class RawVisitor {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly from?: string,
    readonly language = 'ru',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(req: RawRequest): Promise<RawResponse> {
    const headers: Record<string, string | string[]> = { 'Accept-Language': this.language, ...req.headers };
    if (this.cookies.size && !('Cookie' in headers)) headers.Cookie = this.cookieHeader();
    const res = await rawRequest({ from: this.from, ...req, headers });
    const set = res.headers['set-cookie'] ?? [];
    for (const line of set) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** The CSRF token of the forms on `path` (GET), which also sets the cookie it pairs with. */
  async csrfToken(path = '/auth'): Promise<string> {
    const res = await this.send({ path });
    const token = /name="csrf" value="([^"]+)"/.exec(res.body)?.[1];
    if (!token) throw new Error(`no CSRF token on ${path} (${res.status})`);
    return token;
  }

  /** POSTs an urlencoded form (fields may repeat). */
  postForm(
    path: string,
    fields: Array<[string, string]> | Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<RawResponse> {
    const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString();
    return this.send({ method: 'POST', path, body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } });
  }

  /** Registers a new account through the /auth form and keeps its session. */
  async register(email: string, password = 'Passw0rd1'): Promise<void> {
    const csrf = await this.csrfToken('/auth?tab=register');
    const res = await this.postForm('/auth?tab=register', {
      csrf,
      intent: 'register',
      fullName: 'Тест Проверка',
      email,
      phone: '+7 700 123 45 67',
      password,
      confirmPassword: password,
    });
    if (res.status !== 302 || !this.cookies.has('__session'))
      throw new Error(`registration failed: ${res.status} ${res.body.slice(0, 300)}`);
  }
}

/** A unique e-mail address for a test account. */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.kz`;
}
