/**
 * The layout of every page: skip link, sticky top navigation, the page in <main>, footer.
 *
 * The page sits in an error boundary (reset on every navigation) and a Suspense boundary whose
 * fallback shows while a page's chunk loads on a client-only first render (staff pages). The
 * footer is a deferred section (components/site/deferred-section.tsx).
 */
import { Box, SkipNavLink } from '@chakra-ui/react';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { TopNav } from '../components/layout/top-nav';
import { deferredSection } from '../components/site/deferred-section';
import { MarkHydrated } from './mark-hydrated';
import { RouteErrorPage } from './route-error-page';
import { RouteLoading } from './route-loading';
import { ScrollRestoration } from './scroll-restoration';

/** The footer, below the fold on every page: it loads and hydrates as the visitor nears it. */
const SiteFooter = deferredSection('site-footer', () => import('../components/layout/site-footer').then((m) => m.SiteFooter));

/** Id of <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Root route component. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipNavLink id={MAIN_CONTENT_ID} zIndex="skipNav">
        Skip to main content
      </SkipNavLink>
      <TopNav />
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} minH="60vh">
        <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[pathname]}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
            <MarkHydrated />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}
