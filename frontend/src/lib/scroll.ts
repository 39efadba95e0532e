/**
 * In-page section scrolling (spec §2: "same-page scroll links by element id").
 */

/** Whether the user asked the system to minimise motion. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Attribute on <html> that ends the below-the-fold sections' `content-visibility: auto`
 * (components/ui/theme.ts): until then a section far from the viewport is laid out at an estimated
 * height (800 px), so a position computed across it (a scroll to a section further down, a saved
 * scroll offset) would be off by the difference once the sections in between are rendered.
 */
export const SECTIONS_LAID_OUT_ATTRIBUTE = 'data-sections-laid-out';

/**
 * Lays out every section of the page at its real height, before a scroll to a computed position.
 * The first such scroll pays the style and layout of the sections not rendered yet (what the page
 * load no longer pays); later calls cost nothing.
 */
export function layOutAllSections(): void {
  if (typeof document !== 'undefined') document.documentElement.setAttribute(SECTIONS_LAID_OUT_ATTRIBUTE, '');
}

/** Moves keyboard focus to a section without scrolling (the next Tab continues from it; screen readers announce it). */
export function focusSection(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/**
 * Smoothly scrolls to the element with id `sectionId` and moves keyboard focus to it (so that the
 * next Tab continues from the section). Returns false when the element is not on this page.
 */
export function scrollToSection(sectionId: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const el = document.getElementById(sectionId);
  if (!el) return false;
  layOutAllSections();
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : behavior, block: 'start' });
  focusSection(el);
  return true;
}

/**
 * Whether the page in <main> has finished rendering: its chunk has loaded (the route's loading
 * state is gone) and every deferred section in it has content. Sections rendered on the client
 * (after a navigation) are empty until their chunk arrives; scrolling before then would land on
 * a spot that moves as the sections above fill in.
 */
function pageRendered(): boolean {
  const main = document.querySelector('main');
  if (!main || main.querySelector('[data-route-loading]')) return false;
  for (const section of main.querySelectorAll('[data-deferred-section]')) if (!section.firstChild) return false;
  return true;
}

/** How long to wait for a section of a page that is still loading before giving up. */
const RENDER_WAIT_MS = 10_000;

/**
 * Scrolls to the element with id `sectionId` and focuses it once the page has rendered it: after
 * a navigation to another page's `#section`, that page's chunk and its deferred sections load
 * first. Gives up after {@link RENDER_WAIT_MS} (no such section), or when the returned function is
 * called (the visitor navigated on).
 */
export function scrollToSectionWhenRendered(sectionId: string): () => void {
  const observer = new MutationObserver(() => void attempt());
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const timer = setTimeout(stop, RENDER_WAIT_MS);
  const attempt = (): boolean => {
    if (!pageRendered() || !document.getElementById(sectionId)) return false;
    stop();
    scrollToSection(sectionId, 'auto');
    return true;
  };
  if (!attempt()) observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
