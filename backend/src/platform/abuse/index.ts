/** Bot defences of the public writes: limits per client address, honeypot, fill time, ALTCHA. */
export { BotDefenceModule } from './bot-defence.module.js';
export {
  PublicWrite,
  PublicWriteGuard,
  formCheckOf,
  type FormCheck,
  type PublicWriteOptions,
  type SpamReason,
} from './public-write.guard.js';
export { PublicLimits, PUBLIC_LIMIT_NAMES, limitBudgets, type PublicLimitName } from './public-limits.js';
export { RateLimiterStore, type LimitWindow } from './rate-limiter-store.js';
export { ChallengeService, CHALLENGE_TTL_MS, type ChallengeVerdict } from './challenge.service.js';
export { IdempotencyInterceptor, IDEMPOTENCY_HEADER } from './idempotency.interceptor.js';
