/**
 * Errors of the API client (spec 01 §8 "Shared server-error mapping", DESIGN "libs/api-client").
 *
 * - ApiValidationError: 400 with a `fields` map (message + per-field messages).
 * - ApiError: any other non-2xx answer (status, code, message).
 * - ApiNetworkError: no answer at all (connection refused, DNS, timeout, aborted): 'Ошибка сети'.
 */

/** Fixed texts and codes of spec 01 §8 for these statuses. */
export const STATUS_ERRORS: Readonly<Record<number, { code: string; message: string }>> = {
  401: { code: 'UNAUTHORIZED', message: 'Необходима авторизация' },
  403: { code: 'FORBIDDEN', message: 'Недостаточно прав доступа' },
  404: { code: 'NOT_FOUND', message: 'Ресурс не найден' },
  429: { code: 'RATE_LIMIT', message: 'Слишком много запросов. Попробуйте позже' },
  500: { code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера' },
};

/** Default text of a network failure (spec 01 §8). */
export const NETWORK_ERROR_MESSAGE = 'Ошибка сети';

/** A non-2xx answer of the API. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  /** HTTP status. */
  readonly status: number;
  /** Envelope code (e.g. NOT_FOUND, RATE_LIMIT) or the code of spec 01 §8 for the status. */
  readonly code: string;
  /**
   * What the server itself said (body error.message, then error, then the raw text, then the
   * status text). Equal to `message` except for the statuses with a fixed text (401, 403,
   * 404, 429, 500), where the server's (possibly translated) text is kept here.
   */
  readonly serverMessage: string;
  /**
   * The envelope's own code (e.g. CSRF_TOKEN_INVALID on a 403), else `code`. Differs from
   * `code` only for the statuses whose code spec 01 §8 fixes.
   */
  readonly serverCode: string;

  constructor(status: number, code: string, message: string, serverMessage: string = message, serverCode: string = code) {
    super(message);
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.serverCode = serverCode;
  }
}

/** 400 with a per-field map (spec 01 §8 "validation error carrying the message and per-field map"). */
export class ApiValidationError extends ApiError {
  override readonly name: string = 'ApiValidationError';
  /** Field (query or body parameter) -> message. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(message: string, fields: Record<string, string>, code = 'VALIDATION_ERROR') {
    super(400, code, message);
    this.fields = fields;
  }
}

export type NetworkFailure = 'network' | 'timeout' | 'aborted';

/** No usable answer: connection failure, request timeout, or aborted by the caller. */
export class ApiNetworkError extends Error {
  override readonly name: string = 'ApiNetworkError';
  readonly reason: NetworkFailure;

  constructor(reason: NetworkFailure = 'network', message: string = NETWORK_ERROR_MESSAGE, options?: { cause?: unknown }) {
    super(message);
    this.reason = reason;
    if (options && 'cause' in options) (this as { cause?: unknown }).cause = options.cause;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function isApiValidationError(e: unknown): e is ApiValidationError {
  return e instanceof ApiValidationError;
}

export function isApiNetworkError(e: unknown): e is ApiNetworkError {
  return e instanceof ApiNetworkError;
}

/** A body of any shape: the envelope, a bare {message|error|code}, or a string. */
function pickServerMessage(body: unknown, rawText: string, statusText: string): string {
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown };
    if (b.error && typeof b.error === 'object') {
      const m = (b.error as { message?: unknown }).message;
      if (typeof m === 'string' && m.trim()) return m;
    }
    if (typeof b.message === 'string' && b.message.trim()) return b.message;
    if (typeof b.error === 'string' && b.error.trim()) return b.error;
  }
  if (rawText.trim()) return rawText.trim().slice(0, 500);
  return statusText || `HTTP error`;
}

function pickCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { error?: unknown; code?: unknown };
  if (b.error && typeof b.error === 'object') {
    const c = (b.error as { code?: unknown }).code;
    if (typeof c === 'string' && c) return c;
  }
  return typeof b.code === 'string' && b.code ? b.code : undefined;
}

function pickFields(body: unknown): Record<string, string> | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { error?: unknown; fields?: unknown };
  const raw = b.error && typeof b.error === 'object' ? (b.error as { fields?: unknown }).fields : b.fields;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}

/**
 * The error for a non-2xx answer (spec 01 §8 table). `body` is the parsed JSON (or undefined),
 * `rawText` the body text.
 */
export function errorFromResponse(status: number, statusText: string, body: unknown, rawText: string): ApiError {
  const serverMessage = pickServerMessage(body, rawText, statusText || `HTTP ${status}`);
  const code = pickCode(body);
  if (status === 400) {
    const fields = pickFields(body);
    if (fields) return new ApiValidationError(serverMessage, fields, code ?? 'VALIDATION_ERROR');
    return new ApiError(400, code ?? 'BAD_REQUEST', serverMessage);
  }
  const fixed = STATUS_ERRORS[status];
  if (fixed) return new ApiError(status, fixed.code, fixed.message, serverMessage, code ?? fixed.code);
  return new ApiError(status, code ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR'), serverMessage);
}
