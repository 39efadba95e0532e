/**
 * /shopping — the AI security designer (public-site.md §2 "AI security designer"): hero over the
 * built-in skyline graphic (replaced by the generated landing image when the server has one),
 * benefit cards, the trust strip and the five-step wizard. When staff
 * switched `shopping_form_enabled` off (decisions.md §11) the wizard is replaced by a
 * "temporarily unavailable — call us" notice.
 */
import { Alert, Box, Button, Card, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import {
  LucideBadgeCheck,
  LucideClock,
  LucideHeadphones,
  LucideListChecks,
  LucideShieldCheck,
  LucideStar,
  LucideUsers,
  LucideWandSparkles,
} from 'lucide-react';
import { QueryProvider } from '../../app/query-provider';
import { DesignerWizard } from '../../features/designer/designer-wizard';
import { ShoppingHeroBackground } from '../../features/designer/shopping-hero-background';
import { telHref, useCustomerRating, usePublicConfig } from '../../features/site-config/public-config';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

const BENEFITS = [
  {
    icon: LucideClock,
    title: 'A quote in 3 minutes',
    text: 'Answer a few questions about your building and get a complete design and price at once.',
  },
  {
    icon: LucideListChecks,
    title: 'Itemised and transparent',
    text: 'Every camera, recorder and cable with its quantity and price — no surprises on installation day.',
  },
  {
    icon: LucideWandSparkles,
    title: 'Designed for your building',
    text: 'Cameras placed by priority: entry points first, then the areas you care about, then the perimeter.',
  },
  {
    icon: LucideShieldCheck,
    title: '5-year warranty',
    text: 'Professional installation by licensed technicians, with a 5-year equipment and 2-year labor warranty.',
  },
];

/** The trust strip; the rating is the one staff set in the company facts. */
const trustItems = (rating: { value: string }) => [
  { icon: LucideUsers, text: '5000+ owners' },
  { icon: LucideStar, text: `${rating.value}/5 rating` },
  { icon: LucideHeadphones, text: '24/7 support' },
  { icon: LucideBadgeCheck, text: 'Licensed and insured' },
];

export function ShoppingPage() {
  const { features, company } = usePublicConfig();
  const rating = useCustomerRating();
  return (
    <>
      <Box
        as="section"
        aria-labelledby="shopping-heading"
        position="relative"
        overflow="hidden"
        color="white"
        minH={{ base: '420px', md: '520px' }}
        display="flex"
        alignItems="center"
      >
        <ShoppingHeroBackground />
        <Box position="absolute" inset="0" bgGradient="to-r" gradientFrom="blackAlpha.700" gradientTo="transparent" />
        <Container maxW="7xl" position="relative" py={{ base: '14', md: '20' }}>
          <Stack gap="5" maxW="2xl">
            <Text fontWeight="semibold" color="accent.300" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
              AI Security Designer
            </Text>
            <Heading as="h1" id="shopping-heading" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              Design Your Security System in 3 Minutes
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900">
              Tell us about your building. Our designer places every camera, prices every part and gives you an itemised quote you can
              secure with a 10% deposit.
            </Text>
            {features.shopping_form_enabled ? (
              <Button asChild size="xl" colorPalette="accent" alignSelf="start">
                <a href="#designer">Start My Free Design</a>
              </Button>
            ) : null}
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-label="Why use the designer" py={{ base: '10', md: '14' }} bg="bg.subtle">
        <Container maxW="7xl">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <Card.Root key={title}>
                <Card.Body gap="2">
                  <Box color="brand.600" fontSize="2xl" aria-hidden="true">
                    <Icon />
                  </Box>
                  <Heading as="h2" size="md">
                    {title}
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    {text}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
          <HStack
            as="ul"
            aria-label="Why customers trust us"
            listStyleType="none"
            justify="center"
            wrap="wrap"
            gap={{ base: '4', md: '10' }}
            mt="10"
            p="0"
          >
            {trustItems(rating).map(({ icon: Icon, text }) => (
              <HStack as="li" key={text} gap="2" fontWeight="semibold" color="brand.800">
                <Icon aria-hidden="true" /> {text}
              </HStack>
            ))}
          </HStack>
        </Container>
      </Box>

      <Box as="section" id="designer" aria-labelledby="designer-heading" py={{ base: '12', md: '20' }} scrollMarginTop="20">
        <Container maxW="5xl">
          <Heading as="h2" id="designer-heading" size={{ base: '2xl', md: '3xl' }} mb="8" textAlign="center">
            Get Your Instant Security Quote
          </Heading>
          <Box borderWidth="1px" rounded="xl" p={{ base: '4', md: '8' }} shadow="sm" bg="bg">
            {features.shopping_form_enabled ? (
              <QueryProvider>
                <DesignerWizard />
              </QueryProvider>
            ) : (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>The AI security designer is temporarily unavailable</Alert.Title>
                  <Alert.Description>
                    Please call us at <Link href={telHref(company.phone)}>{company.phone}</Link> and we will design your system with you.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
          </Box>
        </Container>
      </Box>
    </>
  );
}
