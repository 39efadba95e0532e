import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode, type ApiErrorBody } from '@ironclad/contracts';
import type { Request, Response } from 'express';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../database/database-unavailable.js';
import { ApiError } from './api-error.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  413: ErrorCode.PayloadTooLarge,
  429: ErrorCode.RateLimited,
  503: ErrorCode.ServiceUnavailable,
};

/**
 * Turns every error into the API's JSON error body. An unreachable database answers 503
 * SERVICE_UNAVAILABLE with `Retry-After` (DATABASE_RETRY_AFTER_SECONDS), logged once per 10 s;
 * other unexpected errors are logged with the request id and answered as a generic 500 (never
 * leaking internals).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private lastDatabaseLog = 0;

  /** @param retryAfterSeconds the `Retry-After` of a database-unavailable 503. */
  constructor(private readonly retryAfterSeconds = 5) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const body = toErrorBody(exception, req.id);
    if (isDatabaseUnavailable(exception)) {
      if (Date.now() - this.lastDatabaseLog > 10_000) {
        this.lastDatabaseLog = Date.now();
        this.logger.warn(`${req.method} ${req.originalUrl} [${req.id}] database unavailable: ${(exception as Error).message}`);
      }
      if (!res.headersSent) res.setHeader('Retry-After', String(this.retryAfterSeconds));
    } else if (body.statusCode >= 500) {
      this.logger.error(`${req.method} ${req.originalUrl} [${req.id}] ${exception instanceof Error ? exception.stack : String(exception)}`);
    }
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
}

/** Maps any thrown value to an ApiErrorBody. */
export function toErrorBody(exception: unknown, requestId?: string): ApiErrorBody {
  if (exception instanceof ApiError) {
    const r = exception.getResponse() as ApiErrorBody;
    return { ...r, requestId, error: r.message };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const r = exception.getResponse();
    const message = typeof r === 'string' ? r : ((r as { message?: unknown }).message ?? exception.message);
    const text = Array.isArray(message) ? message.join('; ') : String(message);
    return {
      statusCode: status,
      code: CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed),
      message: text,
      requestId,
      error: text,
    };
  }
  if (isDatabaseUnavailable(exception)) {
    return {
      statusCode: 503,
      code: ErrorCode.ServiceUnavailable,
      message: DATABASE_UNAVAILABLE_MESSAGE,
      requestId,
      error: DATABASE_UNAVAILABLE_MESSAGE,
    };
  }
  return { statusCode: 500, code: ErrorCode.Internal, message: 'Internal server error', requestId, error: 'Internal server error' };
}
