/**
 * What a public page tells search engines and link previews beyond its title and description:
 * its Open Graph image (a 1200×630 PNG card the prerenderer draws from the page's title and hero
 * illustration, `/og/{slug}.png`) and its own JSON-LD by page type: a BreadcrumbList on every page
 * below the home page and a Service on each service page (the LocalBusiness, with its
 * AggregateRating, is on every page: contracts structured-data.ts).
 */
import { SITE_NAME, SITE_ORIGIN, canonicalUrl, type RouteMeta } from '../routes/route-meta';

/** Id of the page's own JSON-LD script element. */
export const PAGE_JSON_LD_SCRIPT_ID = 'ld-page';

/** The hero illustration each page's link-preview card shows (files under public/). */
const OG_ILLUSTRATIONS: Record<string, string> = {
  '/': 'images/heroes/heroHome.svg',
  '/residential-security': 'images/heroes/heroResidential.svg',
  '/business-security': 'images/heroes/heroBusiness.svg',
  '/security-cameras': 'images/heroes/heroCameras.svg',
  '/smart-home-automation': 'images/heroes/heroSmartHome.svg',
  '/building-video-intercom': 'images/heroes/heroIntercom.svg',
  '/security-monitoring': 'images/heroes/heroMonitoring.svg',
  '/compare-services': 'images/heroes/heroCompare.svg',
  '/case-studies': 'images/heroes/heroCaseStudies.svg',
  '/calculator': 'images/services/installation.svg',
  '/shopping': 'images/services/cameras.svg',
  '/consultation-payment': 'images/services/installation.svg',
  '/privacy': 'images/services/access-control.svg',
  '/terms': 'images/services/access-control.svg',
  '/warranty': 'images/services/installation.svg',
};

/** Width and height of the Open Graph cards, in px (the size link previews expect). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The card's file name under dist/ for `path` (`/` → `og/home.png`). */
export const ogImageFile = (path: string) => `og/${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.png`;

/** Absolute URL of the Open Graph image of `path`. */
export const ogImageUrl = (path: string) => `${SITE_ORIGIN}/${ogImageFile(path)}`;

/** The illustration of `path`'s card (public/ relative), the home page's when it has none of its own. */
export const ogIllustrationOf = (path: string) => OG_ILLUSTRATIONS[path] ?? OG_ILLUSTRATIONS['/'];

/** The service each service page offers, for its Service JSON-LD (schema.org `serviceType`). */
const SERVICE_TYPES: Record<string, string> = {
  '/residential-security': 'Residential security system installation',
  '/business-security': 'Commercial security system installation',
  '/security-cameras': 'Security camera installation',
  '/smart-home-automation': 'Smart home automation installation',
  '/building-video-intercom': 'Building video intercom installation',
  '/security-monitoring': '24/7 security monitoring',
};

/** The page's name for breadcrumbs and cards: its title without the site name. */
export const pageNameOf = (meta: RouteMeta) =>
  meta.title
    .split(' | ')
    .filter((part) => part !== SITE_NAME)
    .join(' | ') || SITE_NAME;

/** The JSON-LD graph of the page at `path` (null for the home page, which needs none of its own). */
export function pageJsonLd(path: string, meta: RouteMeta): Record<string, unknown> | null {
  if (path === '/') return null;
  const url = canonicalUrl(path);
  const name = pageNameOf(meta);
  const graph: Record<string, unknown>[] = [
    {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: canonicalUrl('/') },
        { '@type': 'ListItem', position: 2, name, item: url },
      ],
    },
  ];
  const serviceType = SERVICE_TYPES[path];
  if (serviceType) {
    graph.push({
      '@type': 'Service',
      name,
      serviceType,
      description: meta.description,
      url,
      image: ogImageUrl(path),
      provider: { '@id': `${SITE_ORIGIN}/#business` },
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}
