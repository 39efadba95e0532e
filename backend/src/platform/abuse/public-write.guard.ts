import {
  applyDecorators,
  Inject,
  Injectable,
  Logger,
  SetMetadata,
  UseGuards,
  UseInterceptors,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ErrorCode, formSignalsSchema, type FormSignals } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';
import { ApiError } from '../http/api-error.js';
import { addressKey } from '../http/client-address.js';
import { ChallengeService, type ChallengeVerdict } from './challenge.service.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { PublicLimits, type PublicLimitName } from './public-limits.js';

/** Why a submission is taken for a bot's: the honeypot was filled, or it came quicker than a person types. */
export type SpamReason = 'honeypot' | 'too_fast';

/** What the guard learnt of a public write, for the handler (`formCheckOf(req)`). */
export interface FormCheck {
  /** Set when the submission failed the honeypot or fill-time test: store it flagged, send nothing. */
  spamReason: SpamReason | null;
  /** The limiter key of the client's address (IPv4, or the IPv6 /64). */
  address: string;
  /** A valid ALTCHA solution came with this request. */
  challengeSolved: boolean;
  /** Gives back the limit points this write took (called when the api answers it 5xx, see IdempotencyInterceptor). */
  refund?: () => Promise<void>;
}

export interface PublicWriteOptions {
  /** Counts toward the challenge's soft threshold and asks for the challenge past it (forms that send email or create payments). */
  challenge?: boolean;
  /**
   * Payment forms cannot give a bot "the usual answer" (a PaymentIntent): a submission that fails
   * the honeypot or fill-time test must solve the challenge instead, and is then taken as a person's.
   */
  suspicionNeedsChallenge?: boolean;
}

const PUBLIC_WRITE = 'ironclad:publicWrite';
type Meta = { limit: PublicLimitName } & PublicWriteOptions;

const CHALLENGE_MESSAGES: Record<Exclude<ChallengeVerdict, 'ok'>, string> = {
  malformed: 'The verification could not be read. Please tick "I\'m not a robot" again.',
  forged: 'The verification was not issued by this site. Please tick "I\'m not a robot" again.',
  expired: 'The verification expired. Please tick "I\'m not a robot" again.',
  wrong: 'The verification did not check out. Please tick "I\'m not a robot" again.',
  replayed: 'This verification was already used. Please tick "I\'m not a robot" again.',
};

/**
 * `@PublicWrite(limit, options)`: the bot defences of a public write (issue "Public endpoints hold
 * up against bots", OWASP OAT-017 / ASVS V11.1.4). In order:
 *
 * 1. the form signals (`website` honeypot, `formElapsedMs`, `altcha`) are taken off the body;
 * 2. one point of the per-address limit `limit` is taken: over it, 429 RATE_LIMITED with
 *    `Retry-After` (seconds);
 * 3. the honeypot and the fill time (FORM_MIN_FILL_MS) give the submission a spam reason;
 * 4. with `challenge`, the address's gated writes of the hour are counted; past
 *    CHALLENGE_AFTER_PER_HOUR (or always, CHALLENGE_MODE=always) a valid, unused ALTCHA
 *    solution is required: else 428 CHALLENGE_REQUIRED. A solution gives the address a pass of
 *    CHALLENGE_PASS_WRITES further gated writes for 10 minutes (one tick covers the calculator's
 *    lead and its PDF request).
 *
 * 5. the `Idempotency-Key` header, when sent, makes the write idempotent for IDEMPOTENCY_TTL_MS
 *    ({@link IdempotencyInterceptor}: same key and body → the first answer; another body → 422).
 *
 * BOT_DEFENCES=off skips 2–4 except the honeypot (load tests, benchmarks). The handler reads the
 * outcome with {@link formCheckOf}. Apply after `@Public()`.
 */
export const PublicWrite = (limit: PublicLimitName, options: PublicWriteOptions = {}) =>
  applyDecorators(
    SetMetadata(PUBLIC_WRITE, { limit, ...options } satisfies Meta),
    UseGuards(PublicWriteGuard),
    UseInterceptors(IdempotencyInterceptor),
  );

/** The guard's findings on this request; a safe default (no spam, not solved) when none ran. */
export function formCheckOf(req: Request): FormCheck {
  return (
    (req as Request & { formCheck?: FormCheck }).formCheck ?? {
      spamReason: null,
      address: addressKey(req.ip ?? ''),
      challengeSolved: false,
    }
  );
}

@Injectable()
export class PublicWriteGuard implements CanActivate {
  private readonly log = new Logger('BotDefences');

  constructor(
    private readonly reflector: Reflector,
    private readonly limits: PublicLimits,
    private readonly challenges: ChallengeService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const meta = this.reflector.get<Meta | undefined>(PUBLIC_WRITE, ctx.getHandler());
    if (!meta) return true;
    const req = ctx.switchToHttp().getRequest<Request & { formCheck?: FormCheck }>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const signals = takeSignals(req);
    const check: FormCheck = { spamReason: null, address: addressKey(req.ip ?? ''), challengeSolved: false };
    if (signals.website?.trim()) check.spamReason = 'honeypot';
    req.formCheck = check;
    if (this.env.BOT_DEFENCES === 'off') return true;

    const outcome = await this.limits.take(meta.limit, check.address);
    if (outcome.allowed) check.refund = () => this.limits.refund(meta.limit, check.address, false);
    if (!outcome.allowed) {
      res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
      this.log.warn(`${req.method} ${req.path}: ${check.address} over the ${meta.limit} limit`);
      throw new ApiError(
        429,
        ErrorCode.RateLimited,
        `Too many requests from your network. Please try again in ${humanWait(outcome.retryAfterSeconds)}, or call us.`,
      );
    }
    if (signals.formElapsedMs !== undefined && signals.formElapsedMs < this.env.FORM_MIN_FILL_MS) check.spamReason ??= 'too_fast';
    if (!meta.challenge) return true;

    const gated = await this.limits.countGated(check.address);
    check.refund = () => this.limits.refund(meta.limit, check.address, true);
    const required =
      this.env.CHALLENGE_MODE === 'always' ||
      gated > this.env.CHALLENGE_AFTER_PER_HOUR ||
      (meta.suspicionNeedsChallenge === true && check.spamReason !== null);
    if (!required) return true;
    if (!signals.altcha) {
      if (await this.limits.usePass(check.address)) {
        check.challengeSolved = true;
      } else {
        throw new ApiError(428, ErrorCode.ChallengeRequired, 'Please tick "I\'m not a robot", then send the form again.');
      }
    } else {
      const verdict = await this.challenges.verify(signals.altcha);
      if (verdict !== 'ok') throw new ApiError(428, ErrorCode.ChallengeRequired, CHALLENGE_MESSAGES[verdict]);
      await this.limits.grantPass(check.address);
      check.challengeSolved = true;
    }
    if (meta.suspicionNeedsChallenge) check.spamReason = null;
    return true;
  }
}

/** Removes the form signals from a JSON or form body and returns them (invalid values are ignored). */
function takeSignals(req: Request): FormSignals {
  const body: unknown = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const raw = { website: record.website, formElapsedMs: record.formElapsedMs, altcha: record.altcha };
  delete record.website;
  delete record.formElapsedMs;
  delete record.altcha;
  const parsed = formSignalsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A bot may send junk in these fields: a non-empty honeypot still counts as filled.
  return { website: raw.website === undefined ? undefined : String(raw.website) };
}

const humanWait = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : seconds < 5400 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.ceil(seconds / 3600)} hours`;
