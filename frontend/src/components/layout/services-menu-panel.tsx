/**
 * The desktop 'Services' dropdown (public-site.md §2): 'View All Services' (a link to `/#services`)
 * scrolls to the services section; the six service pages and Compare Services are links. Built on Chakra's
 * Menu (Ark/Zag): a `menu` with `menuitem`s, opened with Enter/Space/ArrowDown, arrow keys to
 * move, Escape to close, focus returned to the trigger.
 *
 * Loaded when the visitor shows intent (services-menu.tsx), then it replaces the look-alike
 * trigger: it takes the focus over and opens when the visitor already asked for it.
 */
import { Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '~chakra-theme/recipes/menu';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SECTION_IDS } from '../../lib/sections';
import { COMPARE_SERVICES_LINK, SERVICE_PAGE_LINKS } from './nav-items';
import { ServicesTriggerButton, type ServicesMenuPanelProps } from './services-trigger';
import { isModifiedClick, sectionHref, useSectionNavigation } from './use-section-navigation';
import { registerRecipes } from '../ui/recipes';

registerRecipes({ slotRecipes: { menu: menuSlotRecipe } });

const OVERVIEW_VALUE = 'view-all-services';

/** The Services dropdown of the desktop navigation. */
export function ServicesMenuPanel({ openOnMount, focusOnMount }: ServicesMenuPanelProps) {
  const goToSection = useSectionNavigation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) trigger.current?.focus();
    // Opened through the controlled prop after mount, so the menu runs its normal open sequence.
    if (openOnMount) setOpen(true);
  }, [openOnMount, focusOnMount]);
  return (
    <Menu.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-start' }}
      // Enter on a highlighted link item: navigate client-side and close. (Zag's default
      // dispatches a non-bubbling click on the anchor, which React Router never sees, so the
      // browser would reload the page.)
      navigate={({ href }) => {
        const url = new URL(href, window.location.href);
        setOpen(false);
        if (`${url.pathname}${url.hash}` === sectionHref(SECTION_IDS.services)) goToSection(SECTION_IDS.services);
        else void navigate(`${url.pathname}${url.search}${url.hash}`);
      }}
    >
      <Menu.Trigger asChild>
        <ServicesTriggerButton ref={trigger} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" aria-label="Services">
            {/* A link of its own, as the header's section links: its click scrolls to (or navigates
                to) the services section whatever the menu's highlight state is at that moment. */}
            <Menu.Item value={OVERVIEW_VALUE} fontWeight="semibold" asChild>
              <a
                href={sectionHref(SECTION_IDS.services)}
                onClick={(e) => {
                  if (isModifiedClick(e)) return;
                  e.preventDefault();
                  goToSection(SECTION_IDS.services);
                }}
              >
                View All Services
              </a>
            </Menu.Item>
            <Menu.Separator />
            {[...SERVICE_PAGE_LINKS, COMPARE_SERVICES_LINK].map((link) => (
              <Menu.Item key={link.to} value={link.to} asChild>
                <Link to={link.to}>{link.label}</Link>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
