import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorCode } from '@realty/contracts';

/**
 * An error the API answers on purpose: `{status:'error', error:{code, message, fields?}}`
 * (spec 01 §8). `message` and every field message may be a message id of
 * @realty/contracts MESSAGES; the exception filter translates them into the request's language.
 */
export class ApiException extends HttpException {
  /** Seconds for the Retry-After header of the answer (429, 503), set with `retryAfter()`. */
  retryAfterSeconds?: number;

  /** Values of the message's `{name}` placeholders (translateMessage params), set with `withParams()`. */
  params?: Readonly<Record<string, string | number>>;

  constructor(
    status: HttpStatus,
    readonly code: ErrorCode | string,
    message: string = code,
    readonly fields?: Record<string, string>,
  ) {
    super(message, status);
  }

  /** Asks the exception filter to send Retry-After: `ms` rounded up to whole seconds (at least 1). */
  retryAfter(ms: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
    return this;
  }

  /** Fills the message's `{name}` placeholders, e.g. 409 'reference.typeInUse' with {listings: 3}. */
  withParams(params: Readonly<Record<string, string | number>>): this {
    this.params = params;
    return this;
  }

  /** 400 with a per-field map (keys are field names, values message ids or texts). */
  static validation(fields: Record<string, string>): ApiException {
    return new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_ERROR', 'VALIDATION_ERROR', fields);
  }

  static notFound(message: string = 'NOT_FOUND'): ApiException {
    return new ApiException(HttpStatus.NOT_FOUND, 'NOT_FOUND', message);
  }

  /** 403: signed in, but this record or action is not theirs (spec 02 §6). */
  static forbidden(message: string = 'FORBIDDEN'): ApiException {
    return new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', message);
  }

  /** 409: the change conflicts with the data (e.g. a double booking); `code` names the conflict. */
  static conflict(code: string, message: string = code): ApiException {
    return new ApiException(HttpStatus.CONFLICT, code, message);
  }
}
