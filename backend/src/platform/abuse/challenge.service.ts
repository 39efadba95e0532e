import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { derivedSecret } from '../config/derived-secret.js';
import { ENV, type Env } from '../config/env.js';
import { SharedRedis } from '../realtime/shared-redis.js';

/** How long a challenge handed to a browser may be solved and used, in ms. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** Why a submitted solution was refused (or `ok`). */
export type ChallengeVerdict = 'ok' | 'malformed' | 'forged' | 'expired' | 'wrong' | 'replayed';

/**
 * The self-hosted proof-of-work challenge (ALTCHA PoW v2, `altcha-lib`): PBKDF2/SHA-256 with
 * CHALLENGE_COST iterations per attempt, the answer drawn up to CHALLENGE_MAX_COUNTER, signed
 * with HMAC (a key derived from CHALLENGE_SECRET, else SESSION_SECRET: the same in every api
 * instance) and valid for {@link CHALLENGE_TTL_MS}. A solution is good once:
 * its signature is remembered in Redis (`{QUEUE_PREFIX}:altcha-used:*`) until the challenge
 * expires, so a replayed payload is refused by every api instance.
 */
@Injectable()
export class ChallengeService {
  private readonly secret: string;
  private readonly keySecret: string;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly redis: SharedRedis,
  ) {
    this.secret = derivedSecret(env, 'altcha-challenge', env.CHALLENGE_SECRET).toString('hex');
    this.keySecret = derivedSecret(env, 'altcha-key', env.CHALLENGE_SECRET).toString('hex');
  }

  /** A new signed challenge for the widget (GET /api/challenge). */
  async create(now = Date.now()): Promise<Challenge> {
    const max = this.env.CHALLENGE_MAX_COUNTER;
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.env.CHALLENGE_COST,
      counter: randomInt(Math.max(1, Math.floor(max / 5)), max + 1),
      deriveKey,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /**
   * Checks the widget's payload (base64 JSON `{challenge, solution}`): signed by us, not expired,
   * solved, and not used before (the first use is recorded, so the answer is `ok` only once).
   */
  async verify(payloadBase64: string): Promise<ChallengeVerdict> {
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(payloadBase64, 'base64').toString('utf8')) as Payload;
      if (!payload?.challenge?.parameters || !payload.solution) return 'malformed';
    } catch {
      return 'malformed';
    }
    let result;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.secret,
        hmacKeySignatureSecret: this.keySecret,
      });
    } catch {
      return 'malformed';
    }
    if (result.expired) return 'expired';
    if (result.invalidSignature !== false) return 'forged';
    if (!result.verified) return 'wrong';
    const expiresAt = payload.challenge.parameters.expiresAt;
    const ttlMs = Math.max(1000, (typeof expiresAt === 'number' ? expiresAt * 1000 : Date.now() + CHALLENGE_TTL_MS) - Date.now() + 1000);
    const first = await this.redis.client.set(
      `${this.env.QUEUE_PREFIX}:altcha-used:${payload.challenge.signature}`,
      '1',
      'PX',
      ttlMs,
      'NX',
    );
    return first === 'OK' ? 'ok' : 'replayed';
  }
}
