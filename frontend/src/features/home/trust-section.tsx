/**
 * Trust section (public-site.md §2): stats strip (15+ years, 500+ properties, 4.9 rating, 100%
 * licensed and insured), partner badges (§1) and three recent installations.
 */
import { Badge, Box, Container, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LucideMapPin } from 'lucide-react';
import { ScrollFade } from '../../components/site/scroll-fade';
import { RECENT_INSTALLATIONS } from './home-content';
import { SectionHeading } from './section-heading';
import { SectionBackground } from '../../components/site/section-background';
import { useCustomerRating } from '../site-config/public-config';

/** The stats strip; the rating and its review count are the company facts staff set. */
function useTrustStats() {
  const rating = useCustomerRating();
  return [
    { value: '15+', label: 'Years of experience' },
    { value: '500+', label: 'Properties protected' },
    { value: rating.value, label: `Customer rating (of 5, ${rating.reviews} reviews)` },
    { value: '100%', label: 'Licensed and insured' },
  ];
}

const BADGES = [
  'Authorized Camera Manufacturer Partner',
  'Authorized Intercom Manufacturer Partner',
  'Certified Video-Surveillance Integrator',
  'UL Listed',
  'FCC Certified',
];

/** The trust section. */
export function TrustSection() {
  const stats = useTrustStats();
  return (
    <ScrollFade as="section" aria-labelledby="trust-heading" py={{ base: '16', md: '24' }} position="relative" overflow="hidden">
      <SectionBackground imageKey="trustSection" />
      <Container maxW="7xl" position="relative">
        <SectionHeading id="trust-heading" eyebrow="Trusted locally" title="Your Neighbors Trust Us" />
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="6" mb="10">
          {stats.map((s) => (
            <Stack key={s.label} gap="1" textAlign="center" borderWidth="1px" rounded="lg" p="5" data-testid="trust-stat">
              <Text as="dt" order={2} color="fg.muted" fontSize="sm">
                {s.label}
              </Text>
              <Text as="dd" order={1} fontSize="4xl" fontWeight="bold" color="brand.fg">
                {s.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <HStack wrap="wrap" justify="center" gap="3" mb="12" aria-label="Partners and certifications" role="list">
          {BADGES.map((b) => (
            <Badge key={b} role="listitem" size="lg" variant="outline" colorPalette="gray">
              {b}
            </Badge>
          ))}
        </HStack>
        <Heading as="h3" size="lg" textAlign="center" color="brand.900" mb="6">
          Recent Installations
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {RECENT_INSTALLATIONS.map((i) => (
            <Box key={i.place} borderWidth="1px" rounded="lg" p="5" bg="bg.subtle" data-testid="recent-installation">
              <HStack gap="2" color="brand.fg" fontWeight="semibold">
                <LucideMapPin aria-hidden="true" />
                <Text>{i.place}</Text>
              </HStack>
              <Text mt="2">{i.what}</Text>
              <Text mt="1" fontSize="sm" color="fg.muted">
                {i.when}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </ScrollFade>
  );
}
