import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import pg from 'pg';
import type { SessionUser, StaffRequest } from '../../platform/http/auth/session-user.js';
import { ENV, type Env } from '../../platform/config/env.js';
import { StaffUsersService } from './users.service.js';

/** Name of the session cookie when PUBLIC_URL is http (development, tests). */
export const SESSION_COOKIE = 'ironclad.sid';

/** Name of the session cookie when PUBLIC_URL is https: `__Host-` makes browsers require Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * The session cookie's name and Secure flag for a PUBLIC_URL: under https `__Host-ironclad.sid`,
 * always Secure (set only on requests that came over TLS, directly or through TRUSTED_PROXIES'
 * X-Forwarded-Proto); under http `ironclad.sid`, Secure when the request came over TLS.
 */
export function sessionCookieOf(publicUrl: string): { name: string; secure: true | 'auto' } {
  return new URL(publicUrl).protocol === 'https:'
    ? { name: SECURE_SESSION_COOKIE, secure: true }
    : { name: SESSION_COOKIE, secure: 'auto' };
}

/**
 * The HTTP pieces of staff authentication (decisions.md §1), mounted by createApp before Nest's
 * router and shared with Socket.IO:
 * - express-session with connect-pg-simple on the `sessions` table (sid, sess, expire);
 *   cookie HttpOnly, SameSite=Lax, Path=/, rolling idle expiry SESSION_IDLE_MINUTES, named and
 *   secured by {@link sessionCookieOf} (`__Host-ironclad.sid`, Secure, under an https PUBLIC_URL);
 * - an absolute expiry: a session older than SESSION_ABSOLUTE_HOURS since its login is destroyed;
 * - passport (own instance) with the `local` strategy (fields `email`, `password`, Argon2id);
 *   the session stores the user id, and each request reloads the user so a revoked admin loses
 *   access at once.
 * SESSION_SECRET is required in production (env.ts); elsewhere a random per-process secret is used
 * (sessions then end when the process restarts) and a warning is logged.
 */
@Injectable()
export class SessionSetup implements OnModuleDestroy {
  private readonly log = new Logger('Auth');
  readonly passport = new Passport();
  readonly pool: pg.Pool;
  readonly sessionMiddleware: RequestHandler;
  readonly handlers: RequestHandler[];
  /** The session cookie's name and Secure flag ({@link sessionCookieOf}). */
  readonly cookie: { name: string; secure: true | 'auto' };

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly users: StaffUsersService,
  ) {
    let secret = env.SESSION_SECRET;
    if (!secret) {
      secret = randomBytes(32).toString('hex');
      if (env.NODE_ENV !== 'test')
        this.log.warn('SESSION_SECRET is not set: using a random secret for this process (staff sessions end at restart).');
    }
    this.pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4, connectionTimeoutMillis: 5000 });
    this.pool.on('error', (err) => this.log.warn(`session store: ${err.message}`));
    const PgStore = connectPgSimple(session);
    const idleMs = env.SESSION_IDLE_MINUTES * 60_000;
    this.cookie = sessionCookieOf(env.PUBLIC_URL);
    this.sessionMiddleware = session({
      name: this.cookie.name,
      secret,
      store: new PgStore({
        pool: this.pool,
        tableName: 'sessions',
        createTableIfMissing: false,
        pruneSessionInterval: env.NODE_ENV === 'test' ? false : 15 * 60,
      }),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: this.cookie.secure, maxAge: idleMs, path: '/' },
    });

    this.passport.use(
      new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: true }, (email, password, done) => {
        users.verifyCredentials(email, password).then((u) => done(null, u ?? false), done);
      }),
    );
    this.passport.serializeUser<string>((user, done) => done(null, (user as SessionUser).id));
    this.passport.deserializeUser<string>((id, done) => {
      users.findSessionUser(id).then((u) => done(null, u ?? false), done);
    });

    this.handlers = [this.sessionMiddleware, this.passport.initialize(), this.passport.session(), this.absoluteExpiry];
  }

  /**
   * Whether a request can belong to a session: it carries the session cookie, or it signs in or
   * out (under /api/auth, where a session is made or ended). Other requests (a visitor's public
   * calls) skip the session store, passport and the cross-site check: they have no ambient
   * credentials to protect and nothing to look up.
   */
  canHaveSession(req: Request): boolean {
    return req.originalUrl.startsWith('/api/auth/') || (req.headers.cookie?.includes(`${this.cookie.name}=`) ?? false);
  }

  /** Destroys sessions older than SESSION_ABSOLUTE_HOURS since their login. */
  private readonly absoluteExpiry = (req: Request, _res: Response, next: NextFunction): void => {
    const r = req as StaffRequest;
    const loginAt = r.session?.loginAt;
    if (!r.session || loginAt === undefined) return next();
    if (Date.now() - loginAt <= this.env.SESSION_ABSOLUTE_HOURS * 3_600_000) return next();
    r.user = undefined;
    r.session.destroy(() => next());
  };

  async onModuleDestroy(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
