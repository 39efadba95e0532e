/**
 * Staff routes (staff-side.md §2). They are client-only and lazy-loaded: never prerendered and
 * never part of the marketing chunks. The server answers them with `dist/app.html`, an empty
 * shell that the client renders.
 */
import type { PageRoute } from './route-meta';

/** Paths answered with the client-only shell (also written to dist/route-manifest.json). */
export const STAFF_PATHS = ['/admin', '/communications', '/generate-images', '/test-communication'] as const;

/** Route objects of the staff pages; each loads its own chunk on first visit. */
export const STAFF_ROUTES: readonly PageRoute[] = [
  {
    path: '/admin',
    lazy: () => import('../pages/admin/admin-page').then((m) => ({ Component: m.AdminPage })),
  },
  {
    path: '/communications',
    lazy: () => import('../pages/admin/communications-page').then((m) => ({ Component: m.CommunicationsPage })),
  },
  {
    path: '/generate-images',
    lazy: () => import('../pages/admin/generate-images-page').then((m) => ({ Component: m.GenerateImagesPage })),
  },
  {
    path: '/test-communication',
    lazy: () => import('../pages/admin/test-communication-page').then((m) => ({ Component: m.TestCommunicationPage })),
  },
];
