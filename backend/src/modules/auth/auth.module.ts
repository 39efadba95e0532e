import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { StaffGuard } from '../../common/auth/staff.guard.js';
import { ENV, type Env } from '../../config/env.js';
import { AuthController } from './auth.controller.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SessionSetup } from './session-setup.js';
import { StaffUsersService } from './users.service.js';

/**
 * Staff authentication (decisions.md §1, §2): sessions, passport-local, the login rate limiter,
 * and the global deny-by-default StaffGuard (`@Public()` opens a route).
 * At start, creates the admin ADMIN_EMAIL / ADMIN_PASSWORD when both are set and no user has
 * that email yet.
 */
@Module({
  providers: [StaffUsersService, SessionSetup, LoginRateLimiter, { provide: APP_GUARD, useClass: StaffGuard }],
  controllers: [AuthController],
  exports: [StaffUsersService, SessionSetup],
})
export class AuthModule implements OnApplicationBootstrap {
  constructor(@Inject(ENV) private readonly env: Env, private readonly users: StaffUsersService) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.ADMIN_EMAIL || !this.env.ADMIN_PASSWORD) return;
    if (await this.users.createAdminIfMissing(this.env.ADMIN_EMAIL, this.env.ADMIN_PASSWORD)) {
      new Logger('Auth').log(`created the first admin ${this.env.ADMIN_EMAIL} (ADMIN_EMAIL)`);
    }
  }
}
