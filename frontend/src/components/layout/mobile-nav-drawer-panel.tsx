/**
 * The small-screen navigation: a right-side drawer titled 'Navigation Menu'
 * (public-site.md §2). It is a modal dialog (focus trapped, Escape closes, focus returns to the
 * menu button). Choosing a section scroll, a service link, Emergency Call, Client Sign In (or
 * any other entry) closes it; section scrolls run once the drawer has closed so the page can
 * scroll again.
 *
 * Loaded with the first press of the menu button (mobile-nav-drawer.tsx), which owns the button
 * and the open state.
 */
import { Box, Button, CloseButton, Drawer, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { drawerSlotRecipe } from '~chakra-theme/recipes/drawer';
import { separatorRecipe } from '~chakra-theme/recipes/separator';
import { useRef } from 'react';
import { LucidePhoneCall } from 'lucide-react';
import { Link } from 'react-router';
import { telHref } from '../../features/site-config/public-config';
import { SECTION_IDS, type SectionId } from '../../lib/sections';
import type { MobileNavDrawerPanelProps } from './mobile-nav-drawer';
import { DRAWER_ENTRIES, type DrawerEntry } from './nav-items';
import { useIsLinkVisible } from './use-feature-links';
import { isModifiedClick, sectionHref, useSectionNavigation } from './use-section-navigation';
import { registerRecipes } from '../ui/recipes';

registerRecipes({ recipes: { separator: separatorRecipe }, slotRecipes: { drawer: drawerSlotRecipe } });

const linkStyle = {
  display: 'block',
  w: 'full',
  px: '3',
  py: '2',
  rounded: 'md',
  fontWeight: 'medium',
  color: 'fg',
  textAlign: 'start',
  _hover: { bg: 'brand.subtle', textDecoration: 'none' },
} as const;

/** The drawer, opened and closed by the menu button's state. */
export function MobileNavDrawerPanel({ emergencyPhone, open, setOpen, menuButton }: MobileNavDrawerPanelProps) {
  const isLinkVisible = useIsLinkVisible();
  const pendingSection = useRef<SectionId | null>(null);
  const goToSection = useSectionNavigation();

  /** Closes the drawer and scrolls to `section` once it has closed. */
  const closeThenScroll = (section: SectionId) => {
    pendingSection.current = section;
    setOpen(false);
  };

  const renderEntry = (entry: DrawerEntry) => {
    switch (entry.kind) {
      case 'section':
        return (
          <Box asChild {...linkStyle}>
            <a
              href={sectionHref(entry.section)}
              onClick={(e) => {
                if (isModifiedClick(e)) return;
                e.preventDefault();
                closeThenScroll(entry.section);
              }}
            >
              {entry.label}
            </a>
          </Box>
        );
      case 'free-estimate':
        return (
          <Button asChild colorPalette="accent" w="full" justifyContent="start">
            <a
              href={sectionHref(SECTION_IDS.contact)}
              onClick={(e) => {
                if (isModifiedClick(e)) return;
                e.preventDefault();
                closeThenScroll(SECTION_IDS.contact);
              }}
            >
              {entry.label}
            </a>
          </Button>
        );
      case 'page':
        return (
          <Box asChild {...linkStyle} ps={entry.group === 'services' ? '6' : '3'}>
            <Link to={entry.to} onClick={() => setOpen(false)}>
              {entry.label}
            </Link>
          </Box>
        );
      case 'emergency-call':
        return (
          <Button asChild colorPalette="red" w="full" justifyContent="start">
            <a href={telHref(emergencyPhone)} onClick={() => setOpen(false)}>
              <LucidePhoneCall aria-hidden="true" /> {entry.label}
            </a>
          </Button>
        );
      case 'client-sign-in':
        // No action is defined for Client Sign In (spec §2); it only closes the drawer.
        return (
          <Button variant="outline" w="full" onClick={() => setOpen(false)}>
            {entry.label}
          </Button>
        );
    }
  };

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      placement="end"
      finalFocusEl={() => menuButton.current}
      onExitComplete={() => {
        const section = pendingSection.current;
        pendingSection.current = null;
        if (section) goToSection(section);
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="80">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title>Navigation Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="3">
              <nav aria-label="Mobile">
                <Stack as="ul" gap="0.5" listStyleType="none">
                  {DRAWER_ENTRIES.map((entry, i) => {
                    const prev = DRAWER_ENTRIES[i - 1];
                    const startsActions = entry.kind === 'emergency-call';
                    if (entry.kind === 'page' && !isLinkVisible(entry.to)) return null;
                    return (
                      <li key={`${entry.kind}-${entry.label}`}>
                        {startsActions && prev ? <Separator my="2" /> : null}
                        {entry.kind === 'page' && entry.group === 'services' && prev?.kind === 'section' ? (
                          <Text
                            px="3"
                            pt="1"
                            fontSize="xs"
                            fontWeight="semibold"
                            color="fg.muted"
                            textTransform="uppercase"
                            aria-hidden="true"
                          >
                            Service pages
                          </Text>
                        ) : null}
                        {renderEntry(entry)}
                      </li>
                    );
                  })}
                </Stack>
              </nav>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
