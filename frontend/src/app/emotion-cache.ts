/**
 * The emotion cache of the site (Chakra UI's styles), the same on the server (prerender, pages the
 * api renders per request) and in the browser.
 *
 * `stylisPlugins: []` leaves out emotion's default vendor prefixer: the browsers the site supports
 * (those that run its ES2022 modules) need no `-webkit-box` / `-ms-flexbox` fallbacks, and they
 * made up about a third of the CSS inlined in every prerendered page, which the browser must parse
 * before its first paint. Class names do not depend on the plugins, so hydration matches.
 *
 * In the browser the cache learns which rules the server already sent from the
 * `data-emotion-server` lists of the page's <style> tags (entry-server.tsx `serverStyleTags`),
 * and leaves those tags where they are.
 */
import createCache, { type EmotionCache } from '@emotion/cache';

/** A new cache with the key `css` (one per server render; one for the browser's lifetime). */
export function createEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css', stylisPlugins: [] });
  if (typeof document !== 'undefined') {
    for (const node of document.querySelectorAll<HTMLStyleElement>('style[data-emotion-server]')) {
      const [key, ...ids] = (node.dataset.emotionServer ?? '').split(' ');
      if (key === cache.key) for (const id of ids) cache.inserted[id] = true;
    }
  }
  return cache;
}
