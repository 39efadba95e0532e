/**
 * Prerender entry (built with `vite build --ssr`, run by scripts/prerender.mjs at build time).
 *
 * `renderPage(path)` renders one route with React Router's `<StaticRouter>` inside the same
 * providers as the browser, extracts the Chakra/emotion CSS it used, and returns the markup and
 * the <head> tags (title, description, styles).
 */
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { readFile } from 'node:fs/promises';
import { SITE_IMAGES_SCRIPT_ID, type CaseStudy } from '@ironclad/contracts';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createEmotionCache } from './app/emotion-cache';
import { ServerQueryClientProvider } from './app/query-provider';
import { createQueryClient } from './app/query-client';
import { QUERY_STATE_SCRIPT_ID } from './app/server-data';
import { caseStudyKeys } from './features/case-studies/api/keys';
import { preloadDeferredSections } from './components/site/deferred-section';
import { PUBLIC_ROUTES } from './routes/public-routes';
import { jsonLdText, localBusinessJsonLd } from './app/structured-data';
import {
  OG_IMAGE_SIZE,
  PAGE_JSON_LD_SCRIPT_ID,
  ogIllustrationOf,
  ogImageFile,
  ogImageUrl,
  pageJsonLd,
  pageNameOf,
} from './app/page-structured-data';
import { FALLBACK_PUBLIC_CONFIG } from './features/site-config/public-config';
import { withRenderedSiteImages, type SiteImages } from './features/site-config/generated-image';
import {
  APP_SHELL_META,
  LOCAL_BUSINESS_SCRIPT_ID,
  SITE_NAME,
  SITE_ORIGIN,
  canonicalUrl,
  type PageRoute,
  type RouteMeta,
} from './routes/route-meta';
import { AppRoutes, preloadRoute } from './routes/routes';
import { pageMetaOf } from './routes/page-meta';
import { PUBLIC_CLIENT_PATHS, PUBLIC_CLIENT_ROUTES } from './routes/public-client-routes';
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

export { PUBLIC_CONFIG_MARKER, CSP_NONCE_PLACEHOLDER } from '@ironclad/contracts';

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
  meta: RouteMeta;
}

/** Escapes text for HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * The Open Graph card of every indexable public page, for the prerenderer to draw: the file under
 * dist/, the page's name and its illustration (a file under public/).
 */
export const OG_PAGES: readonly { path: string; file: string; name: string; illustration: string }[] = PUBLIC_ROUTES.map((r) => r.path)
  .filter((p) => !pageMetaOf(p).noindex)
  .map((p) => ({ path: p, file: ogImageFile(p), name: pageNameOf(pageMetaOf(p)), illustration: ogIllustrationOf(p) }));

/** The site's name, for the Open Graph cards. */
export const SITE_NAME_TEXT = SITE_NAME;

/** Public origin of the site (canonical links, Open Graph, sitemap). */
export const ORIGIN = SITE_ORIGIN;

/** Paths of the prerendered public pages. */
export const PUBLIC_PATHS: readonly string[] = PUBLIC_ROUTES.map((r) => r.path);

/** Pages that load Stripe.js (`payment: true`): the api serves them with the payment CSP (route-manifest.json `payment`). */
export const PAYMENT_PATHS: readonly string[] = [
  ...PUBLIC_ROUTES.filter((r: PageRoute) => r.payment === true).map((r) => r.path),
  // a client-only page with a parameter (/quotes/:token) is every path under its prefix: `/quotes/*`
  ...PUBLIC_CLIENT_ROUTES.filter((r) => r.payment === true).map((r) => r.path.replace(/\/:.*$/, '/*')),
];

/**
 * Paths listed in sitemap.xml: the public pages search engines may index. The payment status
 * pages are prerendered but carry `noindex` (routes/page-meta.ts); a sitemap listing them would
 * contradict their robots tag.
 */
export const SITEMAP_PATHS: readonly string[] = PUBLIC_PATHS.filter((p) => !pageMetaOf(p).noindex);

/**
 * <title>, description and robots tags for `meta`; for an indexable page (`path` given, not
 * noindex) also its canonical link, Open Graph and Twitter card tags (with the page's card image,
 * OG_PAGES), the JSON-LD LocalBusiness of the company and the page's own JSON-LD (breadcrumbs,
 * Service).
 */
export function headTags(meta: RouteMeta, path?: string): string {
  const indexable = path !== undefined && !meta.noindex;
  const url = indexable ? canonicalUrl(path) : '';
  const pageLd = indexable ? pageJsonLd(path, meta) : null;
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
          `<meta property="og:image" content="${escapeHtml(ogImageUrl(path))}" />`,
          `<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}" />`,
          `<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(pageNameOf(meta))}" />`,
          '<meta name="twitter:card" content="summary_large_image" />',
          `<meta name="twitter:image" content="${escapeHtml(ogImageUrl(path))}" />`,
          `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
          `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
          `<script type="application/ld+json" id="${LOCAL_BUSINESS_SCRIPT_ID}">${jsonLdText(localBusinessJsonLd(FALLBACK_PUBLIC_CONFIG.company))}</script>`,
          pageLd ? `<script type="application/ld+json" id="${PAGE_JSON_LD_SCRIPT_ID}">${jsonLdText(pageLd)}</script>` : '',
        ]
      : []),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** Data a page is rendered with: the query it answers and its data (what the queryFn returns). */
export interface PageQueryData {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * Marks emotion's server-rendered <style> tags so that the browser keeps them where they are (see
 * app/emotion-cache.ts). Emotion's browser cache moves each tag it finds to the end of <head> as it
 * starts (it expects them in <body>), twice here (its default cache and ours); each move makes the
 * browser parse that CSS again and recalculate the style of every element. The components' styles
 * are listed as `data-emotion-server` instead, which only our cache reads (to know which rules
 * exist); the global styles keep `data-emotion`, which Chakra's <Global> needs to take them over,
 * with `data-s`, which tells the caches not to move them.
 */
export function serverStyleTags(tags: string): string {
  const marked = tags
    .replaceAll('<style data-emotion="css ', '<style data-emotion-server="css ')
    .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  // Cascade layers rank in the order the document first names them. <Global> moves its tags
  // (the one with Chakra's `@layer reset,base,tokens,recipes;` among them) when it starts in the
  // browser; after the components' tag, `recipes` would be named first and rank lowest, and the
  // page would change its look (and shift) as it hydrates. A tag of its own, first, fixes the order.
  const layerOrder = /@layer [\w-]+(?:,\s*[\w-]+)+;/.exec(tags)?.[0];
  if (!layerOrder) return marked;
  // ...and it must be the only one. While two style sheets of the document each hold a layer
  // statement, Chromium (156) treats every later change to the list of style sheets (a <link>
  // added to <head>, such as entry-client.tsx's modulepreloads, or <Global> moving its tags) as
  // a change of fonts: it recalculates the style of every element and lays the whole page out
  // again, 25-40 ms each time on a desktop, twice during start-up. Chakra's tag keeps its
  // data-emotion name, empty, so that <Global> still takes it over instead of inserting the rule.
  return `<style data-layer-order="">${layerOrder}</style>${marked.replaceAll(`>${layerOrder}</style>`, '></style>')}`;
}

/**
 * Renders the page at `path` (a path of the route tree, e.g. `/` or `/calculator`). With
 * `queryData`, the page's queries have that data (the api rendering a page per request) and
 * `queryState` is TanStack Query's dehydrated state, for the browser to start from. With
 * `siteImages`, the heroes and sections show those generated images instead of their built-in
 * illustrations.
 */
export async function renderPage(
  path: string,
  { queryData = [], siteImages = {} }: { queryData?: readonly PageQueryData[]; siteImages?: SiteImages } = {},
): Promise<RenderedPage & { queryState: string | null }> {
  await preloadRoute(path);
  // Prerendered pages hold every section in full, deferred ones included.
  await preloadDeferredSections();
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queryData) queryClient.setQueryData(queryKey, data);

  const html = withRenderedSiteImages(siteImages, () =>
    renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <ServerQueryClientProvider client={queryClient}>
            <AppProviders>
              <StaticRouter location={path}>
                <AppRoutes />
              </StaticRouter>
            </AppProviders>
          </ServerQueryClientProvider>
        </CacheProvider>
      </StrictMode>,
    ),
  );

  const styles = serverStyleTags(constructStyleTagsFromChunks(extractCriticalToChunks(html)));
  // React writes the preloads it hoists (the hero image: `<img fetchPriority="high">`) at the start
  // of the markup; in <head>, before the styles and the scripts, the browser finds them at once.
  let hoisted = '';
  const markup = html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, (links) => {
    hoisted = links;
    return '';
  });
  const meta = pageMetaOf(path);
  const indexablePath = PUBLIC_PATHS.includes(path) ? path : undefined;
  const queryState = queryData.length > 0 ? JSON.stringify(dehydrate(queryClient)) : null;
  queryClient.clear();
  return { html: markup, head: `${hoisted ? `${hoisted}\n    ` : ''}${headTags(meta, indexablePath)}\n    ${styles}`, meta, queryState };
}

/**
 * Pages the api renders per request with current data (/case-studies: the published case
 * studies), from a template the prerenderer writes to `dist-ssr/templates/` (the page's document
 * with {@link SSR_HEAD}, {@link SSR_HTML} and {@link SSR_DATA} where the render goes). Their
 * prerendered page stays the fallback.
 */
export const SERVER_RENDERED_PAGES = [{ path: '/case-studies', template: 'case-studies.html' }] as const;

/**
 * The pages that show generated site images (a hero or a section with an image key, or the
 * /shopping background): while any image is active the api renders them per request with the
 * active images (renderSiteImagesDocument), from their templates; the prerendered page (built-in
 * illustrations) is served while none is.
 */
export const SITE_IMAGE_PAGES = [
  '/',
  '/residential-security',
  '/business-security',
  '/security-cameras',
  '/smart-home-automation',
  '/building-video-intercom',
  '/security-monitoring',
  '/compare-services',
  '/shopping',
].map((path) => ({ path, template: `images-${path === '/' ? 'home' : path.slice(1)}.html` }));
export const SSR_HEAD = '<!--ssr-head-->';
export const SSR_HTML = '<!--ssr-html-->';
export const SSR_DATA = '<!--ssr-data-->';

/**
 * The /case-studies document with `caseStudies` (the published ones, as GET /api/case-studies
 * lists them) rendered in and their query state embedded: called by the api per request
 * (backend/src/platform/web/server-rendering.ts). Rejects when the template is missing.
 */
export async function renderCaseStudiesDocument(caseStudies: readonly CaseStudy[]): Promise<string> {
  const page = await renderPage('/case-studies', { queryData: [{ queryKey: caseStudyKeys.all, data: caseStudies }] });
  const template = await readFile(new URL(`./templates/${SERVER_RENDERED_PAGES[0].template}`, import.meta.url), 'utf8');
  const stateScript = `<script type="application/json" id="${QUERY_STATE_SCRIPT_ID}">${(page.queryState ?? '{}').replace(/</g, '\\u003c')}</script>`;
  return template
    .replace(SSR_HEAD, () => page.head)
    .replace(SSR_HTML, () => page.html)
    .replace(SSR_DATA, () => stateScript);
}

/** Templates read once per process. */
const templates = new Map<string, Promise<string>>();
const readTemplate = (name: string) => {
  let t = templates.get(name);
  if (!t) {
    t = readFile(new URL(`./templates/${name}`, import.meta.url), 'utf8');
    t.catch(() => templates.delete(name));
    templates.set(name, t);
  }
  return t;
};

/**
 * The document of a page of SITE_IMAGE_PAGES with `siteImages` (the active generated images, as
 * the public config lists them) rendered in, and listed in `<script id="site-images">` for the
 * browser to hydrate the same images: called by the api per distinct set of images
 * (backend/src/platform/web/server-rendering.ts). Rejects for another path or a missing template.
 */
export async function renderSiteImagesDocument(path: string, siteImages: SiteImages): Promise<string> {
  const target = SITE_IMAGE_PAGES.find((p) => p.path === path);
  if (!target) throw new Error(`${path} shows no site image`);
  const [page, template] = await Promise.all([renderPage(path, { siteImages }), readTemplate(target.template)]);
  const imagesScript = `<script type="application/json" id="${SITE_IMAGES_SCRIPT_ID}">${JSON.stringify(siteImages).replace(/</g, '\\u003c')}</script>`;
  return template
    .replace(SSR_HEAD, () => page.head)
    .replace(SSR_HTML, () => page.html)
    .replace(SSR_DATA, () => imagesScript);
}
