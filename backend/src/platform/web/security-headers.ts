/**
 * The security headers of every response (README "Security headers and CSP"): helmet's defaults,
 * a strict nonce-based Content-Security-Policy on everything outside /api and /socket.io, the
 * Reporting API endpoint, a Permissions-Policy, and HSTS only when PUBLIC_URL is https.
 *
 * Three policies, chosen by path: `payment` for the pages that load Stripe.js (from the build's
 * route manifest, serve-frontend.ts `paymentRoutes`), `job-dashboard` for the job dashboard
 * (Bull Board, under `jobDashboardPath`), `standard` for every other page. `payment` differs from
 * `standard` only by Stripe's hosts, which are derived from STRIPE_API_BASE_URL (so tests run
 * against the fake Stripe API under the same policy) and Stripe's documented Stripe.js hosts.
 */
import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { CspProfile } from '@ironclad/contracts';
import type { Env } from '../config/env.js';

/** Path of the CSP report endpoint (csp-report.controller.ts), named by `report-uri` and `Reporting-Endpoints`. */
export const CSP_REPORT_PATH = '/api/csp-report';

/** Name of the Reporting API endpoint (`report-to`). */
export const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * Origin Stripe.js is loaded from: `@stripe/stripe-js` always injects `https://js.stripe.com/...`
 * (Stripe requires it be loaded from there, never bundled), so this is not configurable.
 */
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

/** HSTS lifetime sent under an https PUBLIC_URL: one year, in seconds. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

type Directives = Record<string, string[]>;

/** The per-response nonce set by {@link securityHeaders}, for the page's `nonce` attributes. */
export function cspNonceOf(res: Response | ServerResponse): string | undefined {
  return (res as Response).locals?.cspNonce as string | undefined;
}

/** The policy {@link securityHeaders} chose for this response (undefined under /api and /socket.io). */
export function cspProfileOf(res: Response): CspProfile | undefined {
  return res.locals?.cspProfile as CspProfile | undefined;
}

/** The ws(s) origin of an http(s) origin (Socket.IO's websocket transport). */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The CSP directives of a profile, with `nonce` as the script nonce (a value or a placeholder).
 * - scripts: only those carrying the response's nonce, and what they load (`'strict-dynamic'`:
 *   the lazy chunks, Stripe.js injected by `@stripe/stripe-js`);
 * - styles: `'self' 'unsafe-inline'`, because Chakra/emotion insert `<style>` elements at run time
 *   (a style nonce would switch `'unsafe-inline'` off); scripts are what the policy is about;
 * - connections: this origin (and PUBLIC_URL's, for a proxy that rewrites the host) with its
 *   websocket for Socket.IO, plus Stripe's API on payment pages;
 * - workers: `'self'` only: the ALTCHA proof-of-work worker is a bundled asset
 *   (`altcha/workers/pbkdf2?worker` with `altcha/external`; the package's default build would
 *   start it from a `blob:` URL instead);
 * - no plugins, no `<base>`, no framing by anyone, forms post to this origin only.
 *
 * The `job-dashboard` policy is Bull Board's published page as it is: its scripts are files of
 * this origin with no nonce attribute (its template has no place for one) and no inline code, so
 * scripts are `'self'` there, and only there; its page sets `<base href>` to its own path
 * (`base-uri 'self'`) and loads the IBM Plex fonts from Google Fonts (their stylesheet and font
 * hosts). Everything else is as strict as `standard`.
 */
export function cspDirectives(env: Pick<Env, 'PUBLIC_URL' | 'STRIPE_API_BASE_URL'>, profile: CspProfile, nonce: string): Directives {
  if (profile === 'job-dashboard') return jobDashboardDirectives(env);
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const payment = profile === 'payment';
  const stripeApi = new URL(env.STRIPE_API_BASE_URL).origin;
  const stripeJs = [STRIPE_JS_ORIGIN, 'https://*.js.stripe.com'];
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", ...(payment ? stripeJs : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(payment ? ['https://*.stripe.com'] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", publicOrigin, socketOrigin(publicOrigin), ...(payment ? [stripeApi] : [])],
    'frame-src': payment ? ["'self'", ...stripeJs, 'https://hooks.stripe.com'] : ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    'report-to': [CSP_REPORT_GROUP],
  };
  if (new URL(env.PUBLIC_URL).protocol === 'https:') directives['upgrade-insecure-requests'] = [];
  for (const key of ['connect-src', 'img-src', 'frame-src', 'script-src']) directives[key] = [...new Set(directives[key])];
  return directives;
}

/** Google Fonts' stylesheet and font hosts, which Bull Board's page links to. */
export const GOOGLE_FONTS_ORIGINS = { styles: 'https://fonts.googleapis.com', fonts: 'https://fonts.gstatic.com' } as const;

/** The `job-dashboard` policy (see {@link cspDirectives}). */
function jobDashboardDirectives(env: Pick<Env, 'PUBLIC_URL'>): Directives {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'", GOOGLE_FONTS_ORIGINS.styles],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:', GOOGLE_FONTS_ORIGINS.fonts],
    'connect-src': [...new Set(["'self'", publicOrigin])],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    'report-to': [CSP_REPORT_GROUP],
  };
  if (new URL(env.PUBLIC_URL).protocol === 'https:') directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** A directives map as a header value. */
export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * The Permissions-Policy of a profile: no camera, microphone, geolocation or USB for anyone;
 * the Payment Request API only on payment pages, for this origin and Stripe.js's frames.
 */
export function permissionsPolicy(profile: CspProfile): string {
  const payment = profile === 'payment' ? `payment=(self "${STRIPE_JS_ORIGIN}")` : 'payment=()';
  return ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()', payment].join(', ');
}

/** Whether a request path is served by the api itself rather than the front end. */
const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/') || p.startsWith('/socket.io');

/** Whether `p` is `base` or a path under it. */
const isUnder = (p: string, base: string) => p === base || p.startsWith(`${base}/`);

/** Helmet's headers of every response (no CSP here: {@link securityHeaders} adds it to pages). */
const baseHeaders = (https: boolean) =>
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  });

/**
 * The security headers {@link securityHeaders} gives an answer under /api (helmet's, no CSP), as
 * name → value, for an answer written before Express (create-api.ts `answerCachedVariants`). Read
 * once off a response that the same helmet handler has run on, so the two can never differ.
 */
export function apiSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  baseHeaders(new URL(env.PUBLIC_URL).protocol === 'https:')(req, res, () => undefined);
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * The security headers, as Express handlers to mount first:
 * 1. outside /api and /socket.io, a fresh 128-bit nonce per response (`res.locals.cspNonce`) and the profile of the path
 *    (`res.locals.cspProfile`: `job-dashboard` under `jobDashboardPath`, `payment` for a path of
 *    `paymentPaths`, else `standard`);
 * 2. helmet: its defaults (nosniff, COOP, CORP, Referrer-Policy no-referrer, …), X-Frame-Options
 *    DENY, no COEP (Stripe's frames do not send CORP), HSTS (max-age one year) only when
 *    PUBLIC_URL is https;
 * 3. outside /api and /socket.io: the profile's Content-Security-Policy, `Reporting-Endpoints`
 *    and Permissions-Policy.
 */
export function securityHeaders(
  env: Pick<Env, 'PUBLIC_URL' | 'STRIPE_API_BASE_URL'>,
  options: { paymentPaths: readonly string[]; jobDashboardPath?: string },
): RequestHandler[] {
  const https = new URL(env.PUBLIC_URL).protocol === 'https:';
  // `/x/*` names every path under /x/ (a page with a parameter, e.g. /quotes/{token}); others are exact
  const paymentPrefixes = options.paymentPaths.filter((p) => p.endsWith('/*')).map((p) => p.slice(0, -1));
  const paymentPaths = new Set(options.paymentPaths.filter((p) => !p.endsWith('/*')).map((p) => p.replace(/\/+$/, '') || '/'));
  const nonceDirective = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonceOf(res) ?? ''}'`;
  const cspFor = (profile: CspProfile) => {
    const directives: Record<string, Array<string | typeof nonceDirective>> = cspDirectives(env, profile, 'NONCE');
    directives['script-src'] = directives['script-src']!.map((v) => (v === `'nonce-NONCE'` ? nonceDirective : v));
    return helmet.contentSecurityPolicy({ useDefaults: false, directives });
  };
  const csp: Record<CspProfile, RequestHandler> = {
    standard: cspFor('standard'),
    payment: cspFor('payment'),
    'job-dashboard': cspFor('job-dashboard'),
  };
  const permissions: Record<CspProfile, string> = {
    standard: permissionsPolicy('standard'),
    payment: permissionsPolicy('payment'),
    'job-dashboard': permissionsPolicy('job-dashboard'),
  };
  const { jobDashboardPath } = options;
  const profileOf = (p: string): CspProfile => {
    if (jobDashboardPath && isUnder(p, jobDashboardPath)) return 'job-dashboard';
    if (paymentPrefixes.some((prefix) => p.startsWith(prefix) && p.length > prefix.length)) return 'payment';
    return paymentPaths.has(p.replace(/\/+$/, '') || '/') ? 'payment' : 'standard';
  };
  const base = baseHeaders(https);
  return [
    (req, res, next) => {
      // API answers carry no policy, so they need no nonce
      if (!isApiPath(req.path)) {
        res.locals.cspNonce = randomBytes(16).toString('base64');
        res.locals.cspProfile = profileOf(req.path);
      }
      next();
    },
    base,
    (req, res, next) => {
      const profile = cspProfileOf(res);
      if (!profile) return next();
      res.setHeader('Reporting-Endpoints', `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
      res.setHeader('Permissions-Policy', permissions[profile]);
      return csp[profile](req, res, next);
    },
  ];
}
