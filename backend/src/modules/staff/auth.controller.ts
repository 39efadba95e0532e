import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_TEXTS, ErrorCode, loginSchema, type LoginResponse, type MeResponse } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import type { SessionUser, StaffRequest } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { LiveEvents } from '../../platform/realtime/live-events.js';
import { AuditLogService } from './audit-log.service.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SessionSetup } from './session-setup.js';

/** Staff sign-in and sign-out (staff-side.md §2 "Admin login", §8; decisions.md §1, §2). */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly setup: SessionSetup,
    private readonly limiter: LoginRateLimiter,
    private readonly events: LiveEvents,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * POST /api/auth/login — body `{email, password}`.
   * 200 `{message: 'Login successful', description: 'Welcome to the admin panel', user}` and a new
   * session cookie (the session id is regenerated on login).
   * @throws 400 VALIDATION_FAILED (field errors); 401 UNAUTHORIZED 'Invalid password. Please try again.'
   *   for a wrong email or password; 429 RATE_LIMITED (with Retry-After, seconds) while the
   *   progressive delay of the account-and-IP pair or of the IP runs ({@link LoginRateLimiter};
   *   each attempt is counted before the password is checked, so parallel attempts cannot pass).
   */
  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new ZodValidationPipe(loginSchema)) body: { email: string; password: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const ip = req.ip ?? 'unknown';
    const gate = await this.limiter.reserve(body.email, ip);
    if (!gate.allowed) {
      res.setHeader('Retry-After', String(gate.retryAfterSeconds));
      throw new ApiError(
        429,
        ErrorCode.RateLimited,
        gate.retryAfterSeconds < 60
          ? `Too many login attempts. Try again in ${gate.retryAfterSeconds} ${gate.retryAfterSeconds === 1 ? 'second' : 'seconds'}.`
          : `Too many login attempts. Try again in ${Math.ceil(gate.retryAfterSeconds / 60)} ${gate.retryAfterSeconds <= 60 ? 'minute' : 'minutes'}.`,
      );
    }
    req.body = body;
    const user = await new Promise<SessionUser | null>((resolve, reject) => {
      this.setup.passport.authenticate('local', { session: false }, (err: unknown, u: SessionUser | false) =>
        err ? reject(err) : resolve(u || null),
      )(req, res, reject);
    });
    if (!user) {
      // The reserved attempt stays counted: it is a failure.
      throw new ApiError(401, ErrorCode.Unauthorized, AUTH_TEXTS.invalidPassword);
    }
    await new Promise<void>((resolve, reject) => req.logIn(user, (err) => (err ? reject(err) : resolve())));
    const r = req as StaffRequest;
    r.session!.loginAt = Date.now();
    await new Promise<void>((resolve, reject) => r.session!.save((err) => (err ? reject(err) : resolve())));
    await this.limiter.recordSuccess(gate.attempt);
    await this.audit.record(null, user, 'auth.login', 'user', user.id, { ip: req.ip ?? null });
    return { message: AUTH_TEXTS.success, description: AUTH_TEXTS.welcome, user };
  }

  /**
   * POST /api/auth/logout — ends the session (row deleted, cookie cleared) and disconnects the
   * Socket.IO connections opened with it (every api instance). 204, also without a session.
   */
  @Public()
  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const r = req as StaffRequest;
    if (r.session) {
      const sid = req.sessionID;
      await new Promise<void>((resolve) => req.logout({ keepSessionInfo: false }, () => resolve()));
      await new Promise<void>((resolve) => r.session!.destroy(() => resolve()));
      if (sid) this.events.endSession(sid);
    }
    res.clearCookie(this.setup.cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.setup.cookie.secure === true });
  }

  /** GET /api/auth/me — `{user}` of the current session, or `{user: null}` when signed out. */
  @Public()
  @Get('me')
  me(@Req() req: Request): MeResponse {
    return { user: (req as StaffRequest).user ?? null };
  }
}
