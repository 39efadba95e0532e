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
 * Pages are served like static files: each distinct page (its HTML, public config and policy) is
 * compressed once, in gzip and Brotli, and kept in memory; a response splices its nonce into the
 * compressed bytes (compressed-page.ts) and carries a strong `ETag` per encoding, answered with
 * 304 on revalidation (without a Content-Security-Policy, so the browser keeps the policy stored
 * with the page it already has, whose nonce matches).
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
import { CompressedPage, NONCE_LENGTH } from './compressed-page.js';

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
  /** Called when a page could not be compressed ahead (it is then compressed per response). */
  onCompressionError?: (err: unknown) => void;
}

/** Whether the last segment of a URL path has a file extension (`/assets/a.js`, not `/calculator`): only such paths are files of the build. */
const hasExtension = (p: string) => /\.[^/]+$/.test(p);

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
  const page = withCspProfile(html, cspProfileOf(res));
  return nonce ? page.replaceAll(CSP_NONCE_PLACEHOLDER, nonce) : page;
}

/** The page with `<meta name="ironclad-csp" content="{profile}">` after `<head>` (as is without a profile). */
function withCspProfile(html: string, profile: string | undefined): string {
  return profile ? html.replace(/<head>/i, (head) => `${head}\n    <meta name="${CSP_PROFILE_META}" content="${profile}" />`) : html;
}

/** Distinct public configs kept per page (older ones are dropped: the config changed). */
const VARIANTS_PER_PAGE = 4;
/** Distinct page sources kept (server-rendered pages make a new source when their data changes). */
const MAX_PAGE_SOURCES = 64;

/**
 * The compressed pages of a build, by source HTML, then by policy profile and public config
 * (least recently used sources dropped past MAX_PAGE_SOURCES). A page that cannot be compressed
 * ahead is remembered as null and served with its nonce substituted per response.
 */
class CompressedPages {
  private readonly bySource = new Map<string, Map<string, CompressedPage | null>>();

  constructor(private readonly onError: (err: unknown) => void) {}

  /** The compressed form of `build()`'s page for this source, profile and config key. */
  get(source: string, variant: string, build: () => string): CompressedPage | null {
    let variants = this.bySource.get(source);
    if (variants) {
      this.bySource.delete(source); // most recently used last
      this.bySource.set(source, variants);
    } else {
      variants = new Map();
      this.bySource.set(source, variants);
      if (this.bySource.size > MAX_PAGE_SOURCES) this.bySource.delete(this.bySource.keys().next().value!);
    }
    if (variants.has(variant)) return variants.get(variant)!;
    let page: CompressedPage | null;
    try {
      page = CompressedPage.create(build(), CSP_NONCE_PLACEHOLDER, this.onError);
    } catch (err) {
      this.onError(err);
      page = null;
    }
    variants.set(variant, page);
    if (variants.size > VARIANTS_PER_PAGE) variants.delete(variants.keys().next().value!);
    return page;
  }
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
  /** Whether a built file exists, looked up once (a build does not change under a running server). */
  const existing = new Map<string, boolean>();
  const exists = (file: string): boolean => {
    let known = existing.get(file);
    if (known === undefined) {
      known = fs.existsSync(file);
      // every distinct path a client asks for would be remembered: only the build's own files are
      if (known || existing.size < 10_000) existing.set(file, known);
    }
    return known;
  };
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
  const compressed = new CompressedPages((err) => options.onCompressionError?.(err));
  /**
   * Answers `html` (the build's page or a render, before its public config) with `config` and
   * the response's nonce and policy: from its compressed form, or 304 when the client has it.
   */
  const answer = (req: express.Request, res: express.Response, status: number, html: string, config: PublicConfig | null) => {
    const nonce = cspNonceOf(res);
    const profile = cspProfileOf(res);
    const page =
      nonce?.length === NONCE_LENGTH
        ? compressed.get(html, `${profile ?? ''}\0${config ? JSON.stringify(config) : ''}`, () =>
            withCspProfile(withPublicConfig(html, config), profile),
          )
        : null;
    if (!page || !nonce) {
      res
        .status(status)
        .type('html')
        .send(withCspNonce(withPublicConfig(html, config), res));
      return;
    }
    const encoding = page.encodingFor((...encodings) => req.acceptsEncodings(...encodings));
    res.vary('Accept-Encoding');
    res.setHeader('ETag', page.etags[encoding]);
    if (status === 200 && req.fresh) {
      res.removeHeader('Content-Security-Policy');
      res.status(304).end();
      return;
    }
    const body = page.body(encoding, nonce);
    res.status(status).type('html');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const sendPage = (
    req: express.Request,
    res: express.Response,
    next: express.NextFunction,
    file: string,
    status = 200,
    known?: PublicConfig | null,
  ) => {
    Promise.resolve()
      .then(async () => {
        const html = readPage(file);
        const config = known !== undefined || !html.includes(PUBLIC_CONFIG_MARKER) ? (known ?? null) : await readConfig();
        answer(req, res, status, html, config);
      })
      .catch(next);
  };

  /**
   * A server-rendered page, or its prerendered `fallback` file when the render is not available:
   * the config is read first, so the render and the embedded config show the same data.
   */
  const sendRendered = (
    req: express.Request,
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
        if (html === null) return sendPage(req, res, next, fallback, 200, config);
        answer(req, res, 200, html, config);
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
    if (render) return sendRendered(req, res, next, clean, render, candidate);
    if (candidate.startsWith(root + path.sep) && exists(candidate)) return sendPage(req, res, next, candidate);
    const shell = path.join(root, 'app.html');
    if (isClientOnly(clean) && exists(shell)) return sendPage(req, res, next, shell);
    const notFound = path.join(root, '404.html');
    return sendPage(req, res, next, exists(notFound) ? notFound : path.join(root, 'index.html'), 404);
  };
  return [
    (req, res, next) =>
      req.path.startsWith('/api/') ||
      req.path.startsWith('/socket.io') ||
      req.path.endsWith('.html') ||
      isServerPath(req.path) ||
      !hasExtension(req.path)
        ? next()
        : statics(req, res, next),
    pages,
  ];
}
