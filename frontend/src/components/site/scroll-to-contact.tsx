/**
 * A call-to-action button that scrolls smoothly to the element with id `contact` on the same
 * page (public-site.md §2: "On every service page, call-to-action buttons scroll smoothly to the
 * element with id contact"). Without JavaScript it is a plain `#contact` link.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { isModifiedClick } from '../layout/use-section-navigation';
import { scrollToSection } from '../../lib/scroll';
import { SECTION_IDS } from '../../lib/sections';

/** `<ScrollToContactButton>Get Quote</ScrollToContactButton>`; `onNavigate` runs before the scroll. */
export function ScrollToContactButton({ children, onNavigate, ...rest }: ButtonProps & { onNavigate?: () => void }) {
  return (
    <Button asChild {...rest}>
      <a
        href={`#${SECTION_IDS.contact}`}
        onClick={(e) => {
          if (isModifiedClick(e)) return;
          e.preventDefault();
          onNavigate?.();
          scrollToSection(SECTION_IDS.contact);
        }}
      >
        {children}
      </a>
    </Button>
  );
}
