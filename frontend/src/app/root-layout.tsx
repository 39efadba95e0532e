/**
 * The layout of every page: skip link, sticky top navigation, the page in <main>, footer.
 */
import { Box, SkipNavLink } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { TopNav } from '../components/layout/top-nav';
import { DocumentMeta } from './document-meta';

/** Id of <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Root route component. */
export function RootLayout() {
  // `<html data-hydrated>` tells browser tests (and monitoring) that the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <>
      <DocumentMeta />
      <SkipNavLink id={MAIN_CONTENT_ID} zIndex="skipNav">
        Skip to main content
      </SkipNavLink>
      <TopNav />
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} minH="60vh">
        <Outlet />
      </Box>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}
