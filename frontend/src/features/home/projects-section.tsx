/**
 * Recent projects (anchor `projects`, public-site.md §2, §3 "Project"): two case-study cards with
 * before/after images and their details; 'View All Case Studies' goes to /case-studies.
 */
import { Badge, Box, Button, Card, Container, Grid, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { RouterLink } from '../../components/ui/router-link';
import { ScrollFade } from '../../components/site/scroll-fade';
import { SECTION_IDS } from '../../lib/sections';
import { PROJECTS, type ProjectCard } from './home-content';
import { SectionHeading } from './section-heading';

const DETAIL_LABELS: [keyof ProjectCard['details'], string][] = [
  ['challenge', 'Challenge'],
  ['timeline', 'Timeline'],
  ['solution', 'Solution'],
  ['result', 'Result'],
];

/** A before/after image pair. */
function BeforeAfter({ project }: { project: ProjectCard }) {
  return (
    <Grid templateColumns="1fr 1fr" gap="1">
      {(
        [
          ['Before', project.beforeImage],
          ['After', project.afterImage],
        ] as const
      ).map(([label, src]) => (
        <Box as="figure" key={label} m="0">
          <Box
            as="img"
            {...{
              src,
              alt: `${project.title}, ${label.toLowerCase()} the installation`,
              htmlWidth: 800,
              htmlHeight: 500,
              loading: 'lazy',
              decoding: 'async',
            }}
            w="100%"
            h="auto"
          />
          <Text as="figcaption" fontSize="xs" textAlign="center" color="fg.muted" py="1">
            {label}
          </Text>
        </Box>
      ))}
    </Grid>
  );
}

/** The recent-projects section. */
export function ProjectsSection() {
  return (
    <ScrollFade as="section" id={SECTION_IDS.projects} tabIndex={-1} aria-labelledby="projects-heading" py={{ base: '16', md: '24' }}>
      <Container maxW="7xl">
        <SectionHeading id="projects-heading" eyebrow="Recent projects" title="Real Installations, Real Results">
          Family homes, office buildings, retail stores and multi-family properties: see how we planned, wired and commissioned systems that
          fit each property.
        </SectionHeading>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="8">
          {PROJECTS.map((p) => (
            <Card.Root key={p.title} variant="elevated" overflow="hidden" data-testid="project-card">
              <BeforeAfter project={p} />
              <Card.Body gap="3">
                <Badge alignSelf="start" colorPalette={p.type === 'RESIDENTIAL PROJECT' ? 'brand' : 'accent'} variant="subtle">
                  {p.type}
                </Badge>
                <Heading as="h3" size="lg" color="brand.900">
                  {p.title}
                </Heading>
                <Text color="fg.muted">{p.description}</Text>
                <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }} columnGap="4" rowGap="1" fontSize="sm">
                  {DETAIL_LABELS.map(([key, label]) => (
                    <Stack key={key} display="contents">
                      <Text as="dt" fontWeight="semibold">
                        {label}
                      </Text>
                      <Text as="dd" color="fg.muted" mb={{ base: '2', sm: '0' }}>
                        {p.details[key]}
                      </Text>
                    </Stack>
                  ))}
                </Box>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Stack align="center" mt="10">
          <Button asChild variant="outline" colorPalette="brand" size="lg">
            <RouterLink to="/case-studies">View All Case Studies</RouterLink>
          </Button>
        </Stack>
      </Container>
    </ScrollFade>
  );
}
