/**
 * Staff routes (staff-side.md §2). They are client-only and lazy-loaded: never prerendered and
 * never part of the marketing chunks. The server answers them with `dist/app.html`, an empty
 * shell that the client renders.
 */
import type { RouteObject } from 'react-router';
import { SITE_NAME, type RouteHandle } from './route-meta';

/** Paths answered with the client-only shell (also written to dist/route-manifest.json). */
export const STAFF_PATHS = ['/admin', '/communications', '/generate-images', '/test-communication'] as const;

const staffHandle = (title: string): RouteHandle => ({
  meta: { title: `${title} | ${SITE_NAME}`, description: `${SITE_NAME} staff area.`, noindex: true },
});

/** Route objects of the staff pages; each loads its own chunk on first visit. */
export const STAFF_ROUTES: RouteObject[] = [
  {
    path: '/admin',
    handle: staffHandle('Admin Login'),
    lazy: async () => ({ Component: (await import('../pages/admin/admin-page')).AdminPage }),
  },
  {
    path: '/communications',
    handle: staffHandle('Communications Center'),
    lazy: async () => ({ Component: (await import('../pages/admin/communications-page')).CommunicationsPage }),
  },
  {
    path: '/generate-images',
    handle: staffHandle('Image Generator'),
    lazy: async () => ({ Component: (await import('../pages/admin/generate-images-page')).GenerateImagesPage }),
  },
  {
    path: '/test-communication',
    handle: staffHandle('Test Communication'),
    lazy: async () => ({ Component: (await import('../pages/admin/test-communication-page')).TestCommunicationPage }),
  },
];
