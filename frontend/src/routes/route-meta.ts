/**
 * Per-route document metadata (title, meta description). The prerenderer writes it into each
 * page's <head>; in the browser `<DocumentMeta />` keeps `document.title` and the description
 * in sync on client-side navigation. Routes declare it as `handle: { meta }`.
 */
export interface RouteMeta {
  title: string;
  description: string;
  /** Keep the page out of search indexes (staff pages, 404). */
  noindex?: boolean;
}

/** The `handle` of the app's routes. */
export interface RouteHandle {
  meta: RouteMeta;
}

/** The company name used in page titles (the same as the seeded company facts). */
export const SITE_NAME = 'Ironclad Security Systems';

/**
 * Public origin of the site, for canonical links, Open Graph URLs and the sitemap. Set
 * `VITE_SITE_ORIGIN` when building for another domain (no trailing slash).
 */
export const SITE_ORIGIN: string = (import.meta.env.VITE_SITE_ORIGIN as string | undefined)?.replace(/\/+$/, '') || 'https://www.ironcladsecurity.example';

/** Absolute canonical URL of a path (`/` → origin + `/`). */
export function canonicalUrl(path: string): string {
  return `${SITE_ORIGIN}${path === '/' ? '/' : path.replace(/\/+$/, '')}`;
}

/** Meta of the 404 page (also written to dist/404.html). */
export const NOT_FOUND_META: RouteMeta = {
  title: `404 Page Not Found | ${SITE_NAME}`,
  description: 'The page you are looking for does not exist.',
  noindex: true,
};

/** Meta of the client-only shell (dist/app.html) before the route's own meta is applied. */
export const APP_SHELL_META: RouteMeta = {
  title: SITE_NAME,
  description: `${SITE_NAME}: security systems for homes and businesses.`,
  noindex: true,
};

/** Reads the meta of a route handle, if it has one. */
export function metaOfHandle(handle: unknown): RouteMeta | undefined {
  if (typeof handle === 'object' && handle !== null && 'meta' in handle) return (handle as RouteHandle).meta;
  return undefined;
}
