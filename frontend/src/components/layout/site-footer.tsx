/**
 * The footer of every page (public-site.md §2 "Footer"): About, Projects and Contact scroll to
 * their home-page sections; the service list links to the service pages; company facts come
 * from the public config; Privacy Policy, Terms of Service and Warranty lead to their pages. Blog
 * and Careers have no destination (spec: "links with no destination"), so they are shown as plain
 * text rather than as dead links.
 */
import { Box, Container, Grid, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LucideClock, LucideMail, LucideMapPin, LucidePhone } from 'lucide-react';
import { formatAddress, telHref, useCompanyFacts } from '../../features/site-config/public-config';
import { SECTION_IDS, type SectionId } from '../../lib/sections';
import { RouterLink } from '../ui/router-link';
import { LEGAL_LINKS, SERVICE_PAGE_LINKS } from './nav-items';
import { isModifiedClick, sectionHref, useSectionNavigation } from './use-section-navigation';

const FOOTER_SECTION_LINKS: readonly { label: string; section: SectionId }[] = [
  { label: 'About Us', section: SECTION_IDS.about },
  { label: 'Projects', section: SECTION_IDS.projects },
  { label: 'Contact', section: SECTION_IDS.contact },
];

const linkColor = { color: 'whiteAlpha.800', _hover: { color: 'white' } } as const;

/** The site footer (landmark `contentinfo`). */
export function SiteFooter() {
  const company = useCompanyFacts();
  const goToSection = useSectionNavigation();

  return (
    <Box as="footer" bg="brand.900" color="whiteAlpha.900" pt="12" pb="8" mt="0">
      <Container maxW="7xl">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr 1.5fr' }} gap="10">
          <Stack gap="3">
            <Text fontWeight="extrabold" fontSize="xl" color="white">
              {company.name}
            </Text>
            <Text color="whiteAlpha.800" maxW="sm">
              Security cameras, alarm systems, access control, smart home automation, video intercoms and 24/7 monitoring for homes and
              businesses, designed and installed by licensed technicians.
            </Text>
          </Stack>

          <Stack as="nav" aria-label="Footer" gap="3">
            <Heading as="h2" size="sm" color="white">
              Company
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none">
              {FOOTER_SECTION_LINKS.map((l) => (
                <li key={l.section}>
                  <Link
                    href={sectionHref(l.section)}
                    {...linkColor}
                    onClick={(e) => {
                      if (isModifiedClick(e)) return;
                      e.preventDefault();
                      goToSection(l.section);
                    }}
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
              <li>
                <Text color="whiteAlpha.700">Blog</Text>
              </li>
              <li>
                <Text color="whiteAlpha.700">Careers</Text>
              </li>
            </Stack>
          </Stack>

          <Stack gap="3">
            <Heading as="h2" size="sm" color="white">
              Services
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none">
              {SERVICE_PAGE_LINKS.map((l) => (
                <li key={l.to}>
                  <RouterLink to={l.to} {...linkColor}>
                    {l.label}
                  </RouterLink>
                </li>
              ))}
            </Stack>
          </Stack>

          <Stack gap="3" as="address" fontStyle="normal">
            <Heading as="h2" size="sm" color="white">
              Contact
            </Heading>
            <HStack gap="2" align="start">
              <LucidePhone aria-hidden="true" />
              <Link href={telHref(company.phone)} {...linkColor}>
                {company.phone}
              </Link>
            </HStack>
            <HStack gap="2" align="start">
              <LucidePhone aria-hidden="true" />
              <Text>
                24/7 emergency:{' '}
                <Link href={telHref(company.emergencyPhone)} {...linkColor}>
                  {company.emergencyPhone}
                </Link>
              </Text>
            </HStack>
            <HStack gap="2" align="start">
              <LucideMail aria-hidden="true" />
              <Link href={`mailto:${company.email}`} {...linkColor}>
                {company.email}
              </Link>
            </HStack>
            <HStack gap="2" align="start">
              <LucideMapPin aria-hidden="true" />
              <Text color="whiteAlpha.800">{formatAddress(company.address)}</Text>
            </HStack>
            <HStack gap="2" align="start">
              <LucideClock aria-hidden="true" />
              <Stack gap="0" color="whiteAlpha.800">
                {company.officeHours.map((h) => (
                  <Text key={h.days}>
                    {h.days}: {h.hours}
                  </Text>
                ))}
              </Stack>
            </HStack>
          </Stack>
        </Grid>

        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          gap="3"
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.300"
          fontSize="sm"
          color="whiteAlpha.700"
        >
          <Text suppressHydrationWarning>
            © {new Date().getFullYear()} {company.name}. Licensed and insured.
          </Text>
          <HStack as="nav" aria-label="Legal" gap="4" wrap="wrap">
            {LEGAL_LINKS.map((l) => (
              <RouterLink key={l.to} to={l.to} {...linkColor}>
                {l.label}
              </RouterLink>
            ))}
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
