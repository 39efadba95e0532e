/**
 * The layout of every page: skip link, sticky top navigation, the page in <main>, footer. Staff
 * pages (STAFF_PATHS and below) get neither the marketing navigation nor the footer: their
 * StaffGate renders the staff app shell (features/admin/staff-shell.tsx) with its own <main>.
 *
 * The page sits in an error boundary (reset on every navigation) and a Suspense boundary whose
 * fallback shows while a page's chunk loads on a client-only first render (staff pages). The
 * footer is a deferred section (components/site/deferred-section.tsx).
 */
import { Box, SkipNavLink } from '@chakra-ui/react';
import { Suspense } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { TopNav } from '../components/layout/top-nav';
import { STAFF_PATHS } from '../routes/staff-routes';
import { deferredSection } from '../components/site/deferred-section';
import { MAIN_CONTENT_ID } from './main-content';
import { MarkHydrated } from './mark-hydrated';
import { RouteErrorPage } from './route-error-page';
import { RouteLoading } from './route-loading';
import { ScrollRestoration } from './scroll-restoration';

/** The footer, below the fold on every page: it loads and hydrates as the visitor nears it. */
const SiteFooter = deferredSection('site-footer', () => import('../components/layout/site-footer').then((m) => m.SiteFooter));

export { MAIN_CONTENT_ID };

/** A staff page's loading state, in the <main> its shell would have given it. */
function StaffRouteLoading() {
  return (
    <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <RouteLoading />
    </Box>
  );
}

/** A staff page's error page, in the <main> its shell would have given it. */
function StaffRouteErrorPage(props: FallbackProps) {
  return (
    <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <RouteErrorPage {...props} />
    </Box>
  );
}

/** Whether `pathname` is a staff page (one of STAFF_PATHS or below one). */
export const isStaffPath = (pathname: string): boolean => STAFF_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** Root route component. */
export function RootLayout() {
  const { pathname } = useLocation();
  if (isStaffPath(pathname)) {
    return (
      <>
        <SkipNavLink id={MAIN_CONTENT_ID} zIndex="skipNav">
          Skip to main content
        </SkipNavLink>
        <ErrorBoundary FallbackComponent={StaffRouteErrorPage} resetKeys={[pathname]}>
          <Suspense fallback={<StaffRouteLoading />}>
            <Outlet />
            <MarkHydrated />
          </Suspense>
        </ErrorBoundary>
        <ScrollRestoration />
      </>
    );
  }
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
