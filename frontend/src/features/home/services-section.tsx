/**
 * Services (anchor `services`). A short overview linking to the service pages; the full
 * Residential/Business cards arrive with the home-page content issue.
 */
import { Box, Button, Card, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { SERVICE_PAGE_LINKS } from '../../components/layout/nav-items';
import { isModifiedClick, sectionHref, useSectionNavigation } from '../../components/layout/use-section-navigation';
import { RouterLink } from '../../components/ui/router-link';
import { SECTION_IDS } from '../../lib/sections';
import { SectionHeading } from './section-heading';

const SUMMARIES: Record<string, string> = {
  '/residential-security': 'Alarm systems, cameras and smart locks that protect your family and home.',
  '/business-security': 'Commercial security, access control and video surveillance for every site.',
  '/security-cameras': 'HD and 4K cameras with night vision, remote viewing and cloud storage.',
  '/smart-home-automation': 'Lights, locks, thermostats and cameras controlled from one app.',
  '/security-monitoring': 'Professional 24/7 monitoring with fast response from our command centre.',
  '/building-video-intercom': 'Video intercoms and visitor management for multi-family buildings.',
};

/** The services overview section. */
export function ServicesSection() {
  const goToSection = useSectionNavigation();
  return (
    <Box as="section" id={SECTION_IDS.services} aria-labelledby="services-heading" py={{ base: '16', md: '24' }} bg="bg.subtle">
      <Container maxW="7xl">
        <SectionHeading id="services-heading" eyebrow="Our services" title="Complete Security Solutions">
          From a single doorbell camera to a multi-site access control system, we design, install and monitor
          security for residential and business properties.
        </SectionHeading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {SERVICE_PAGE_LINKS.map((s) => (
            <Card.Root key={s.to} variant="elevated">
              <Card.Body gap="2">
                <Heading as="h3" size="lg" color="brand.900">
                  {s.label}
                </Heading>
                <Text color="fg.muted">{SUMMARIES[s.to]}</Text>
              </Card.Body>
              <Card.Footer>
                <RouterLink to={s.to} color="brand.fg" fontWeight="semibold" aria-label={`Learn more about ${s.label}`}>
                  Learn More →
                </RouterLink>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Box textAlign="center" mt="10">
          <Button asChild size="lg" colorPalette="brand" whiteSpace="normal" h="auto" minH="12" py="3" textAlign="center">
            <a
              href={sectionHref(SECTION_IDS.contact)}
              onClick={(e) => {
                if (isModifiedClick(e)) return;
                e.preventDefault();
                goToSection(SECTION_IDS.contact);
              }}
            >
              Secure Your Property Today - Free Estimate
            </a>
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
