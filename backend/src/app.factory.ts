import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import helmet from 'helmet';
import type { Env } from './config/env.js';
import { AppModule } from './app.module.js';
import { AllExceptionsFilter } from './common/http-exception.filter.js';
import { bodyParserErrors, formBody, jsonBody, requestId } from './common/express-hooks.js';
import { frontendHandlers } from './common/serve-frontend.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { csrfOriginCheck } from './modules/auth/csrf.js';
import { SessionSetup } from './modules/auth/session-setup.js';

const LEVELS: Record<Env['LOG_LEVEL'], LogLevel[] | false> = {
  silent: false,
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/**
 * Builds the configured api application (used by main.ts and by the integration tests, so tests
 * exercise exactly what runs in production). Call `listen()` or `init()` on the result.
 */
export async function createApp(env: Env, opts: { logger?: LoggerService | LogLevel[] | false } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), {
    bodyParser: false,
    logger: opts.logger ?? LEVELS[env.LOG_LEVEL],
  });
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.use(requestId);
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  app.use(compression());
  app.use(csrfOriginCheck(env.PUBLIC_URL));
  app.use(jsonBody);
  // Form posts of providers and mail clients: Twilio's inbound webhook, RFC 8058 one-click unsubscribe.
  app.use(['/api/webhooks/twilio', '/api/unsubscribe'], formBody);
  app.use(bodyParserErrors);
  // Staff sessions + passport (decisions.md §1) for /api and /socket.io.
  for (const handler of app.get(SessionSetup).handlers) app.use('/api', handler);
  for (const handler of frontendHandlers(env.FRONTEND_DIST)) app.use(handler);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(new RedisIoAdapter(app, env.REDIS_URL, env.QUEUE_PREFIX));
  return app;
}
