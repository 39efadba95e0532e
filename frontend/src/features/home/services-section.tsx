/**
 * Services (anchor `services`, public-site.md §2): Residential / Business toggle (default
 * Residential) over 6 and 5 service cards; each card lists its first 4 features then
 * '+N more features' (§3) and links to its page with 'Learn More'. 'Secure Your Property Today -
 * Free Estimate' scrolls smoothly to the contact section.
 */
import { Box, Button, Card, Container, HStack, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { isModifiedClick, sectionHref, useSectionNavigation } from '../../components/layout/use-section-navigation';
import { CheckList } from '../../components/site/check-list';
import { RouterLink } from '../../components/ui/router-link';
import { SECTION_IDS } from '../../lib/sections';
import { BUSINESS_SERVICES, CARD_FEATURES_SHOWN, RESIDENTIAL_SERVICES, type ServiceCard } from './services-content';
import { SectionHeading } from './section-heading';
import { SectionBackground } from '../../components/site/section-background';
import { instantControl, instantMember, instantState } from '../../components/site/instant-controls';

/** The toggle's values (spec §4: residential or business, default residential). */
export type ServiceAudience = 'residential' | 'business';

const AUDIENCES: { value: ServiceAudience; label: string; cards: ServiceCard[] }[] = [
  { value: 'residential', label: 'Residential', cards: RESIDENTIAL_SERVICES },
  { value: 'business', label: 'Business', cards: BUSINESS_SERVICES },
];

/** The toggle's group of instant controls (instant-controls.ts). */
const AUDIENCE_GROUP = 'services-audience';

/** One service card. */
export function ServiceCardView({ card }: { card: ServiceCard }) {
  const more = card.features.length - CARD_FEATURES_SHOWN;
  return (
    <Card.Root variant="elevated" overflow="hidden" data-testid="service-card">
      <Box
        as="img"
        {...{ src: card.backgroundImage, alt: '', htmlWidth: 400, htmlHeight: 240, loading: 'lazy', decoding: 'async' }}
        w="100%"
        h="auto"
      />
      <Card.Body gap="3">
        <HStack gap="3">
          <Icon as={card.icon} boxSize="6" color="brand.fg" aria-hidden="true" />
          <Heading as="h3" size="lg" color="brand.900">
            {card.title}
          </Heading>
        </HStack>
        <Text color="fg.muted">{card.description}</Text>
        <CheckList items={card.features.slice(0, CARD_FEATURES_SHOWN)} gap="1.5" fontSize="sm" />
        {more > 0 ? (
          <Text fontSize="sm" color="brand.fg" fontWeight="medium">
            +{more} more features
          </Text>
        ) : null}
      </Card.Body>
      <Card.Footer>
        <RouterLink to={card.link} color="brand.fg" fontWeight="semibold" aria-label={`Learn More about ${card.title}`}>
          Learn More →
        </RouterLink>
      </Card.Footer>
    </Card.Root>
  );
}

/** The services section. */
export function ServicesSection() {
  const goToSection = useSectionNavigation();
  const [audience, setAudience] = useState<ServiceAudience>('residential');
  return (
    <Box
      as="section"
      id={SECTION_IDS.services}
      tabIndex={-1}
      aria-labelledby="services-heading"
      py={{ base: '16', md: '24' }}
      bg="bg.subtle"
      position="relative"
      overflow="hidden"
    >
      <SectionBackground imageKey="servicesOverview" />
      <Container maxW="7xl" position="relative">
        <SectionHeading id="services-heading" eyebrow="Our services" title="Complete Security Solutions">
          From a single doorbell camera to a multi-site access control system, we design, install and monitor security for residential and
          business properties.
        </SectionHeading>
        <HStack justify="center" mb="10">
          <HStack role="group" aria-label="Show services for" bg="bg" borderWidth="1px" rounded="full" p="1" gap="1">
            {AUDIENCES.map((a) => (
              <Button
                key={a.value}
                rounded="full"
                size="md"
                px="6"
                aria-pressed={audience === a.value}
                colorPalette="brand"
                // The pressed look follows aria-pressed (not the variant), so a click made before
                // the section has hydrated shows at once (instant-controls.ts).
                variant="ghost"
                _pressed={{ bg: 'colorPalette.solid', color: 'colorPalette.contrast', _hover: { bg: 'colorPalette.solid' } }}
                {...instantControl(AUDIENCE_GROUP, a.value)}
                {...instantMember(AUDIENCE_GROUP, a.value, 'pressed')}
                onClick={() => setAudience(a.value)}
              >
                {a.label}
              </Button>
            ))}
          </HStack>
        </HStack>
        {/* Both audiences' cards are in the page, the other one hidden, so the toggle can show
            them before the section has hydrated. */}
        <Box
          aria-live="polite"
          {...instantState(
            AUDIENCE_GROUP,
            audience,
            AUDIENCES.map((a) => a.value),
          )}
        >
          {AUDIENCES.map((a) => (
            <SimpleGrid
              key={a.value}
              columns={{ base: 1, md: 2, lg: 3 }}
              gap="6"
              hidden={a.value !== audience}
              {...instantMember(AUDIENCE_GROUP, a.value, 'shown')}
              data-testid={`service-cards-${a.value}`}
            >
              {a.cards.map((card) => (
                <ServiceCardView key={card.title} card={card} />
              ))}
            </SimpleGrid>
          ))}
        </Box>
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
