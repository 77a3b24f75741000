import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import { pickLanguage, translateMessage, type ErrorEnvelope } from '@realty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from './api.exception';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'BAD_REQUEST',
  429: 'RATE_LIMIT',
  503: 'SERVICE_UNAVAILABLE',
};

/** Language of the error texts: ?lang=, then Accept-Language, then ru. */
export function requestLanguage(req: FastifyRequest) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  return pickLanguage(typeof query.lang === 'string' ? query.lang : undefined, req.headers['accept-language']);
}

/**
 * Maps every error to the envelope of spec 01 §8: {status:'error', error:{code, message, fields?}}.
 * Unknown errors become 500 INTERNAL_ERROR and are logged; their details never reach the client.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const lang = requestLanguage(req);

    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let code = 'INTERNAL_ERROR';
    let message = 'INTERNAL_ERROR';
    let fields: Record<string, string> | undefined;
    let params: Readonly<Record<string, string | number>> | undefined;

    if (exception instanceof ApiException) {
      status = exception.getStatus();
      code = exception.code;
      message = exception.message;
      fields = exception.fields;
      params = exception.params;
      if (exception.retryAfterSeconds) void reply.header('retry-after', exception.retryAfterSeconds);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      code = CODE_BY_STATUS[status] ?? 'INTERNAL_ERROR';
      message = status >= 500 ? 'INTERNAL_ERROR' : code;
    } else if (isFastifyClientError(exception)) {
      // e.g. malformed JSON body (400) or body too large (413) raised by Fastify itself
      status = exception.statusCode;
      code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
      message = code;
    }

    if (status >= 500) {
      this.logger.error(`${req.method} ${req.url}: ${describe(exception)}`);
    }

    const body: ErrorEnvelope = {
      status: 'error',
      error: {
        code,
        message: translateMessage(message, lang, params),
        ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateMessage(v, lang)])) } : {}),
      },
    };
    void reply.status(status).header('content-language', lang).send(body);
  }
}

function isFastifyClientError(e: unknown): e is { statusCode: number } {
  const status = (e as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function describe(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}
