/**
 * The route tree shared by the browser router and the prerenderer (React Router data mode).
 */
import type { RouteObject } from 'react-router';
import { RootLayout } from '../app/root-layout';
import { RouteErrorPage } from '../app/route-error-page';
import { RouteLoading } from '../app/route-loading';
import { NotFoundPage } from '../pages/site/not-found-page';
import { PUBLIC_CLIENT_ROUTES } from './public-client-routes';
import { PUBLIC_ROUTES } from './public-routes';
import { NOT_FOUND_META, type RouteHandle } from './route-meta';
import { STAFF_ROUTES } from './staff-routes';

/** Builds the route objects (a fresh array per router). */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      // Shown while a lazy (staff) route loads on a client-only first render.
      HydrateFallback: RouteLoading,
      children: [
        ...PUBLIC_ROUTES.map((r): RouteObject => {
          const page = r.lazy ? { lazy: r.lazy } : { Component: r.Component };
          return r.path === '/'
            ? { index: true, ...page, handle: { meta: r.meta } satisfies RouteHandle }
            : { path: r.path, ...page, handle: { meta: r.meta } satisfies RouteHandle };
        }),
        ...PUBLIC_CLIENT_ROUTES,
        ...STAFF_ROUTES,
        { path: '*', Component: NotFoundPage, handle: { meta: NOT_FOUND_META } satisfies RouteHandle },
      ],
    },
  ];
}
