/**
 * Route component of `/compare-services` (public-site.md §2 "Compare services page"): intro
 * and the comparison tool. The tool is prerendered in full and hydrates when the visitor starts
 * using the page (components/site/deferred-section.tsx).
 */
import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { PageHero } from '../../components/site/page-hero';
import { deferredSection } from '../../components/site/deferred-section';
import { BUILT_IN_HERO_IMAGES } from '../../features/site-config/generated-image';

const ComparisonTool = deferredSection('comparison-tool', () =>
  import('../../features/compare/comparison-tool').then((m) => m.ComparisonTool),
);

/** The page. */
export function CompareServicesPage() {
  return (
    <>
      <PageHero
        imageKey="heroCompare"
        fallbackImage={BUILT_IN_HERO_IMAGES.heroCompare}
        eyebrow="Compare services"
        title="Compare Our Security Services Side by Side"
        intro="Residential, business, camera and smart home services: prices, storage, warranty and features at a glance. Pick up to three and download the comparison."
      />
      <Box as="section" aria-label="Comparison tool" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <ComparisonTool />
        </Container>
      </Box>
      <Box as="section" aria-labelledby="compare-next" pb="16">
        <Container maxW="3xl" textAlign="center">
          <Stack gap="4" align="center">
            <Heading as="h2" id="compare-next" size="2xl" color="brand.900">
              Still Deciding?
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              A security expert can recommend the right mix for your property in a free consultation.
            </Text>
            <Button asChild colorPalette="brand" size="lg">
              <Link to="/#contact">Get a Free Consultation</Link>
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
