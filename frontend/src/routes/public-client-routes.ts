/**
 * Public pages rendered only in the browser: opened from links in messages, so they are neither
 * prerendered nor listed in the sitemap, carry noindex and are disallowed in robots.txt. The
 * server answers their paths with the client-only shell `dist/app.html` (like the staff pages),
 * and each page is lazy-loaded in its own chunk.
 */
import type { PageRoute } from './route-meta';

/** Path prefixes answered with the client-only shell (also written to dist/route-manifest.json). */
export const PUBLIC_CLIENT_PATHS = ['/unsubscribe', '/quotes'] as const;

/** Route objects of those pages. */
export const PUBLIC_CLIENT_ROUTES: readonly PageRoute[] = [
  {
    path: '/unsubscribe/:token',
    lazy: () => import('../pages/site/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
  },
  {
    // the saved quote (issue 21 point 4): pays its deposit with Stripe.js, so the payment policy
    path: '/quotes/:token',
    payment: true,
    lazy: () => import('../pages/site/quote-page').then((m) => ({ Component: m.QuotePage })),
  },
];
