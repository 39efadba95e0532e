/**
 * The route tree shared by the browser and the prerenderer (React Router declarative mode:
 * `useRoutes` under `<BrowserRouter>` / `<StaticRouter>`; see README.md "Routing" for why not the
 * data router).
 *
 * Every page is a {@link PageRoute} of the public, client-only or staff lists (or the catch-all
 * 404), rendered inside {@link RootLayout}. Each route object keeps `handle: { preload }`: the
 * entries preload the matched pages' chunks before rendering them. `<DocumentMeta />` applies the
 * page's meta (page-meta.ts) on client-side navigation. A page marked `payment` renders inside
 * {@link PaymentDocument}, which makes sure it runs under the payment Content-Security-Policy.
 */
import type { ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { DocumentMeta } from '../app/document-meta';
import { RootLayout } from '../app/root-layout';
import { NotFoundPage } from '../pages/site/not-found-page';
import { lazyRoute } from './lazy-route';
import { PaymentDocument } from './payment-document';
import { PUBLIC_CLIENT_ROUTES } from './public-client-routes';
import { PUBLIC_ROUTES } from './public-routes';
import type { PageRoute, RouteHandle } from './route-meta';
import { STAFF_ROUTES } from './staff-routes';

/** Every page, in matching order of specificity (React Router ranks them, the order is for reading). */
const PAGE_ROUTES: readonly PageRoute[] = [
  ...PUBLIC_ROUTES,
  ...PUBLIC_CLIENT_ROUTES,
  ...STAFF_ROUTES,
  { path: '*', Component: NotFoundPage },
];

/** The route object of one page. */
function pageRouteObject(page: PageRoute): RouteObject {
  let Component: ComponentType;
  const handle: RouteHandle = {};
  if (page.lazy) {
    const lazyComponent = lazyRoute(page.lazy);
    handle.preload = lazyComponent.preload;
    Component = lazyComponent;
  } else if (page.Component) {
    Component = page.Component;
  } else {
    throw new Error(`Route ${page.path} has neither lazy nor Component`);
  }
  const element = page.payment ? (
    <PaymentDocument>
      <Component />
    </PaymentDocument>
  ) : (
    <Component />
  );
  return page.path === '/' ? { index: true, element, handle } : { path: page.path, element, handle };
}

/** The app's route tree (one tree for the page's lifetime: the lazy pages cache their chunks). */
export const APP_ROUTES: RouteObject[] = [{ path: '/', element: <RootLayout />, children: PAGE_ROUTES.map(pageRouteObject) }];

/** Renders the page of the current location and keeps the document's <head> in step with it. */
export function AppRoutes() {
  const page = useRoutes(APP_ROUTES);
  return (
    <>
      <DocumentMeta />
      {page}
    </>
  );
}

/** The handles of the routes matching `pathname`, outermost first. */
function matchedHandles(pathname: string): RouteHandle[] {
  return (matchRoutes(APP_ROUTES, pathname) ?? []).flatMap((m) => (m.route.handle ? [m.route.handle as RouteHandle] : []));
}

/**
 * Loads the chunks of the pages matching `pathname`, so that they render synchronously: the
 * prerenderer calls it before rendering a page, the browser before hydrating one.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(matchedHandles(pathname).map((h) => h.preload?.()));
}
