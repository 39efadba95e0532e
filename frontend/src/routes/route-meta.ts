/**
 * Route types and document metadata helpers. The meta of each page (title, description, robots)
 * is in page-meta.ts; the prerenderer writes it into each page's <head> and `<DocumentMeta />`
 * applies it on client-side navigation.
 */
import type { ComponentType } from 'react';
import type { RouteModule } from './lazy-route';

export interface RouteMeta {
  title: string;
  description: string;
  /** Keep the page out of search indexes (staff pages, 404). */
  noindex?: boolean;
}

/** A page of the route table (`src/routes/route-table.ts`). */
export interface PageRoute {
  /** Path pattern of React Router (`/`, `/admin`, `/unsubscribe/:token`, `*`); its meta is in page-meta.ts. */
  path: string;
  /**
   * Loads the page's own chunk: `() => import('../pages/site/x-page').then((m) => ({ Component: m.XPage }))`.
   * The prerenderer loads it before rendering, the browser before hydrating (entry-client.tsx).
   */
  lazy?: () => Promise<RouteModule>;
  /** The page component, bundled into the entry chunk (only for pages every visitor may need at once). */
  Component?: ComponentType;
  /**
   * The page loads Stripe.js: the api serves it with the payment Content-Security-Policy (Stripe's
   * hosts allowed), and a client-side navigation to it from a page served with the standard policy
   * loads it as a new document instead (app/csp-document.ts).
   */
  payment?: boolean;
}

/** The `handle` React Router keeps on each route object of the table. */
export interface RouteHandle {
  /** Loads the route's chunk ahead of rendering (absent for pages bundled in the entry). */
  preload?: () => Promise<void>;
}

/** Id of the <script type="application/ld+json"> with the company's LocalBusiness (app/structured-data.ts). */
export { LOCAL_BUSINESS_SCRIPT_ID } from '@ironclad/contracts';

/** The company name used in page titles (the same as the seeded company facts). */
export const SITE_NAME = 'Ironclad Security Systems';

/**
 * Public origin of the site, for canonical links, Open Graph URLs and the sitemap. Set
 * `VITE_SITE_ORIGIN` when building for another domain (no trailing slash).
 */
export const SITE_ORIGIN: string =
  (import.meta.env.VITE_SITE_ORIGIN as string | undefined)?.replace(/\/+$/, '') || 'https://www.ironcladsecurity.example';

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
