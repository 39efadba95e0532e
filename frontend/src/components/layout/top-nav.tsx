/**
 * The sticky top navigation of every page (public-site.md §2).
 *
 * Desktop (≥ xl): logo, Home, the Services dropdown, Shop, Communications, Admin, Cost
 * Calculator, Projects, About and Contact (same-page scroll links), then Emergency Call (tel:),
 * Free Estimate (scrolls to the contact form) and Client Sign In (no action is defined).
 * Below xl the links collapse into the right-side drawer.
 */
import { Box, Button, Container, Flex, HStack } from '@chakra-ui/react';
import { LucidePhoneCall } from 'lucide-react';
import { NavLink } from 'react-router';
import { telHref, useCompanyFacts } from '../../features/site-config/public-config';
import { SECTION_IDS, type SectionId } from '../../lib/sections';
import { NAV_HEIGHT } from '../ui/theme';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { DESKTOP_PAGE_LINKS, DESKTOP_SECTION_LINKS, type PageLink } from './nav-items';
import { useIsLinkVisible } from './use-feature-links';
import { ServicesMenu } from './services-menu';
import { SiteLogo } from './site-logo';
import { isModifiedClick, sectionHref, useSectionNavigation } from './use-section-navigation';

const navLinkStyle = {
  px: '1.5',
  py: '1.5',
  rounded: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg',
  whiteSpace: 'nowrap',
  _hover: { bg: 'brand.subtle', textDecoration: 'none' },
  '&[aria-current=page]': { color: 'brand.fg', fontWeight: 'semibold' },
} as const;

/** A desktop link to a page (marks the current page with aria-current). */
function DesktopPageLink({ link }: { link: PageLink }) {
  return (
    <Box asChild {...navLinkStyle}>
      <NavLink to={link.to} end>
        {link.label}
      </NavLink>
    </Box>
  );
}

/** A desktop same-page scroll link. */
function DesktopSectionLink({ label, section }: { label: string; section: SectionId }) {
  const goToSection = useSectionNavigation();
  return (
    <Box asChild {...navLinkStyle}>
      <a
        href={sectionHref(section)}
        onClick={(e) => {
          if (isModifiedClick(e)) return;
          e.preventDefault();
          goToSection(section);
        }}
      >
        {label}
      </a>
    </Box>
  );
}

/** The site header with the main navigation. */
export function TopNav() {
  const company = useCompanyFacts();
  const isLinkVisible = useIsLinkVisible();
  const goToSection = useSectionNavigation();

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px" shadow="xs">
      <Container maxW="8xl" px={{ base: '4', md: '5', xl: '3', '2xl': '6' }}>
        <Flex h={NAV_HEIGHT} align="center" justify="space-between" gap="3">
          <SiteLogo name={company.name} />

          <Box as="nav" aria-label="Main" hideBelow="xl" flex="1">
            <HStack as="ul" gap="0" listStyleType="none" justify="center">
              <li>
                <DesktopPageLink link={DESKTOP_PAGE_LINKS.home} />
              </li>
              <li>
                <ServicesMenu />
              </li>
              {DESKTOP_PAGE_LINKS.rest
                .filter((link) => isLinkVisible(link.to))
                .map((link) => (
                  <li key={link.to}>
                    <DesktopPageLink link={link} />
                  </li>
                ))}
              {DESKTOP_SECTION_LINKS.map((link) => (
                <li key={link.section}>
                  <DesktopSectionLink label={link.label} section={link.section} />
                </li>
              ))}
            </HStack>
          </Box>

          <HStack gap="1" hideBelow="xl">
            <Button asChild size="xs" colorPalette="red">
              <a href={telHref(company.emergencyPhone)} aria-label={`Emergency Call ${company.emergencyPhone}`}>
                <LucidePhoneCall aria-hidden="true" /> Emergency Call
              </a>
            </Button>
            <Button asChild size="xs" colorPalette="accent">
              <a
                href={sectionHref(SECTION_IDS.contact)}
                onClick={(e) => {
                  if (isModifiedClick(e)) return;
                  e.preventDefault();
                  goToSection(SECTION_IDS.contact);
                }}
              >
                Free Estimate
              </a>
            </Button>
            {/* No action is defined for Client Sign In (public-site.md §2). */}
            <Button size="xs" variant="outline">
              Client Sign In
            </Button>
          </HStack>

          <MobileNavDrawer emergencyPhone={company.emergencyPhone} />
        </Flex>
      </Container>
    </Box>
  );
}
