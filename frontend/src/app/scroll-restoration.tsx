/**
 * Scroll position on client-side navigation (React Router's `<ScrollRestoration>` belongs to its
 * data router; this app uses declarative mode, see README.md "Routing"):
 *
 * - a new page (link, `navigate()`) starts at the top, or at its `#hash` target when it has one;
 * - back/forward (and a reload) return to where the visitor was on that history entry.
 *
 * Positions are kept per history entry key while scrolling and saved in sessionStorage when the
 * page is hidden, so a reload restores them too.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { focusSection, layOutAllSections, scrollToSectionWhenRendered } from '../lib/scroll';

const STORAGE_KEY = 'ironclad:scroll-positions';
/** At most this many history entries are remembered. */
const MAX_ENTRIES = 50;

/** Reads the saved positions (empty when storage is unavailable or holds something else). */
function readPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(saved))
      return new Map(saved.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number'));
  } catch {
    /* private mode or corrupt value: start afresh */
  }
  return new Map();
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    /* storage full or unavailable: positions are only kept for this page load */
  }
}

/** The element id a `#hash` names ('' for none). */
function hashTarget(hash: string): string {
  if (!hash || hash === '#') return '';
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1); // a malformed escape: use the raw id
  }
}

/** Renders nothing; restores and resets the scroll position as described above. */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(key);
  const isFirstRender = useRef(true);
  currentKey.current = key;

  useEffect(() => {
    const saved = readPositions();
    positions.current = saved;
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        saved.delete(currentKey.current);
        saved.set(currentKey.current, window.scrollY);
      });
    };
    const onPageHide = () => savePositions(saved);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    // A reload of an entry scrolled earlier in this session: back to where the visitor was.
    const y = saved.get(currentKey.current);
    if (y !== undefined && !window.location.hash) {
      layOutAllSections();
      window.scrollTo(0, y);
    }
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    const target = hashTarget(hash);
    // The first page of a load is positioned by the browser (top or the URL's #hash) and the
    // effect above; a #hash target also gets the keyboard focus.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      const el = target ? document.getElementById(target) : null;
      if (el) focusSection(el);
      return;
    }
    const y = navigationType === 'POP' ? positions.current?.get(key) : undefined;
    if (y !== undefined) {
      layOutAllSections();
      window.scrollTo(0, y);
      return;
    }
    window.scrollTo(0, 0);
    // Another page's section (`/#contact` from /calculator): its page (and the deferred sections
    // holding the target) may still be loading; scroll there once it is rendered.
    if (target) return scrollToSectionWhenRendered(target);
  }, [key, hash, navigationType]);

  return null;
}
