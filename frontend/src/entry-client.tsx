/**
 * Browser entry. Prerendered pages (their #root has markup) are hydrated; the client-only shell
 * (dist/app.html, staff routes) and the dev server render from scratch.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './routes/routes';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
const routes = createRoutes();

/**
 * Loads the lazy route modules of the current URL before hydrating, so that the first render
 * matches the prerendered markup (React Router's SSR + lazy routes pattern).
 */
async function resolveLazyMatches(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async (m) => {
      const lazy = m.route.lazy;
      if (typeof lazy !== 'function') return;
      const loaded = await lazy();
      Object.assign(m.route, { ...loaded, lazy: undefined });
    }),
  );
}

try {
  await resolveLazyMatches(routes);
} catch (err) {
  // The router retries the lazy load itself; without it the page renders from scratch.
  console.error('Could not preload the route module before hydration', err);
}
// Reads window.__staticRouterHydrationData written by the prerenderer, when present.
const router = createBrowserRouter(routes);

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Prerendered markup starts with an element; the shell and the dev server's index.html hold at
// most a placeholder comment.
if (container.firstElementChild) {
  hydrateRoot(container, app, {
    onRecoverableError: (error) => console.error('Hydration error', error),
  });
} else {
  createRoot(container).render(app);
}
