import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger, type LoggerService, type LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { Request, RequestHandler } from 'express';
import { JOB_DASHBOARD_PATH, type PublicConfig } from '@ironclad/contracts';
import type { Env } from '../platform/config/env.js';
import { ApiModule } from './api.module.js';
import { AllExceptionsFilter } from '../platform/http/http-exception.filter.js';
import { bodyParserErrors, cspReportBody, formBody, jsonBody, requestId, requestIdFor } from '../platform/http/express-hooks.js';
import { answerFirst } from '../platform/http/answer-first.js';
import path from 'node:path';
import { frontendHandlers, paymentRoutes, siteImagePages } from '../platform/web/serve-frontend.js';
import { apiSecurityHeaders, CSP_REPORT_PATH, securityHeaders } from '../platform/web/security-headers.js';
import { RedisIoAdapter } from '../platform/realtime/redis-io.adapter.js';
import { csrfOriginCheck } from '../platform/http/csrf.js';
import { trustProxySetting } from '../platform/http/client-address.js';
import { CaseStudiesService, PublicConfigService } from '../modules/site/index.js';
import { HttpMetrics } from '../platform/http/http-metrics.js';
import { SessionSetup } from '../modules/staff/index.js';
import { JobDashboard, METRICS_PATH } from '../modules/operations/index.js';
import { SiteImageFiles, VARIANT_ROUTE, writeVariant } from '../modules/images/index.js';
import { CaseStudiesPageRenderer, SiteImagePagesRenderer } from '../platform/web/server-rendering.js';

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
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(env), {
    bodyParser: false,
    logger: opts.logger ?? LEVELS[env.LOG_LEVEL],
  });
  app.set('trust proxy', trustProxySetting(env.TRUSTED_PROXIES));
  answerCachedVariants(app, env);
  app.disable('x-powered-by');
  app.use(requestId);
  // First, so the request durations of /metrics cover every later handler (README "Metrics and health").
  app.use(app.get(HttpMetrics).middleware);
  // Helmet, the per-response CSP nonce and policy, Permissions-Policy, HSTS under https (README "Security headers and CSP").
  for (const handler of securityHeaders(env, { paymentPaths: paymentRoutes(env.FRONTEND_DIST), jobDashboardPath: JOB_DASHBOARD_PATH })) {
    app.use(handler);
  }
  // Small JSON answers (a lead, an error) are not worth compressing; pages come compressed (serve-frontend.ts).
  app.use(compression({ threshold: 1024 }));
  const sessions = app.get(SessionSetup);
  const csrf = csrfOriginCheck(env.PUBLIC_URL);
  app.use(((req, res, next) => (sessions.canHaveSession(req) ? csrf(req, res, next) : next())) as RequestHandler);
  app.use(jsonBody);
  app.use(CSP_REPORT_PATH, cspReportBody);
  // Form posts of providers and mail clients: Twilio's inbound webhook, RFC 8058 one-click unsubscribe.
  app.use(['/api/webhooks/twilio', '/api/unsubscribe'], formBody);
  app.use(bodyParserErrors);
  // Staff sessions + passport (decisions.md §1) for /api, the job dashboard and /socket.io, on
  // requests that can have a session (a visitor's public calls carry no session cookie).
  // Served image variants are public and cached: no session lookup (a Postgres read when a cookie comes along).
  const sessionless = (req: Request) => req.path.startsWith('/site-images/') || !sessions.canHaveSession(req);
  for (const handler of sessions.handlers) {
    app.use('/api', ((req, res, next) => (sessionless(req) ? next() : handler(req, res, next))) as RequestHandler);
    app.use(JOB_DASHBOARD_PATH, handler);
  }
  // The job dashboard (Bull Board, staff only) before the front end's pages, which would
  // otherwise answer /admin/* with the React app.
  app.use(JOB_DASHBOARD_PATH, ...app.get(JobDashboard).handlers);
  const publicConfig = app.get(PublicConfigService);
  const caseStudies = app.get(CaseStudiesService);
  // The front end's prerender bundle sits beside its dist folder (frontend/dist-ssr).
  const ssrDir = path.join(path.dirname(path.resolve(env.FRONTEND_DIST)), 'dist-ssr');
  const caseStudiesPage = new CaseStudiesPageRenderer(ssrDir, () => caseStudies.published());
  // Pages with a generated image: rendered with the active images while any is (server-rendering.ts).
  const imagePages = new SiteImagePagesRenderer(ssrDir);
  const imageRenders = Object.fromEntries(
    siteImagePages(env.FRONTEND_DIST).map((page) => [
      page,
      (config: PublicConfig | null) => imagePages.render(page, config?.generatedImages ?? {}),
    ]),
  );
  const pagesLog = new Logger('Pages');
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  for (const handler of frontendHandlers(env.FRONTEND_DIST, {
    publicConfig: () => publicConfig.get(),
    onPublicConfigError: (err) => pagesLog.warn(`page served without the public config: ${message(err)}`),
    serverRendered: { ...imageRenders, '/case-studies': () => caseStudiesPage.render() },
    onRenderError: (page, err) => pagesLog.error(`${page} served prerendered: the render failed: ${message(err)}`),
    onCompressionError: (err) => pagesLog.warn(`a page is compressed per response: ${message(err)}`),
    serverPaths: [METRICS_PATH],
  })) {
    app.use(handler);
  }
  app.useGlobalFilters(new AllExceptionsFilter(env.DATABASE_RETRY_AFTER_SECONDS));
  app.useWebSocketAdapter(new RedisIoAdapter(app, env.REDIS_URL, env.QUEUE_PREFIX));
  return app;
}

/**
 * Generated image variants already in memory are answered on the bare http server, before Express
 * and its middleware (issue 20 "Speed": ≤ 5 ms p99), with what those would have added: the request
 * id, the security headers of an /api answer, and the request's duration in the metrics under the
 * controller's route. Anything else (a variant not cached yet, another path) goes on to Express,
 * where SiteImagesController reads Postgres and fills the cache.
 */
function answerCachedVariants(app: NestExpressApplication, env: Env): void {
  const files = app.get(SiteImageFiles);
  const metrics = app.get(HttpMetrics);
  const apiHeaders = apiSecurityHeaders(env);
  answerFirst(app.getHttpServer(), (req, res) => {
    const file = files.cachedVariant(req);
    if (!file) return false;
    const end = metrics.duration.startTimer();
    const status = writeVariant(req, res, file, { ...apiHeaders, 'X-Request-Id': requestIdFor(req.headers['x-request-id']) });
    end({ method: req.method, route: VARIANT_ROUTE, status_code: status });
    return true;
  });
}
