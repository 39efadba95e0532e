/**
 * A service page below its hero (public-site.md §2 service pages, §9 prices): sections, the quote
 * form in the section with id `contact`, closing call to action. Every call-to-action button
 * scrolls smoothly to `contact`. Loaded and hydrated as a deferred section (service-page.tsx).
 */
import { Badge, Box, Button, Card, Container, Grid, HStack, Heading, Icon, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '~chakra-theme/recipes/table';
import { useQuery } from '@tanstack/react-query';
import { LucideCheck, LucideStar } from 'lucide-react';
import { CheckList } from '../../components/site/check-list';
import { ScrollFade } from '../../components/site/scroll-fade';
import { ScrollToContactButton } from '../../components/site/scroll-to-contact';
import { RouterLink } from '../../components/ui/router-link';
import { localImageSrc } from '../../lib/images';
import { SECTION_IDS } from '../../lib/sections';
import { QuoteForm } from '../contact/contact-form';
import { SectionHeading } from '../home/section-heading';
import { telHref, usePublicConfig } from '../site-config/public-config';
import { testimonialsQueryOptions } from '../testimonials/api/testimonials-query';
import type { FeatureItem, PackageItem, ServicePageBody as ServicePageBodyContent, ServicePageSection } from './service-page-types';
import { SERVICE_PAGE_TESTIMONIALS } from './service-testimonials';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ slotRecipes: { table: tableSlotRecipe } });

const headingId = (title: string) => `s-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function FeatureCard({ item }: { item: FeatureItem }) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid="feature-card">
      <Card.Body gap="3">
        <Box bg="brand.subtle" color="brand.fg" rounded="lg" p="3" alignSelf="start">
          <Icon as={item.icon} boxSize="6" aria-hidden="true" />
        </Box>
        <Heading as="h3" size="md" color="brand.900">
          {item.title}
        </Heading>
        <Text color="fg.muted">{item.text}</Text>
        {item.points ? <CheckList items={item.points} gap="1" fontSize="sm" /> : null}
        {item.price ? (
          <Text fontWeight="bold" color="brand.fg" mt="auto">
            {item.price}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function PackageCard({ item }: { item: PackageItem }) {
  return (
    <Card.Root
      variant="outline"
      bg="bg"
      borderColor={item.popular ? 'accent.500' : undefined}
      borderWidth={item.popular ? '2px' : '1px'}
      position="relative"
      data-testid="package-card"
    >
      <Card.Body gap="3">
        {item.popular ? (
          <Badge alignSelf="start" colorPalette="accent" variant="solid">
            Most Popular
          </Badge>
        ) : null}
        <Heading as="h3" size="lg" color="brand.900">
          {item.name}
        </Heading>
        <HStack align="baseline" gap="2">
          <Text fontSize="4xl" fontWeight="bold" color="brand.fg">
            {item.price}
          </Text>
          <Text color="fg.muted">{item.unit}</Text>
        </HStack>
        <Text color="fg.muted">{item.summary}</Text>
        <CheckList items={item.features} gap="1.5" />
      </Card.Body>
      <Card.Footer>
        <ScrollToContactButton colorPalette={item.popular ? 'accent' : 'brand'} w="full" aria-label={`Get Quote: ${item.name}`}>
          Get Quote
        </ScrollToContactButton>
      </Card.Footer>
    </Card.Root>
  );
}

function TestimonialPair({ category }: { category: 'residential' | 'business' }) {
  const { data } = useQuery(testimonialsQueryOptions);
  const fromApi = data?.testimonials.filter((t) => !t.featured && t.serviceCategory === category).slice(0, 2) ?? [];
  const items =
    fromApi.length === 2
      ? fromApi.map((t) => ({
          name: t.name,
          role: [t.role, t.location].filter(Boolean).join(', '),
          quote: t.content,
          image: t.imageUrl ? localImageSrc(t.imageUrl) : '',
        }))
      : SERVICE_PAGE_TESTIMONIALS[category];
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      {items.map((t) => (
        <Card.Root key={t.name} variant="outline" bg="bg" data-testid="testimonial-card">
          <Card.Body gap="4">
            <HStack gap="1" color="accent.600" role="img" aria-label="Rated 5 out of 5">
              {[0, 1, 2, 3, 4].map((s) => (
                <LucideStar key={s} fill="currentColor" aria-hidden="true" />
              ))}
            </HStack>
            <Text as="blockquote" fontSize="lg">
              “{t.quote}”
            </Text>
            <HStack gap="3">
              {t.image ? (
                <Box as="img" {...{ src: t.image, alt: '', htmlWidth: 48, htmlHeight: 48, loading: 'lazy' }} rounded="full" boxSize="12" />
              ) : null}
              <Stack gap="0">
                <Text fontWeight="bold">{t.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t.role}
                </Text>
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function Section({ section, index }: { section: ServicePageSection; index: number }) {
  const id = headingId(section.title);
  const subtle = section.kind === 'cards' ? section.tone === 'subtle' : index % 2 === 1;
  return (
    <ScrollFade
      as="section"
      id={'id' in section ? section.id : undefined}
      aria-labelledby={id}
      py={{ base: '14', md: '20' }}
      bg={subtle ? 'bg.subtle' : 'bg'}
    >
      <Container maxW="7xl">
        <SectionHeading id={id} eyebrow={section.eyebrow} title={section.title}>
          {'intro' in section ? section.intro : undefined}
        </SectionHeading>
        {section.kind === 'cards' ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: section.columns ?? 3 }} gap="6">
            {section.items.map((item) => (
              <FeatureCard key={item.title} item={item} />
            ))}
          </SimpleGrid>
        ) : null}
        {section.kind === 'packages' ? (
          <>
            <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" alignItems="stretch">
              {section.items.map((item) => (
                <PackageCard key={item.name} item={item} />
              ))}
            </SimpleGrid>
            {section.footnotes ? (
              <HStack wrap="wrap" justify="center" gap="3" mt="8">
                {section.footnotes.map((f) => (
                  <Badge key={f} size="lg" variant="subtle" colorPalette="green">
                    <LucideCheck aria-hidden="true" /> {f}
                  </Badge>
                ))}
              </HStack>
            ) : null}
          </>
        ) : null}
        {section.kind === 'testimonials' ? <TestimonialPair category={section.category} /> : null}
        {section.kind === 'stats' ? (
          <SimpleGrid as="dl" columns={{ base: 2, md: section.items.length > 3 ? 4 : 3 }} gap="6">
            {section.items.map((s) => (
              <Stack key={s.label} gap="1" textAlign="center" borderWidth="1px" rounded="lg" p="5" bg="bg">
                <Text as="dt" order={2} color="fg.muted" fontSize="sm">
                  {s.label}
                </Text>
                <Text as="dd" order={1} fontSize="3xl" fontWeight="bold" color="brand.fg">
                  {s.value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        ) : null}
        {section.kind === 'specs' ? (
          <Box maxW="3xl" mx="auto" borderWidth="1px" rounded="lg" overflowX="auto">
            <Table.Root size="md" striped>
              <Table.Caption srOnly>{section.title}</Table.Caption>
              <Table.Body>
                {section.rows.map(([k, v]) => (
                  <Table.Row key={k}>
                    <Table.ColumnHeader scope="row" fontWeight="semibold" w="40%">
                      {k}
                    </Table.ColumnHeader>
                    <Table.Cell>{v}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        ) : null}
      </Container>
    </ScrollFade>
  );
}

/** The quote section (id `contact`) with the page's quote form. */
function QuoteSection({ content }: { content: ServicePageBodyContent }) {
  const { company, features } = usePublicConfig();
  return (
    <Box
      as="section"
      id={SECTION_IDS.contact}
      tabIndex={-1}
      aria-labelledby="quote-heading"
      py={{ base: '14', md: '20' }}
      bg="brand.subtle"
    >
      <Container maxW="7xl">
        <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap={{ base: '8', lg: '12' }} alignItems="start">
          <Stack gap="4">
            <Heading as="h2" id="quote-heading" size={{ base: '2xl', md: '3xl' }} color="brand.900">
              {content.quote.title}
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              {content.quote.text}
            </Text>
            <Text>
              Prefer to talk? Call{' '}
              <Box as="a" {...{ href: telHref(company.phone) }} color="brand.fg" fontWeight="semibold" textDecoration="underline">
                {company.phone}
              </Box>
              .
            </Text>
          </Stack>
          <Box borderWidth="1px" rounded="xl" p={{ base: '5', md: '8' }} shadow="sm" bg="bg">
            {features.contact_forms_enabled ? (
              <QuoteForm serviceType={content.serviceType} />
            ) : (
              <Text role="status">
                Our quote form is temporarily unavailable. Please call us at {company.phone} and we will be glad to help.
              </Text>
            )}
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}

/** Everything of a service page after its hero. */
export function ServicePageBody({ content }: { content: ServicePageBodyContent }) {
  return (
    <>
      {content.sections.map((s, i) => (
        <Section key={s.title} section={s} index={i} />
      ))}
      <QuoteSection content={content} />
      <Box as="section" aria-labelledby="closing-heading" py={{ base: '14', md: '20' }} bg="brand.950" color="white">
        <Container maxW="4xl" textAlign="center">
          <Stack gap="5" align="center">
            <Heading as="h2" id="closing-heading" size={{ base: '2xl', md: '3xl' }}>
              {content.closing.title}
            </Heading>
            <Text color="whiteAlpha.900" fontSize="lg">
              {content.closing.text}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <ScrollToContactButton size="lg" colorPalette="accent">
                {content.closing.cta}
              </ScrollToContactButton>
              <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
                <RouterLink to={content.closing.link.to} color="white" _hover={{ textDecoration: 'none' }}>
                  {content.closing.link.label}
                </RouterLink>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
