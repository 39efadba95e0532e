/**
 * The public case-studies portfolio (public-site.md §2 "Case-studies page", §4): hero counts
 * (completed projects, service categories, featured projects), at most 2 featured projects,
 * category tabs all / residential / commercial / industrial / smart_home with counts, cards that
 * expand Challenge, Solution and Results and show tags, the empty state 'No Case Studies Found',
 * and an image gallery per project. Loading and error states included. All text from the API is
 * rendered as text (React escapes it).
 */
import { Badge, Box, Button, Card, Container, Grid, HStack, Heading, SimpleGrid, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { tabsSlotRecipe } from '~chakra-theme/recipes/tabs';
import { CASE_STUDY_CATEGORIES, type CaseStudy, type CaseStudyCategory } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LucideChevronDown, LucideChevronUp, LucideSearchX } from 'lucide-react';
import { PageHero } from '../../components/site/page-hero';
import { localImageSrc } from '../../lib/images';
import { caseStudiesQueryOptions } from './api/case-studies-query';
import { ImageGallery } from './image-gallery';
import { registerRecipes } from '../../components/ui/recipes';
import { hydrateServerQueries } from '../../app/query-provider';
import { HorizontalScroll } from '../../components/site/horizontal-scroll';
import { instantControl, instantMember, instantState } from '../../components/site/instant-controls';

registerRecipes({ slotRecipes: { tabs: tabsSlotRecipe } });
// The case studies the api rendered this page with, before the first render hydrates its HTML.
hydrateServerQueries();

/** Featured projects shown at most (spec §9). */
export const MAX_FEATURED = 2;

type Tab = 'all' | CaseStudyCategory;

/** The tabs, in order. */
const TABS: readonly Tab[] = ['all', ...CASE_STUDY_CATEGORIES];

/** The tabs' group of instant controls (instant-controls.ts). */
const TAB_GROUP = 'case-study-tab';

/** Tab labels (values are the spec's category names). */
export const CATEGORY_LABELS: Record<Tab, string> = {
  all: 'All Projects',
  residential: 'Residential',
  commercial: 'Commercial',
  industrial: 'Industrial',
  smart_home: 'Smart Home',
};

const money = (dollars: number) => dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const monthYear = (date: string) =>
  new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function Facts({ study }: { study: CaseStudy }) {
  return (
    <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
      {study.client ? <Text>Client: {study.client}</Text> : null}
      {study.projectValue !== null ? <Text>Project value: {money(study.projectValue)}</Text> : null}
      {study.completionDate ? <Text>Completed {monthYear(study.completionDate)}</Text> : null}
    </HStack>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap" aria-label="Tags" role="list">
      {tags.map((t) => (
        <Badge key={t} role="listitem" variant="subtle" colorPalette="gray">
          {t}
        </Badge>
      ))}
    </HStack>
  );
}

function Details({ study }: { study: CaseStudy }) {
  return (
    <Stack gap="4">
      {(
        [
          ['Challenge', study.challenge],
          ['Solution', study.solution],
          ['Results', study.results],
        ] as const
      ).map(([label, text]) => (
        <Stack key={label} gap="1">
          <Heading as="h4" size="sm" color="brand.900">
            {label}
          </Heading>
          <Text color="fg.muted" whiteSpace="pre-line">
            {text}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** A case-study card with its expandable details. */
export function CaseStudyCard({ study }: { study: CaseStudy }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const cover = study.imageUrl ?? study.images[0] ?? null;
  return (
    <Card.Root variant="outline" overflow="hidden" data-testid="case-study-card">
      {cover ? (
        <Box as="img" {...{ src: localImageSrc(cover), alt: '', htmlWidth: 800, htmlHeight: 500, loading: 'lazy' }} w="100%" h="auto" />
      ) : null}
      <Card.Body gap="3">
        <Badge alignSelf="start" colorPalette="brand" variant="subtle">
          {CATEGORY_LABELS[study.category]}
        </Badge>
        <Heading as="h3" size="md" color="brand.900">
          {study.title}
        </Heading>
        <Text color="fg.muted">{study.description}</Text>
        <Facts study={study} />
        <Tags tags={study.tags} />
        <Button
          variant="outline"
          colorPalette="brand"
          size="sm"
          alignSelf="start"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <LucideChevronUp aria-hidden="true" /> : <LucideChevronDown aria-hidden="true" />}
          {open ? 'Hide Details' : 'View Details'}
        </Button>
        <Box id={detailsId} hidden={!open} data-testid="case-study-details">
          {open ? (
            <Stack gap="5" pt="2">
              <Details study={study} />
              <ImageGallery images={study.images} label={study.title} />
            </Stack>
          ) : null}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function FeaturedProject({ study }: { study: CaseStudy }) {
  return (
    <Card.Root variant="elevated" overflow="hidden" data-testid="featured-case-study">
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="0">
        <Box p={{ base: '4', md: '6' }} bg="bg.subtle">
          <ImageGallery images={study.images.length ? study.images : study.imageUrl ? [study.imageUrl] : []} label={study.title} />
        </Box>
        <Card.Body gap="3">
          <HStack gap="2">
            <Badge colorPalette="accent" variant="solid">
              Featured
            </Badge>
            <Badge colorPalette="brand" variant="subtle">
              {CATEGORY_LABELS[study.category]}
            </Badge>
          </HStack>
          <Heading as="h3" size="lg" color="brand.900">
            {study.title}
          </Heading>
          <Text color="fg.muted">{study.description}</Text>
          <Facts study={study} />
          <Details study={study} />
          <Tags tags={study.tags} />
        </Card.Body>
      </Grid>
    </Card.Root>
  );
}

/** Hero counts: completed projects, service categories, featured projects (≤ 2). */
export function portfolioCounts(studies: readonly CaseStudy[]) {
  return {
    projects: studies.length,
    categories: new Set(studies.map((s) => s.category)).size,
    featured: Math.min(studies.filter((s) => s.featured).length, MAX_FEATURED),
  };
}

/** The whole page body. */
export function CaseStudiesPortfolio() {
  const query = useQuery(caseStudiesQueryOptions);
  const [tab, setTab] = useState<Tab>('all');
  const studies = query.data ?? [];
  const counts = portfolioCounts(studies);
  const featured = studies.filter((s) => s.featured).slice(0, MAX_FEATURED);
  const tabCount = (t: Tab) => (t === 'all' ? studies.length : studies.filter((s) => s.category === t).length);
  const shown = tab === 'all' ? studies : studies.filter((s) => s.category === tab);
  const fmt = (n: number) => (query.isSuccess ? String(n) : '–');

  return (
    <>
      <PageHero
        fallbackImage="/images/heroes/heroCaseStudies.svg"
        eyebrow="Case studies"
        title="Our Work: Security Projects Across the Metro Area"
        intro="Homes, offices, warehouses, apartment buildings and construction sites: the challenge, what we installed and the results."
      >
        <SimpleGrid as="dl" columns={3} gap={{ base: '4', md: '10' }} pt="2" data-testid="case-study-counts">
          {(
            [
              ['Completed Projects', counts.projects],
              ['Service Categories', counts.categories],
              ['Featured Projects', counts.featured],
            ] as const
          ).map(([label, value]) => (
            <Stack key={label} gap="0">
              <Text as="dt" order={2} fontSize="sm" color="whiteAlpha.900">
                {label}
              </Text>
              <Text as="dd" order={1} fontSize={{ base: '2xl', md: '4xl' }} fontWeight="bold">
                {fmt(value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </PageHero>

      <Box as="section" aria-labelledby="portfolio-heading" py={{ base: '12', md: '16' }}>
        <Container maxW="7xl">
          <Heading as="h2" id="portfolio-heading" size={{ base: '2xl', md: '3xl' }} color="brand.900" mb="8">
            Project Portfolio
          </Heading>
          {query.isPending ? (
            <HStack role="status" gap="3" py="16" justify="center">
              <Spinner size="md" color="brand.fg" />
              <Text>Loading case studies…</Text>
            </HStack>
          ) : query.isError ? (
            <Stack role="alert" align="center" gap="3" py="16" textAlign="center">
              <Heading as="h3" size="md">
                We could not load our case studies
              </Heading>
              <Text color="fg.muted">Please check your connection and try again.</Text>
              <Button colorPalette="brand" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            </Stack>
          ) : (
            <Stack gap="12">
              {featured.length > 0 ? (
                <Stack gap="6" as="section" aria-labelledby="featured-heading">
                  <Heading as="h3" id="featured-heading" size="xl" color="brand.900">
                    Featured Projects
                  </Heading>
                  {featured.map((s) => (
                    <FeaturedProject key={s.id} study={s} />
                  ))}
                </Stack>
              ) : null}
              <Tabs.Root
                value={tab}
                onValueChange={(d) => setTab(d.value as Tab)}
                variant="enclosed"
                colorPalette="brand"
                lazyMount={false}
                {...instantState(TAB_GROUP, tab, TABS)}
              >
                <HorizontalScroll pb="1" data-testid="case-study-tabs-scroller">
                  <Tabs.List aria-label="Filter by category" w="max-content" minW="full">
                    {TABS.map((t) => (
                      <Tabs.Trigger
                        key={t}
                        value={t}
                        data-testid={`tab-${t}`}
                        whiteSpace="nowrap"
                        flexShrink={0}
                        {...instantControl(TAB_GROUP, t)}
                        {...instantMember(TAB_GROUP, t, 'selected')}
                      >
                        {CATEGORY_LABELS[t]} ({tabCount(t)})
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                </HorizontalScroll>
                <Tabs.Content value={tab} pt="6">
                  {shown.length === 0 ? (
                    <Stack role="status" align="center" gap="3" py="16" textAlign="center" data-testid="case-studies-empty">
                      <LucideSearchX size={40} aria-hidden="true" />
                      <Heading as="h3" size="lg">
                        No Case Studies Found
                      </Heading>
                      <Text color="fg.muted">There are no published projects in this category yet. Please check back soon.</Text>
                    </Stack>
                  ) : (
                    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" alignItems="start">
                      {/* Each card says which tabs show it, so a tab chosen before the section has
                          hydrated hides the others at once (instant-controls.ts). */}
                      {shown.map((s) => (
                        <Box key={s.id} {...instantMember(TAB_GROUP, ['all', s.category], 'shown')}>
                          <CaseStudyCard study={s} />
                        </Box>
                      ))}
                    </SimpleGrid>
                  )}
                </Tabs.Content>
              </Tabs.Root>
            </Stack>
          )}
        </Container>
      </Box>
    </>
  );
}
