/**
 * Serves the built front end (frontend/dist) from the api's port in production
 * (frontend/README.md):
 *  - files that exist are served as they are (hashed /assets/* cached for a year);
 *  - a public route is served from its prerendered `<route>/index.html`;
 *  - client-only routes (the staff pages and the visitor's unsubscribe page, listed by the build
 *    in `route-manifest.json` → `clientOnly`) get the client-only shell `app.html`;
 *  - anything else gets `404.html` with status 404.
 *  - a page rendered per request with current data (`serverRendered`, e.g. /case-studies:
 *    server-rendering.ts) is served as rendered, or from its prerendered file when the
 *    render is not available or fails.
 * Every page gets the current public config embedded where the build left PUBLIC_CONFIG_MARKER
 * (contracts), so the browser needs no request for it, and its JSON-LD `LocalBusiness` rebuilt
 * from the current company facts (decisions.md §6: crawlers see what staff set); when the config
 * cannot be read in time the page is served as built and the browser asks GET /api/public-config.
 * Every page also gets this response's CSP nonce (security-headers.ts) in place of the build's
 * CSP_NONCE_PLACEHOLDER, and `<meta name="ironclad-csp">` naming the policy it was served with.
 * The built HTML files are never served as static files (their nonce would be the placeholder).
 * /api, /socket.io and the paths listed in `serverPaths` (e.g. /metrics) are never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import {
  CSP_NONCE_PLACEHOLDER,
  CSP_PROFILE_META,
  PUBLIC_CONFIG_MARKER,
  PUBLIC_CONFIG_SCRIPT_ID,
  publicConfigScriptText,
  withLocalBusinessJsonLd,
  type PublicConfig,
} from '@ironclad/contracts';
import { withTimeout } from '../lifecycle/with-timeout.js';
import { cspNonceOf, cspProfileOf } from './security-headers.js';

/** How long a page waits for the public config before it is served without it (ms). */
export const PUBLIC_CONFIG_TIMEOUT_MS = 1000;

/** Options of {@link frontendHandlers}. */
export interface FrontendOptions {
  /** Reads the current public config (PublicConfigService.get); none: pages are served as built. */
  publicConfig?: () => Promise<PublicConfig>;
  /** Called when the public config could not be embedded (the page is served without it). */
  onPublicConfigError?: (err: unknown) => void;
  /** How long a page waits for the public config (ms; default {@link PUBLIC_CONFIG_TIMEOUT_MS}). */
  publicConfigTimeoutMs?: number;
  /**
   * Pages rendered per request, by path, given the public config embedded in the same answer
   * (null when it could not be read): the document, or null to serve the prerendered page.
   * A rejection also falls back to the prerendered page (reported to `onRenderError`).
   */
  serverRendered?: Record<string, (config: PublicConfig | null) => Promise<string | null>>;
  /** Called when a server-rendered page failed (the prerendered page is served instead). */
  onRenderError?: (path: string, err: unknown) => void;
  /** Paths the api answers itself outside /api (e.g. `/metrics`): left to the routes, with what is below them. */
  serverPaths?: string[];
}

/** Staff routes rendered only in the browser (staff-side.md §2); used when the build wrote no manifest. */
export const STAFF_ROUTES = ['/admin', '/communications', '/generate-images', '/test-communication'];

/**
 * The pages of a build that show generated site images (`siteImages` of
 * `<distDir>/route-manifest.json`): the api renders them with the active images. None without a
 * manifest (an older build keeps its built-in illustrations in the HTML).
 */
export function siteImagePages(distDir: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'route-manifest.json'), 'utf8')) as { siteImages?: unknown };
    if (Array.isArray(manifest.siteImages) && manifest.siteImages.every((r) => typeof r === 'string')) return manifest.siteImages;
  } catch {
    // no manifest
  }
  return [];
}

/** Pages that load Stripe.js; used when the build wrote no manifest. */
export const PAYMENT_ROUTES = ['/shopping', '/consultation-payment'];

/**
 * The pages of a build that load Stripe.js and get the `payment` CSP: `payment` of
 * `<distDir>/route-manifest.json` (written by frontend/scripts/prerender.mjs from the routes
 * marked `payment`), else {@link PAYMENT_ROUTES}.
 */
export function paymentRoutes(distDir: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'route-manifest.json'), 'utf8')) as { payment?: unknown };
    if (Array.isArray(manifest.payment) && manifest.payment.every((r) => typeof r === 'string')) return manifest.payment;
  } catch {
    // no manifest (an older build)
  }
  return PAYMENT_ROUTES;
}

/**
 * The page as sent in `res`: the build's nonce placeholder replaced by the response's nonce, and
 * `<meta name="ironclad-csp" content="standard|payment">` after `<head>` (nothing when no
 * security headers ran, e.g. a test without them).
 */
export function withCspNonce(html: string, res: express.Response): string {
  const nonce = cspNonceOf(res);
  const profile = cspProfileOf(res);
  let page = nonce ? html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce) : html;
  if (profile) page = page.replace(/<head>/i, (head) => `${head}\n    <meta name="${CSP_PROFILE_META}" content="${profile}" />`);
  return page;
}

/**
 * The client-only route prefixes of a build: `clientOnly` of `<distDir>/route-manifest.json`
 * (written by frontend/scripts/prerender.mjs from the router), else {@link STAFF_ROUTES}.
 */
export function clientOnlyRoutes(distDir: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'route-manifest.json'), 'utf8')) as { clientOnly?: unknown };
    if (Array.isArray(manifest.clientOnly) && manifest.clientOnly.every((r) => typeof r === 'string')) return manifest.clientOnly;
  } catch {
    // no manifest (an older build): fall back to the staff routes
  }
  return STAFF_ROUTES;
}

/** Express handlers serving `distDir`, or an empty list when it has not been built. */
export function frontendHandlers(distDir: string, options: FrontendOptions = {}): RequestHandler[] {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return [];
  const root = path.resolve(distDir);
  const clientOnly = clientOnlyRoutes(root);
  const isClientOnly = (p: string) => clientOnly.some((r) => p === r || p.startsWith(`${r}/`));
  const statics = express.static(root, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      if (file.startsWith(path.join(root, 'assets') + path.sep)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    },
  });
  /** The built pages' HTML, read once (a build does not change under a running server). */
  const htmlCache = new Map<string, string>();
  const readPage = (file: string): string => {
    let html = htmlCache.get(file);
    if (html === undefined) {
      html = fs.readFileSync(file, 'utf8');
      htmlCache.set(file, html);
    }
    return html;
  };
  /** The current public config, or null when it cannot be read in time (reported). */
  const readConfig = async (): Promise<PublicConfig | null> => {
    if (!options.publicConfig) return null;
    try {
      return await withTimeout(options.publicConfig(), options.publicConfigTimeoutMs ?? PUBLIC_CONFIG_TIMEOUT_MS, 'public config');
    } catch (err) {
      options.onPublicConfigError?.(err);
      return null;
    }
  };
  /**
   * The page with `config` where the build left the marker, and its JSON-LD `LocalBusiness`
   * rebuilt from the current company facts (the build wrote the built-in ones).
   */
  const withPublicConfig = (html: string, config: PublicConfig | null): string => {
    if (!options.publicConfig || !html.includes(PUBLIC_CONFIG_MARKER)) return html;
    if (!config) return html.replace(PUBLIC_CONFIG_MARKER, '');
    const script = `<script type="application/json" id="${PUBLIC_CONFIG_SCRIPT_ID}">${publicConfigScriptText(config)}</script>`;
    return withLocalBusinessJsonLd(html, config.company).replace(PUBLIC_CONFIG_MARKER, () => script);
  };
  const sendPage = (res: express.Response, next: express.NextFunction, file: string, status = 200, known?: PublicConfig | null) => {
    Promise.resolve()
      .then(async () => {
        const html = readPage(file);
        return withPublicConfig(html, known !== undefined || !html.includes(PUBLIC_CONFIG_MARKER) ? (known ?? null) : await readConfig());
      })
      .then((html) => res.status(status).type('html').send(withCspNonce(html, res)), next);
  };

  /**
   * A server-rendered page, or its prerendered `fallback` file when the render is not available:
   * the config is read first, so the render and the embedded config show the same data.
   */
  const sendRendered = (
    res: express.Response,
    next: express.NextFunction,
    page: string,
    render: (config: PublicConfig | null) => Promise<string | null>,
    fallback: string,
  ) => {
    readConfig()
      .then(async (config) => {
        const html = await render(config).catch((err: unknown) => {
          options.onRenderError?.(page, err);
          return null;
        });
        if (html === null) return sendPage(res, next, fallback, 200, config);
        res
          .status(200)
          .type('html')
          .send(withCspNonce(withPublicConfig(html, config), res));
      })
      .catch(next);
  };

  const serverPaths = options.serverPaths ?? [];
  const isServerPath = (p: string) => serverPaths.some((s) => p === s || p.startsWith(`${s}/`));
  const pages: RequestHandler = (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.path.startsWith('/api/') ||
      req.path === '/api' ||
      req.path.startsWith('/socket.io') ||
      isServerPath(req.path)
    )
      return next();
    const clean = path.posix.normalize(decodeURIComponent(req.path)).replace(/\/+$/, '') || '/';
    const candidate = path.join(root, clean, 'index.html');
    res.setHeader('Cache-Control', 'no-cache');
    const render = options.serverRendered?.[clean];
    if (render) return sendRendered(res, next, clean, render, candidate);
    if (candidate.startsWith(root + path.sep) && fs.existsSync(candidate)) return sendPage(res, next, candidate);
    const shell = path.join(root, 'app.html');
    if (isClientOnly(clean) && fs.existsSync(shell)) return sendPage(res, next, shell);
    const notFound = path.join(root, '404.html');
    return sendPage(res, next, fs.existsSync(notFound) ? notFound : path.join(root, 'index.html'), 404);
  };
  return [
    (req, res, next) =>
      req.path.startsWith('/api/') || req.path.startsWith('/socket.io') || req.path.endsWith('.html') || isServerPath(req.path)
        ? next()
        : statics(req, res, next),
    pages,
  ];
}
