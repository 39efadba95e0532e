/**
 * Boots React in the browser (imported by entry-client.tsx once the page has painted).
 * Prerendered pages (their #root has markup) are hydrated; the client-only shell (dist/app.html,
 * staff routes) and the dev server render from scratch.
 *
 * Hydration runs in a transition, so React hydrates in small slices and the main thread stays
 * responsive (input, scrolling) while a long page hydrates.
 */
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createEmotionCache } from './emotion-cache';
import { AppProviders } from './providers';
import { AppRoutes, preloadRoute } from '../routes/routes';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

try {
  // The page's chunk is loaded before hydrating, so the first render matches the prerendered markup.
  await preloadRoute(window.location.pathname);
} catch (err) {
  // The lazy route retries the load itself when it renders; without it the page renders from scratch.
  console.error('Could not preload the route module before hydration', err);
}

const app = (
  <StrictMode>
    <CacheProvider value={createEmotionCache()}>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </CacheProvider>
  </StrictMode>
);

// Prerendered markup starts with an element; the shell and the dev server's index.html hold at
// most a placeholder comment.
if (container.firstElementChild) {
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('Hydration error', error),
    });
  });
} else {
  createRoot(container).render(app);
}
