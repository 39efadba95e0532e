/**
 * Same-page scroll links that also work from other pages.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { scrollToSection } from '../../lib/scroll';
import type { SectionId } from '../../lib/sections';

/** The href of a section link: the home page's anchor (also works without JavaScript). */
export function sectionHref(section: SectionId): string {
  return `/#${section}`;
}

/**
 * Returns `goToSection(id)`: smoothly scrolls to the section when it is on the current page,
 * otherwise navigates to the home page's anchor (`/#id`), where the router scrolls to it.
 */
export function useSectionNavigation(): (section: SectionId) => void {
  const navigate = useNavigate();
  return useCallback(
    (section: SectionId) => {
      if (!scrollToSection(section)) void navigate(sectionHref(section));
    },
    [navigate],
  );
}

/** True for clicks the browser should handle itself (new tab, new window, download). */
export function isModifiedClick(event: React.MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}
