/**
 * Recent projects (anchor `projects`). Short overview for now; the case-study cards with
 * before/after images arrive with the home-page content issue.
 */
import { Box, Button, Container, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { RouterLink } from '../../components/ui/router-link';
import { SECTION_IDS } from '../../lib/sections';
import { SectionHeading } from './section-heading';

const FIGURES = [
  { label: 'Properties protected', value: '500+' },
  { label: 'Customer rating', value: '4.9/5' },
  { label: 'Installation warranty', value: '5 years' },
];

/** The recent-projects section. */
export function ProjectsSection() {
  return (
    <Box as="section" id={SECTION_IDS.projects} aria-labelledby="projects-heading" py={{ base: '16', md: '24' }}>
      <Container maxW="7xl">
        <SectionHeading id="projects-heading" eyebrow="Recent projects" title="Real Installations, Real Results">
          Family homes, office buildings, retail stores and multi-family properties: see how we planned, wired and
          commissioned systems that fit each property.
        </SectionHeading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" maxW="4xl" mx="auto">
          {FIGURES.map((f) => (
            <Stat.Root key={f.label} borderWidth="1px" rounded="lg" p="5" textAlign="center" alignItems="center">
              <Stat.ValueText fontSize="3xl" color="brand.fg">
                {f.value}
              </Stat.ValueText>
              <Stat.Label>{f.label}</Stat.Label>
            </Stat.Root>
          ))}
        </SimpleGrid>
        <Stack align="center" mt="10">
          <Button asChild variant="outline" colorPalette="brand" size="lg">
            <RouterLink to="/case-studies">View All Case Studies</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
