import { Global, Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { ENV, type Env } from '../config/env.js';
import { ChallengeController } from './challenge.controller.js';
import { ChallengeService } from './challenge.service.js';
import { PublicLimits } from './public-limits.js';
import { RateLimiterStore } from './rate-limiter-store.js';
import { PublicWriteGuard } from './public-write.guard.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

/**
 * The rate-limit store of the api (also the login limits') and the bot defences of the public writes: per-address limits, the honeypot and fill-time test, and
 * the ALTCHA challenge (GET /api/challenge). Global, so any feature's controller can use
 * `@PublicWrite(...)`. Logs a warning at start when BOT_DEFENCES=off.
 */
@Global()
@Module({
  controllers: [ChallengeController],
  providers: [RateLimiterStore, PublicLimits, ChallengeService, PublicWriteGuard, IdempotencyInterceptor],
  exports: [RateLimiterStore, PublicLimits, ChallengeService, PublicWriteGuard, IdempotencyInterceptor],
})
export class BotDefenceModule implements OnModuleInit {
  constructor(@Inject(ENV) private readonly env: Env) {}

  onModuleInit(): void {
    if (this.env.BOT_DEFENCES === 'off') {
      new Logger('BotDefences').warn(
        'BOT_DEFENCES=off: public writes are not limited per address, and neither the fill-time test nor the challenge runs (load tests only)',
      );
    }
  }
}
