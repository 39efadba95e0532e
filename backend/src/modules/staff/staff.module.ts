import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ENV, type Env } from '../../platform/config/env.js';
import { StaffGuard } from '../../platform/http/auth/staff.guard.js';
import { SocketSessionAuth } from '../../platform/realtime/socket-auth.js';
import { AuditLogController } from './audit-log.controller.js';
import { AuditLogService } from './audit-log.service.js';
import { AuthController } from './auth.controller.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SessionSetup } from './session-setup.js';
import { StaffSocketAuth } from './staff-socket-auth.js';
import { StaffUsersController } from './staff-users.controller.js';
import { StaffUsersService } from './users.service.js';

/** Staff users and the audit log (staff-side.md §6; decisions.md §1, §12). Services only. */
@Module({
  providers: [StaffUsersService, AuditLogService],
  exports: [StaffUsersService, AuditLogService],
})
export class StaffModule {}

/**
 * Staff authentication over HTTP and Socket.IO (decisions.md §1, §2): sessions, passport-local,
 * the login rate limiter, the global deny-by-default StaffGuard (`@Public()` opens a route) and
 * the socket session auth. At start, creates the admin ADMIN_EMAIL / ADMIN_PASSWORD when both are
 * set and no user has that email yet.
 */
@Module({
  imports: [StaffModule],
  providers: [
    SessionSetup,
    LoginRateLimiter,
    StaffSocketAuth,
    { provide: SocketSessionAuth, useExisting: StaffSocketAuth },
    { provide: APP_GUARD, useClass: StaffGuard },
  ],
  controllers: [AuthController, AuditLogController, StaffUsersController],
  exports: [SessionSetup, SocketSessionAuth],
})
export class StaffApiModule implements OnApplicationBootstrap {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly users: StaffUsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.ADMIN_EMAIL || !this.env.ADMIN_PASSWORD) return;
    if (await this.users.createAdminIfMissing(this.env.ADMIN_EMAIL, this.env.ADMIN_PASSWORD)) {
      new Logger('Auth').log(`created the first admin ${this.env.ADMIN_EMAIL} (ADMIN_EMAIL)`);
    }
  }
}
