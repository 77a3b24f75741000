import type {
  CatalogueVersionDto,
  CategoryDto,
  DealType,
  DistrictSlug,
  Language,
  MapMarkerDto,
  PageMeta,
  PropertyDetail,
  PropertyListItem,
  PropertySort,
  PropertyTypeSlug,
  SubcategoryDto,
} from '@realty/contracts';
import type { BlogCategoryDto, BlogPostDetail, BlogPostListItem, BlogPostStatus, PartnerDto, PartnerListDto } from '@realty/contracts';
import type { CaughtMailDto, CaughtMailSummaryDto } from '@realty/contracts';
import { ApiError, ApiNetworkError, errorFromResponse } from './errors';

/**
 * Typed fetch client of the API (DESIGN "libs/api-client"), used by Remix loaders and actions.
 * Runs anywhere `fetch` exists (Node 20, browsers): no Node-only imports.
 *
 * Success answers are the envelope `{status:'success', data, meta?}` (spec 01 §7; 204 = null);
 * errors become ApiValidationError / ApiError / ApiNetworkError (spec 01 §8).
 */

/** Where the API answers when nothing is configured (the web reads API_URL). */
export const DEFAULT_API_URL = 'http://127.0.0.1:3001/api';
/** Request timeout when none is given. */
export const DEFAULT_TIMEOUT_MS = 10_000;

// DOM-free spellings of the fetch types (the lib compiles without the DOM lib).
type HeadersInit = ConstructorParameters<typeof Headers>[0];
type BodyInit = NonNullable<RequestInit['body']>;
type RequestCredentials = NonNullable<RequestInit['credentials']>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a `headers` callback is told about the request it decorates. */
export interface RequestContext {
  method: HttpMethod;
  /** Path under the base URL, e.g. '/properties'. */
  path: string;
  /** Full URL with the query string. */
  url: string;
}

export type HeadersOption = HeadersInit | ((ctx: RequestContext) => HeadersInit | undefined | Promise<HeadersInit | undefined>);

export interface ApiClientOptions {
  /** Base URL including '/api'; default DEFAULT_API_URL. */
  baseUrl?: string;
  /** Interface language: sent as Accept-Language, and as `lang` where the API reads it. */
  lang?: Language;
  /** Bearer access token (spec 01 §6: "a bearer token is sent on calls when present"). */
  token?: string | null;
  /**
   * Extra headers for every request, static or computed per request (e.g. the CSRF header on
   * write calls, spec 01 §7, or a forwarded client address). Applied after the defaults.
   */
  headers?: HeadersOption;
  /** A fetch implementation; default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Milliseconds before a request fails with ApiNetworkError('timeout'); default 10 s. */
  timeoutMs?: number;
  /** Cancels every request of this client when aborted (e.g. the incoming request's signal). */
  signal?: AbortSignal;
  /** Fetch credentials mode; default 'include' (spec 01 §7 "with credentials included"). */
  credentials?: RequestCredentials;
  /**
   * CSRF handshake of spec 02 §7: when given, every POST, PUT, PATCH and DELETE (multipart
   * uploads excepted) carries `X-CSRF-Token` from GET /csrf-token, kept in this store; on a 403
   * CSRF_TOKEN_INVALID / CSRF_TOKEN_MISSING the pair is dropped, a new one fetched and the call
   * retried once. A server-side caller (no cookie jar) also keeps and sends the secret cookie.
   */
  csrf?: CsrfStore;
}

/**
 * A CSRF token and, for callers without a cookie jar (a server), the API's secret cookie as
 * `name=value` (browsers keep the cookie themselves: `cookie` is null there).
 */
export interface CsrfPair {
  token: string;
  cookie?: string | null;
}

/** Where a client keeps its CSRF pair (memory, a server-side session...). */
export interface CsrfStore {
  get(): CsrfPair | null | undefined | Promise<CsrfPair | null | undefined>;
  set(pair: CsrfPair | null): void | Promise<void>;
}

/** Error codes after which the CSRF pair is renewed and the call retried once (spec 02 §7). */
export const CSRF_RETRY_CODES: readonly string[] = ['CSRF_TOKEN_INVALID', 'CSRF_TOKEN_MISSING'];
/** Name of the API's CSRF secret cookie. */
export const CSRF_COOKIE_NAME = '_csrf';

/** A CSRF store in memory (one client, one process). */
export function memoryCsrfStore(initial: CsrfPair | null = null): CsrfStore {
  let pair = initial;
  return {
    get: () => pair,
    set: (next) => {
      pair = next;
    },
  };
}

/** True for an object that looks like a CSRF pair (e.g. read back from a session). */
export function isCsrfPair(value: unknown): value is CsrfPair {
  if (!value || typeof value !== 'object') return false;
  const v = value as CsrfPair;
  return typeof v.token === 'string' && v.token !== '' && (v.cookie === undefined || v.cookie === null || typeof v.cookie === 'string');
}

/** The `name=value` of cookie `name` among Set-Cookie header values, or null. */
export function pickSetCookie(setCookies: readonly string[], name: string = CSRF_COOKIE_NAME): string | null {
  for (const line of setCookies) {
    const first = line.split(';', 1)[0].trim();
    const eq = first.indexOf('=');
    if (eq > 0 && first.slice(0, eq).trim() === name && first.slice(eq + 1) !== '') return first;
  }
  return null;
}

function setCookieValues(headers: Headers): string[] {
  const h = headers as Headers & { getSetCookie?: () => string[] };
  if (typeof h.getSetCookie === 'function') return h.getSetCookie();
  const raw = headers.get('set-cookie');
  // Without getSetCookie the values come joined by ', ' (dates contain ', ' too: split before a name=).
  return raw ? raw.split(/,\s*(?=[^;,=\s]+=)/) : [];
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  query?: QueryInput;
  /** JSON body (objects) or a ready body (FormData, Blob, string...). */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A success envelope's payload with its paging. */
export interface ApiResult<T> {
  data: T;
  meta?: PageMeta;
  status: number;
  headers: Headers;
}

/** A page of a list. */
export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

/**
 * Filters of GET /properties and /properties/map (spec 01 §7). Empty values, 'all', false
 * flags and a zero rooms minimum are not sent (spec 01 §7 "empty and 'all' values are skipped").
 */
export interface PropertyFilterQuery {
  q?: string;
  dealType?: DealType | 'all';
  type?: PropertyTypeSlug | 'all';
  category?: string;
  subcategory?: string;
  district?: DistrictSlug | 'all';
  /** ₸. */
  priceMin?: number;
  priceMax?: number;
  /** m². */
  areaMin?: number;
  areaMax?: number;
  furniture?: boolean;
  parking?: boolean;
  airConditioning?: boolean;
  roomsMin?: number;
  featured?: boolean;
}

export interface PropertyListQuery extends PropertyFilterQuery {
  sort?: PropertySort;
  page?: number;
  /** 1..100; the API's default is 50. */
  limit?: number;
}

/** The API's parameter names (spec 01 §7 spelling: snake_case). */
export function propertyQueryParams(query: PropertyListQuery): QueryInput {
  return {
    q: query.q?.trim() || undefined,
    deal_type: query.dealType,
    type: query.type,
    category: query.category,
    subcategory: query.subcategory,
    district: query.district,
    price_min: query.priceMin,
    price_max: query.priceMax,
    area_min: query.areaMin,
    area_max: query.areaMax,
    furniture: query.furniture || undefined,
    parking: query.parking || undefined,
    air_conditioning: query.airConditioning || undefined,
    rooms_min: query.roomsMin && query.roomsMin > 0 ? query.roomsMin : undefined,
    featured: query.featured,
    sort: query.sort,
    page: query.page,
    limit: query.limit,
  };
}

/** GET /partners query (spec 01 §7; issue 5 filters). */
export interface PartnerListQuery {
  page?: number;
  limit?: number;
  featured?: boolean;
  category?: string;
  q?: string;
  isInBusinessCenter?: boolean;
}

/** GET /blog/posts query (spec 01 §7: page, limit, status, language, categoryId, search). */
export interface BlogPostsListQuery {
  page?: number;
  limit?: number;
  status?: BlogPostStatus;
  language?: string;
  categoryId?: number;
  search?: string;
}

/** Builds '?a=1&b=2' from a query object: undefined, null, '', 'all' and NaN are skipped. */
export function toQueryString(query: QueryInput | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values as QueryValue[]) {
      if (v === undefined || v === null) continue;
      if (typeof v === 'number' && !Number.isFinite(v)) continue;
      const s = String(v).trim();
      if (s === '' || s === 'all') continue;
      params.append(key, s);
    }
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isBodyInit(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function mergeHeaders(target: Headers, extra: HeadersInit | undefined): void {
  if (!extra) return;
  new Headers(extra).forEach((value, key) => target.set(key, value));
}

/** Parses a body text as JSON; undefined when it is not JSON. */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl || DEFAULT_API_URL;
  const doFetch: typeof fetch | undefined = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);

  const csrfStore = options.csrf;
  let csrfPending: Promise<CsrfPair> | null = null;

  /** GET /csrf-token without any old secret, so the API issues a new one (deduplicated while in flight). */
  function fetchCsrf(): Promise<CsrfPair> {
    csrfPending ??= (async () => {
      try {
        const result = await send<{ csrfToken?: unknown } | null>('GET', '/csrf-token', {}, null);
        const token = result.data && typeof result.data.csrfToken === 'string' ? result.data.csrfToken : '';
        if (!token) throw errorFromResponse(502, 'Bad Gateway', { error: { code: 'INVALID_RESPONSE', message: 'No CSRF token in the answer' } }, '');
        const pair: CsrfPair = { token, cookie: pickSetCookie(setCookieValues(result.headers)) };
        await csrfStore?.set(pair);
        return pair;
      } finally {
        csrfPending = null;
      }
    })();
    return csrfPending;
  }

  /** Any call; writes go through the CSRF handshake when a store is configured. */
  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const multipart = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (!csrfStore || method === 'GET' || multipart) return send<T>(method, path, opts, null);
    const stored = await csrfStore.get();
    const pair = isCsrfPair(stored) ? stored : await fetchCsrf();
    try {
      return await send<T>(method, path, opts, pair);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 403 || !CSRF_RETRY_CODES.includes(error.serverCode)) throw error;
      await csrfStore.set(null);
      return send<T>(method, path, opts, await fetchCsrf());
    }
  }

  async function send<T>(method: HttpMethod, path: string, opts: RequestOptions, csrf: CsrfPair | null): Promise<ApiResult<T>> {
    if (!doFetch) throw new ApiNetworkError('network', undefined, { cause: new Error('fetch is not available') });
    const url = joinUrl(baseUrl, path) + toQueryString(opts.query);

    const headers = new Headers({ Accept: 'application/json' });
    if (options.lang) headers.set('Accept-Language', options.lang);
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    if (opts.body !== undefined && opts.body !== null) {
      if (isBodyInit(opts.body)) body = opts.body as BodyInit;
      else {
        body = JSON.stringify(opts.body);
        headers.set('Content-Type', 'application/json');
      }
    }
    const extra = typeof options.headers === 'function' ? await options.headers({ method, path, url }) : options.headers;
    mergeHeaders(headers, extra);
    mergeHeaders(headers, opts.headers);
    if (csrf) {
      headers.set('X-CSRF-Token', csrf.token);
      if (csrf.cookie) {
        const existing = headers.get('Cookie');
        headers.set('Cookie', existing ? `${existing}; ${csrf.cookie}` : csrf.cookie);
      }
    }

    // Timeout and the callers' signals abort one controller; `reason` says which fired.
    const controller = new AbortController();
    let reason: 'timeout' | 'aborted' | null = null;
    const onAbort = () => {
      if (!reason) reason = 'aborted';
      controller.abort();
    };
    const signals = [options.signal, opts.signal].filter((s): s is AbortSignal => !!s);
    for (const s of signals) {
      if (s.aborted) onAbort();
      else s.addEventListener('abort', onAbort, { once: true });
    }
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            if (!reason) reason = 'timeout';
            controller.abort();
          }, timeoutMs)
        : undefined;

    try {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body,
          signal: controller.signal,
          credentials: options.credentials ?? 'include',
        });
      } catch (cause) {
        throw new ApiNetworkError(reason ?? 'network', undefined, { cause });
      }
      let text: string;
      try {
        text = response.status === 204 ? '' : await response.text();
      } catch (cause) {
        throw new ApiNetworkError(reason ?? 'network', undefined, { cause });
      }
      const json = parseJson(text);
      if (!response.ok) throw errorFromResponse(response.status, response.statusText, json, text);
      if (response.status === 204 || text === '') return { data: null as T, status: response.status, headers: response.headers };
      if (json === undefined) {
        throw errorFromResponse(502, 'Bad Gateway', { error: { code: 'INVALID_RESPONSE', message: 'Invalid JSON answer' } }, text);
      }
      const envelope = json as { status?: unknown; data?: unknown; meta?: PageMeta };
      if (envelope && typeof envelope === 'object' && envelope.status === 'error') {
        throw errorFromResponse(response.status >= 400 ? response.status : 500, response.statusText, json, text);
      }
      if (envelope && typeof envelope === 'object' && envelope.status === 'success' && 'data' in envelope) {
        return { data: envelope.data as T, meta: envelope.meta, status: response.status, headers: response.headers };
      }
      // Not an envelope: the body is the data.
      return { data: json as T, status: response.status, headers: response.headers };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', onAbort);
    }
  }

  async function getData<T>(path: string, query?: QueryInput, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<T> {
    return (await request<T>('GET', path, { ...opts, query })).data;
  }

  const id = (idOrSlug: string | number) => encodeURIComponent(String(idOrSlug));
  const langQuery = options.lang ? { lang: options.lang } : {};

  const properties = {
    /** GET /properties: one page of cards with its paging. */
    async list(query: PropertyListQuery = {}, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<Paged<PropertyListItem>> {
      const result = await request<PropertyListItem[] | null>('GET', '/properties', {
        ...opts,
        query: { ...propertyQueryParams(query), ...langQuery },
      });
      const items = Array.isArray(result.data) ? result.data : [];
      const limit = query.limit ?? 50;
      const meta: PageMeta = result.meta ?? {
        total: items.length,
        page: query.page ?? 1,
        limit,
        totalPages: items.length ? 1 : 0,
      };
      return { items, meta };
    },
    /** GET /properties/map: markers for the same filters (paging and sort are not sent). */
    async map(query: PropertyFilterQuery = {}, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<MapMarkerDto[]> {
      const { sort: _s, page: _p, limit: _l, ...filters } = propertyQueryParams(query);
      const data = await getData<MapMarkerDto[] | null>('/properties/map', { ...filters, ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /properties/version: the catalogue version the API works under (0 when it does not track one). */
    async version(opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<number> {
      const data = await getData<CatalogueVersionDto | null>('/properties/version', {}, opts);
      return typeof data?.version === 'number' ? data.version : 0;
    },
    /** GET /properties/{id or slug}; a missing listing is ApiError 404 NOT_FOUND. */
    get(idOrSlug: string | number, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<PropertyDetail> {
      return getData<PropertyDetail>(`/properties/${id(idOrSlug)}`, { ...langQuery }, opts);
    },
    /** GET /properties/{id or slug}/similar?limit=n (spec 01 §7 "Similar properties", 4 by default). */
    async similar(idOrSlug: string | number, limit = 4, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<PropertyListItem[]> {
      const data = await getData<PropertyListItem[] | null>(`/properties/${id(idOrSlug)}/similar`, { limit, ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /properties/categories. */
    async categories(opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<CategoryDto[]> {
      const data = await getData<CategoryDto[] | null>('/properties/categories', { ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /properties/categories/{id or slug}/subcategories. */
    async subcategories(categoryIdOrSlug: string | number, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<SubcategoryDto[]> {
      const data = await getData<SubcategoryDto[] | null>(`/properties/categories/${id(categoryIdOrSlug)}/subcategories`, { ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
  };

  const partners = {
    /** GET /partners: one page, `{items, pagination: {total, totalPages, page, limit}}` (spec 01 §7). */
    async list(query: PartnerListQuery = {}, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<PartnerListDto> {
      const data = await getData<PartnerListDto | PartnerDto[] | null>('/partners', { ...query, q: query.q?.trim() || undefined, ...langQuery }, opts);
      // spec 01 §7: "data.items or data as a list"; anything else is spec 01 §8 'Invalid data format from API'.
      if (Array.isArray(data)) return { items: data, pagination: { total: data.length, totalPages: data.length ? 1 : 0, page: 1, limit: data.length } };
      if (!data || !Array.isArray(data.items)) throw new ApiError(502, 'INVALID_RESPONSE', 'Invalid data format from API');
      return data;
    },
    /**
     * Every partner matching the filters (spec 01 §7): page 1 of 100 first, then pages 2 to
     * totalPages in parallel, combined in order.
     */
    async all(query: Omit<PartnerListQuery, 'page' | 'limit'> = {}, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<PartnerDto[]> {
      const limit = 100;
      const first = await partners.list({ ...query, page: 1, limit }, opts);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.pagination.totalPages - 1) }, (_, i) => partners.list({ ...query, page: i + 2, limit }, opts)),
      );
      return [first, ...rest].flatMap((p) => p.items);
    },
    /** GET /partners?featured=true&limit=8 (home page; 4 are shown). */
    async featured(limit = 8, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<PartnerDto[]> {
      return (await partners.list({ featured: true, limit }, opts)).items;
    },
    /** GET /partners/{id or slug}; a missing partner is ApiError 404 NOT_FOUND. */
    get(idOrSlug: string, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<PartnerDto> {
      return getData<PartnerDto>(`/partners/${id(idOrSlug)}`, { ...langQuery }, opts);
    },
  };

  const blog = {
    /** GET /blog/categories. */
    async categories(opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<BlogCategoryDto[]> {
      const data = await getData<BlogCategoryDto[] | null>('/blog/categories', { ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /blog/posts: one page of published posts (spec 01 §4: requested only with status published). */
    async posts(query: BlogPostsListQuery = {}, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<Paged<BlogPostListItem>> {
      const result = await request<BlogPostListItem[] | null>('GET', '/blog/posts', {
        ...opts,
        query: { status: 'published', ...query, search: query.search?.trim() || undefined, ...langQuery },
      });
      const items = Array.isArray(result.data) ? result.data : [];
      return { items, meta: result.meta ?? { total: items.length, page: query.page ?? 1, limit: query.limit ?? 20, totalPages: items.length ? 1 : 0 } };
    },
    /** GET /blog/{id or slug}: the article (sanitised bodies); a missing one is ApiError 404. */
    get(idOrSlug: string, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<BlogPostDetail> {
      return getData<BlogPostDetail>(`/blog/${id(idOrSlug)}`, { ...langQuery }, opts);
    },
    /** GET /blog/{id or slug}/related?limit=2 ('Похожие статьи'). */
    async related(idOrSlug: string, limit = 2, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<BlogPostListItem[]> {
      const data = await getData<BlogPostListItem[] | null>(`/blog/${id(idOrSlug)}/related`, { limit, ...langQuery }, opts);
      return Array.isArray(data) ? data : [];
    },
  };

  const adminMail = {
    /** GET /admin/mail (admin, super_admin): the local mail sink's mails, newest first; ApiError 404 MAIL_SINK_OFF when it is not configured. */
    async list(opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<CaughtMailSummaryDto[]> {
      const data = await getData<CaughtMailSummaryDto[] | null>('/admin/mail', undefined, opts);
      return Array.isArray(data) ? data : [];
    },
    /** GET /admin/mail/{id}: one mail with its text and HTML bodies; ApiError 404 NOT_FOUND (or MAIL_SINK_OFF). */
    get(mailId: string, opts?: Omit<RequestOptions, 'query' | 'body'>): Promise<CaughtMailDto> {
      return getData<CaughtMailDto>(`/admin/mail/${id(mailId)}`, undefined, opts);
    },
  };

  return {
    baseUrl,
    options: { ...options } as Readonly<ApiClientOptions>,
    /** Any call: the envelope's data, meta, status and headers. */
    request,
    get: <T>(path: string, query?: QueryInput, opts?: Omit<RequestOptions, 'query' | 'body'>) => getData<T>(path, query, opts),
    post: async <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => (await request<T>('POST', path, { ...opts, body })).data,
    put: async <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => (await request<T>('PUT', path, { ...opts, body })).data,
    patch: async <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => (await request<T>('PATCH', path, { ...opts, body })).data,
    delete: async <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => (await request<T>('DELETE', path, opts)).data,
    /** A client with the same settings plus `more` (e.g. a token once signed in). */
    with(more: ApiClientOptions) {
      return createApiClient({ ...options, ...more });
    },
    properties,
    partners,
    blog,
    adminMail,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
