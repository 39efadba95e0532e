import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorCode } from '@ironclad/contracts';
import { ENV, type Env } from '../../../platform/config/env.js';
import { ApiError } from '../../../platform/http/api-error.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards GET /metrics with METRICS_TOKEN:
 * - not set → 404 NOT_FOUND (the endpoint does not exist for this deployment);
 * - no `Authorization: Bearer <token>` or another token → 401 UNAUTHORIZED with
 *   `WWW-Authenticate: Bearer realm="metrics"`.
 * The comparison is constant-time (both sides hashed to 32 bytes first, so neither the content
 * nor the length of the token leaks through timing).
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(@Inject(ENV) env: Env) {
    this.expected = env.METRICS_TOKEN ? digest(env.METRICS_TOKEN) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) throw new ApiError(404, ErrorCode.NotFound, 'Not found');
    const http = context.switchToHttp();
    const match = /^Bearer +(\S+) *$/i.exec(http.getRequest<Request>().header('authorization') ?? '');
    if (match && timingSafeEqual(digest(match[1]!), this.expected)) return true;
    http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new ApiError(401, ErrorCode.Unauthorized, 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).');
  }
}
