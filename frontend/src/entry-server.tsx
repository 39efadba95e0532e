/**
 * Prerender entry (built with `vite build --ssr`, run by scripts/prerender.mjs at build time).
 *
 * `renderPage(path)` renders one route with React Router's static data router inside the same
 * providers as the browser, extracts the Chakra/emotion CSS it used, and returns the markup, the
 * <head> tags (title, description, styles) and the router hydration script.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { PUBLIC_ROUTES } from './routes/public-routes';
import { LOCAL_BUSINESS_SCRIPT_ID, jsonLdText, localBusinessJsonLd } from './app/structured-data';
import { FALLBACK_PUBLIC_CONFIG } from './features/site-config/public-config';
import { APP_SHELL_META, NOT_FOUND_META, SITE_NAME, SITE_ORIGIN, canonicalUrl, metaOfHandle, type RouteMeta } from './routes/route-meta';
import { createRoutes } from './routes/routes';
import { PUBLIC_CLIENT_PATHS } from './routes/public-client-routes';
import { STAFF_PATHS } from './routes/staff-routes';

/** A page to write: `path` is rendered into `file` (relative to dist/). */
export interface PrerenderTarget {
  path: string;
  file: string;
}

/** Path rendered for dist/404.html: it matches no route, so the catch-all 404 route renders. */
const NOT_FOUND_RENDER_PATH = '/__prerender-404__';

/** Every page written at build time: each public route, then the 404 page. */
export const PRERENDER_TARGETS: PrerenderTarget[] = [
  ...PUBLIC_ROUTES.map((r) => ({ path: r.path, file: r.path === '/' ? 'index.html' : `${r.path.slice(1)}/index.html` })),
  { path: NOT_FOUND_RENDER_PATH, file: '404.html' },
];

/** Client-only paths (and everything below them), answered with app.html by the server. */
export const CLIENT_ONLY_PATHS: readonly string[] = [...STAFF_PATHS, ...PUBLIC_CLIENT_PATHS];

/** Meta of the client-only shell. */
export const APP_SHELL: RouteMeta = APP_SHELL_META;

/** Result of rendering one page. */
export interface RenderedPage {
  /** Markup of #root. */
  html: string;
  /** <title>, meta tags and <style> tags for <head>. */
  head: string;
  /** <script> with the router's hydration data, placed after #root. */
  dataScript: string;
  meta: RouteMeta;
}

/** Escapes text for HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Public origin of the site (canonical links, Open Graph, sitemap). */
export const ORIGIN = SITE_ORIGIN;

/** Paths of the indexable public pages (sitemap.xml). */
export const PUBLIC_PATHS: readonly string[] = PUBLIC_ROUTES.map((r) => r.path);

/**
 * <title>, description and robots tags for `meta`; for an indexable page (`path` given, not
 * noindex) also its canonical link, Open Graph and Twitter card tags and the JSON-LD
 * LocalBusiness of the company.
 */
export function headTags(meta: RouteMeta, path?: string): string {
  const indexable = path !== undefined && !meta.noindex;
  const url = indexable ? canonicalUrl(path) : '';
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    ...(indexable
      ? [
          `<link rel="canonical" href="${escapeHtml(url)}" />`,
          '<meta property="og:type" content="website" />',
          `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
          `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
          `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
          `<meta property="og:url" content="${escapeHtml(url)}" />`,
          '<meta property="og:locale" content="en_US" />',
          '<meta name="twitter:card" content="summary" />',
          `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
          `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
          `<script type="application/ld+json" id="${LOCAL_BUSINESS_SCRIPT_ID}">${jsonLdText(localBusinessJsonLd(FALLBACK_PUBLIC_CONFIG.company))}</script>`,
        ]
      : []),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** Renders the page at `path` (a path of the route tree, e.g. `/` or `/calculator`). */
export async function renderPage(path: string): Promise<RenderedPage> {
  const { query, dataRoutes } = createStaticHandler(createRoutes());
  const context = await query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`Route ${path} answered a redirect/response (${context.status}); cannot prerender it`);
  if (context.errors) throw new Error(`Route ${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(dataRoutes, context);

  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const queryClient = createQueryClient();

  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  queryClient.clear();

  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  const meta =
    [...context.matches]
      .reverse()
      .map((m) => metaOfHandle(m.route.handle))
      .find(Boolean) ?? APP_SHELL_META;

  // Same data StaticRouterProvider would inline; kept outside #root so hydration sees only the app.
  const hydrationData = JSON.stringify({ loaderData: context.loaderData, actionData: context.actionData, errors: null });
  const dataScript = `<script>window.__staticRouterHydrationData = JSON.parse(${JSON.stringify(hydrationData).replace(/</g, '\\u003c')});</script>`;

  const indexablePath = PUBLIC_PATHS.includes(path) ? path : undefined;
  return { html, head: `${headTags(meta, indexablePath)}\n    ${styles}`, dataScript, meta };
}
