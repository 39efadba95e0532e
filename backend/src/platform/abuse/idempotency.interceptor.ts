/**
 * `Idempotency-Key` on every public POST (issue 26 point 7, Stripe's convention): a visitor's
 * browser sends one key per submission and the same key with every retry of it, so a retry after
 * a timeout, a dropped connection or a 503 never acts twice.
 *
 * Kept in Redis only (`{QUEUE_PREFIX}:idempotency:<route>:<sha256(key)>`, IDEMPOTENCY_TTL_MS,
 * 24 h by default), so the normal path adds no SQL statement:
 * - first use: the key is taken (SET NX, state `pending` with the body's SHA-256) and the handler
 *   runs; its answer (2xx, or a 4xx that the same body would earn again) is stored under the key;
 *   a 5xx or 503 (database or queue unreachable) frees the key, so the retry runs for real;
 * - same key, same body, answered: the stored status and body again, header `Idempotent-Replayed: true`;
 * - same key, same body, still running: 409 CONFLICT with `Retry-After: 1`;
 * - same key, another body: 422 IDEMPOTENCY_KEY_REUSED.
 * While Redis is unreachable the request runs without the key (the write path must not depend on
 * Redis; every public write is still validated and stored once per submission by its handler).
 * An invalid header (empty, over 255 characters, control characters): 400 VALIDATION_FAILED.
 * With or without a key, a write answered 5xx gives back the per-address limit points it took.
 */
import { createHash } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { ErrorCode, type ApiErrorBody } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';
import { ApiError } from '../http/api-error.js';
import { toErrorBody } from '../http/http-exception.filter.js';
import { withTimeout } from '../lifecycle/with-timeout.js';
import { SharedRedis } from '../realtime/shared-redis.js';

/** The request header. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Longest a Redis call of the interceptor may take before the request goes on without it (ms). */
const REDIS_TIMEOUT_MS = 500;

interface StoredAnswer {
  bodyHash: string;
  state: 'pending' | 'done';
  status?: number;
  body?: unknown;
}

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly redis: SharedRedis,
    private readonly reflector: Reflector,
    @Inject(ENV) private readonly env: Env,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.run(ctx, next));
  }

  private async run(ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return this.handle(req, next);
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !VALID_KEY.test(key)) {
      throw new ApiError(400, ErrorCode.ValidationFailed, 'Invalid Idempotency-Key header: 1 to 255 printable characters.', {
        fieldErrors: { 'Idempotency-Key': ['Must be 1 to 255 printable characters.'] },
      });
    }
    const route = `${req.method}:${req.baseUrl}${req.route?.path ?? req.path}`;
    const redisKey = `${this.env.QUEUE_PREFIX}:idempotency:${route}:${createHash('sha256').update(key).digest('hex')}`;
    const bodyHash = createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    const ttl = this.env.IDEMPOTENCY_TTL_MS;

    let taken: string | null | undefined;
    try {
      taken = await withTimeout(
        this.redis.client.set(redisKey, JSON.stringify({ bodyHash, state: 'pending' } satisfies StoredAnswer), 'PX', ttl, 'NX'),
        REDIS_TIMEOUT_MS,
        'idempotency key',
      );
    } catch (err) {
      this.logger.warn(`${route}: Redis unavailable, running without the idempotency key: ${(err as Error).message}`);
      return this.handle(req, next);
    }
    if (taken !== 'OK') return this.answerAgain(redisKey, bodyHash, req, res, next);

    const status: number = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, ctx.getHandler()) ?? HttpStatus.CREATED;
    try {
      const body = await this.handle(req, next);
      await this.store(redisKey, { bodyHash, state: 'done', status, body }, ttl);
      return body;
    } catch (err) {
      const answer = toErrorBody(err);
      if (answer.statusCode >= 500) await this.free(redisKey);
      else await this.store(redisKey, { bodyHash, state: 'done', status: answer.statusCode, body: stripRequestId(answer) }, ttl);
      throw err;
    }
  }

  /** A key seen before: replay, 409 while it runs, 422 for another body. */
  private async answerAgain(redisKey: string, bodyHash: string, req: Request, res: Response, next: CallHandler): Promise<unknown> {
    let stored: StoredAnswer | null = null;
    try {
      const raw = await withTimeout(this.redis.client.get(redisKey), REDIS_TIMEOUT_MS, 'idempotency key');
      stored = raw ? (JSON.parse(raw) as StoredAnswer) : null;
    } catch {
      stored = null;
    }
    // expired or freed between the two calls: run it
    if (!stored) return this.handle(req, next);
    if (stored.bodyHash !== bodyHash) {
      throw new ApiError(
        422,
        ErrorCode.IdempotencyKeyReused,
        'This Idempotency-Key was already used with a different request body. Send a new key for a new submission.',
      );
    }
    if (stored.state === 'pending') {
      res.setHeader('Retry-After', '1');
      throw new ApiError(409, ErrorCode.Conflict, 'This submission is still being processed. Please try again in a moment.');
    }
    res.setHeader('Idempotent-Replayed', 'true');
    const status = stored.status ?? HttpStatus.CREATED;
    if (status >= 400) {
      const error = stored.body as ApiErrorBody;
      throw new ApiError(status, error.code, error.message, error.details);
    }
    res.status(status);
    return stored.body;
  }

  /**
   * Runs the handler; when it fails with a 5xx (the database or the queue unreachable) the limit
   * points the bot-defence guard took are given back, so retries of one submission count once.
   */
  private async handle(req: Request, next: CallHandler): Promise<unknown> {
    try {
      return await lastValueFrom(next.handle());
    } catch (err) {
      if (toErrorBody(err).statusCode >= 500)
        await (req as Request & { formCheck?: { refund?: () => Promise<void> } }).formCheck?.refund?.();
      throw err;
    }
  }

  private async store(redisKey: string, answer: StoredAnswer, ttl: number): Promise<void> {
    await withTimeout(this.redis.client.set(redisKey, JSON.stringify(answer), 'PX', ttl), REDIS_TIMEOUT_MS, 'idempotency key').catch(
      (err: Error) => this.logger.warn(`could not store an idempotent answer: ${err.message}`),
    );
  }

  private async free(redisKey: string): Promise<void> {
    await withTimeout(this.redis.client.del(redisKey), REDIS_TIMEOUT_MS, 'idempotency key').catch(() => 0);
  }
}

const stripRequestId = ({ requestId: _requestId, ...rest }: ApiErrorBody): Omit<ApiErrorBody, 'requestId'> => rest;
