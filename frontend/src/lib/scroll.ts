/**
 * In-page section scrolling (spec §2: "same-page scroll links by element id").
 */

/** Whether the user asked the system to minimise motion. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Smoothly scrolls to the element with id `sectionId` and moves keyboard focus to it (so that the
 * next Tab continues from the section). Returns false when the element is not on this page.
 */
export function scrollToSection(sectionId: string): boolean {
  const el = document.getElementById(sectionId);
  if (!el) return false;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return true;
}
