/**
 * Browser entry. It lets the browser paint the prerendered page before the app's code is fetched
 * and evaluated, then boots React (app/boot.tsx).
 *
 * The prerenderer lists the chunks the page needs to hydrate, with their SRI hashes, in
 * `<script id="app-chunks">` (frontend/scripts/prerender.mjs); after the first paint they become
 * `<link rel="modulepreload" integrity>` tags, so they download in parallel rather than import by
 * import. Before, they were preloaded from the start and evaluated as soon as the document was
 * parsed: on a slow phone and a slow connection that held the first contentful paint back, and the
 * hero image (the largest contentful paint) shared the bandwidth with about 180 KB of scripts.
 * (Measured with `npm run bench:web`, which prints FCP, LCP and TBT.)
 *
 * A visitor can therefore press a button or type before the app exists: such clicks are held and
 * replayed once the page has hydrated, and typed values are given to the app then
 * (app/early-input.ts); links work natively meanwhile.
 */

import { holdEarlyInput } from './app/early-input';
import { yieldToBrowser } from './lib/yield-to-browser';

/** Id of the JSON list of chunk URLs written by the prerenderer. */
export const APP_CHUNKS_SCRIPT_ID = 'app-chunks';

/** One entry of the prerenderer's chunk list: the chunk's URL and its Subresource Integrity hash. */
interface AppChunk {
  href: string;
  integrity: string;
}

const isAppChunk = (c: unknown): c is AppChunk =>
  typeof c === 'object' && c !== null && typeof (c as AppChunk).href === 'string' && typeof (c as AppChunk).integrity === 'string';

/** Resolves after the next frame has been painted (at once in a hidden tab, which paints none). */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Links inserted per task by {@link preloadAppChunks}. Inserting a link starts its request on the
 * main thread: the page's ~45 links at once made a task of 15-40 ms on a desktop-class host (four
 * times that in Lighthouse's phone simulation); eight at a time stay short.
 */
const PRELOAD_LINKS_PER_TASK = 8;

/**
 * Adds a `<link rel="modulepreload">` with the chunk's `integrity` for each chunk the page listed
 * (none in the dev server),
 * {@link PRELOAD_LINKS_PER_TASK} per task, in the order of the list (the prerenderer lists the
 * chunks the boot needs first). Resolves once every link is in <head>.
 */
async function preloadAppChunks(): Promise<void> {
  const list = document.getElementById(APP_CHUNKS_SCRIPT_ID)?.textContent;
  if (!list) return;
  let chunks: unknown;
  try {
    chunks = JSON.parse(list);
  } catch {
    return; // the imports below still load everything, one level at a time
  }
  if (!Array.isArray(chunks)) return;
  const listed = chunks.filter(isAppChunk);
  for (let first = 0; first < listed.length; first += PRELOAD_LINKS_PER_TASK) {
    if (first > 0) await yieldToBrowser();
    const links = document.createDocumentFragment(); // one insertion into <head> per task
    for (const chunk of listed.slice(first, first + PRELOAD_LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.integrity = chunk.integrity;
      link.href = chunk.href;
      links.append(link);
    }
    document.head.append(links);
  }
}

/**
 * zod's configuration (`z.config`), set before any zod module runs: `jitless` stops zod from
 * probing `new Function` (to compile object parsers), which the CSP forbids ('unsafe-eval' is
 * not allowed) and would report as a violation on every page. zod reads its configuration from
 * this global when its core module is evaluated (zod/v4/core/core.js); the entry is the only
 * module sure to run before it, and importing `z.config` here would put zod in the entry chunk.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= { jitless: true };

// Clicks and typing on the painted page before React is ready are held and replayed (app/early-input.ts).
const container = document.getElementById('root');
const earlyInput = container?.firstElementChild ? holdEarlyInput(container) : null;

try {
  await afterNextPaint();
  // The links go in while the modules below are fetched and evaluated (an import of a chunk whose
  // link is not in yet fetches it itself; a link added later reuses that fetch).
  const preloading = preloadAppChunks();
  // Start-up in several tasks rather than one: React, then the Chakra system (itself built in
  // six tasks: components/ui/theme.ts), then the app, which hydrates in a transition (small
  // slices). The modules are shared, so each is evaluated once.
  await import('react-dom/client');
  await yieldToBrowser();
  await import('./components/ui/theme');
  await yieldToBrowser();
  await import('./app/boot');
  await preloading;
} catch (err) {
  // A chunk could not load (offline, a deploy replaced it): the page stays as the server wrote it,
  // readable and with working links; what was held is let go rather than kept forever.
  earlyInput?.release();
  console.error('The app could not start', err);
}
