/**
 * Call-to-action block (public-site.md §2, §7): three paths, each firing its conversion event:
 * emergency phone call (`emergency_call`, a tel: link to the emergency number), scheduled free
 * on-site visit (`schedule_quote`, scrolls to the contact form), instant AI quote (`ai_quote`,
 * goes to /shopping).
 */
import { Button, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LucideBot, LucideCalendarCheck, LucidePhoneCall } from 'lucide-react';
import { Link } from 'react-router';
import { isModifiedClick, sectionHref, useSectionNavigation } from '../../components/layout/use-section-navigation';
import { ScrollFade } from '../../components/site/scroll-fade';
import { track } from '../../lib/analytics';
import { SECTION_IDS } from '../../lib/sections';
import { telHref, usePublicConfig } from '../site-config/public-config';

/** The call-to-action block. */
export function CtaSection() {
  const { company } = usePublicConfig();
  const goToSection = useSectionNavigation();
  return (
    <ScrollFade as="section" aria-labelledby="cta-heading" py={{ base: '16', md: '24' }} bg="brand.950" color="white">
      <Container maxW="7xl">
        <Stack gap="3" textAlign="center" mb="12">
          <Heading as="h2" id="cta-heading" size={{ base: '2xl', md: '4xl' }}>
            Ready to Secure Your Property?
          </Heading>
          <Text color="whiteAlpha.900" fontSize="lg">
            Choose the fastest way for you. Consultations are free and we schedule within 24 hours.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          <Stack gap="4" bg="whiteAlpha.100" rounded="xl" p="6" borderWidth="1px" borderColor="whiteAlpha.300">
            <Icon as={LucidePhoneCall} boxSize="8" color="accent.300" aria-hidden="true" />
            <Heading as="h3" size="lg">
              Emergency? Call Now
            </Heading>
            <Text color="whiteAlpha.900">Break-in, alarm fault or urgent repair: our line is answered 24/7.</Text>
            <Button asChild colorPalette="accent" mt="auto">
              <a href={telHref(company.emergencyPhone)} onClick={() => track('emergency_call', { location: 'cta_block' })}>
                Call {company.emergencyPhone}
              </a>
            </Button>
          </Stack>
          <Stack gap="4" bg="whiteAlpha.100" rounded="xl" p="6" borderWidth="1px" borderColor="whiteAlpha.300">
            <Icon as={LucideCalendarCheck} boxSize="8" color="accent.300" aria-hidden="true" />
            <Heading as="h3" size="lg">
              Schedule a Free On-Site Visit
            </Heading>
            <Text color="whiteAlpha.900">A security expert walks your property and gives you a written quote.</Text>
            <Button asChild colorPalette="accent" mt="auto">
              <a
                href={sectionHref(SECTION_IDS.contact)}
                onClick={(e) => {
                  track('schedule_quote', { location: 'cta_block' });
                  if (isModifiedClick(e)) return;
                  e.preventDefault();
                  goToSection(SECTION_IDS.contact);
                }}
              >
                Schedule Free Visit
              </a>
            </Button>
          </Stack>
          <Stack gap="4" bg="whiteAlpha.100" rounded="xl" p="6" borderWidth="1px" borderColor="whiteAlpha.300">
            <Icon as={LucideBot} boxSize="8" color="accent.300" aria-hidden="true" />
            <Heading as="h3" size="lg">
              Instant AI Quote
            </Heading>
            <Text color="whiteAlpha.900">Answer a few questions and get an itemised quote in about 3 minutes.</Text>
            <Button asChild colorPalette="accent" mt="auto">
              <Link to="/shopping" onClick={() => track('ai_quote', { location: 'cta_block' })}>
                Get My AI Quote
              </Link>
            </Button>
          </Stack>
        </SimpleGrid>
      </Container>
    </ScrollFade>
  );
}
