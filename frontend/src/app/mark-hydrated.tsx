import { useEffect } from 'react';

/**
 * Sets `<html data-hydrated>`, which tells browser tests (and monitoring) that the page is
 * interactive. It sits inside the page's Suspense boundary: React hydrates a boundary in a pass of
 * its own, after the layout around it, so an effect of the layout would fire while the page's
 * markup is still inert. Its effect runs once the page itself has hydrated (or, on a client-only
 * first render, once the page's chunk has loaded and rendered). The error fallback renders it too.
 */
export function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
