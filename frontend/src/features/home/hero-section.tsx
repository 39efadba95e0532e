/**
 * Home hero (anchor `home`): 'Get Your Free Estimate' goes to /shopping; 'Request a Demo' only
 * shows an alert (public-site.md §2, §8).
 */
import { Badge, Box, Button, Container, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { LucideShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { SECTION_IDS } from '../../lib/sections';
import { HeroImage } from '../../components/site/page-hero';
import { BUILT_IN_HERO_IMAGES, useSiteImage } from '../site-config/generated-image';
import { useCustomerRating } from '../site-config/public-config';

/** Text of the 'Request a Demo' alert (spec §8). */
export const DEMO_ALERT_TEXT = 'Demo request form would be displayed here. Please contact us to schedule a demo.';

/** Figures of the side panel (public-site.md §1 marketing claims; the rating is the company facts'). */
function useFigures() {
  const rating = useCustomerRating();
  return [
    { value: '24/7', label: 'Professional monitoring' },
    { value: '13 s', label: 'Average monitoring response' },
    { value: `${rating.value}/5`, label: `Customer rating, ${rating.reviews} reviews` },
    { value: '500+', label: 'Properties protected' },
  ];
}

const HIGHLIGHTS = ['50+ years of combined experience', '24/7 monitoring', '5-year equipment warranty', '100% licensed and insured'];

/** The hero section. */
export function HeroSection() {
  const image = useSiteImage('heroHome', BUILT_IN_HERO_IMAGES.heroHome);
  const figures = useFigures();
  return (
    <Box
      as="section"
      id={SECTION_IDS.home}
      tabIndex={-1}
      aria-labelledby="home-heading"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientVia="brand.800"
      gradientTo="brand.600"
      color="white"
      py={{ base: '16', md: '28' }}
      position="relative"
      overflow="hidden"
    >
      <Container maxW="7xl" position="relative">
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="12" alignItems="center">
          <Stack gap="6" maxW="3xl">
            <Badge alignSelf="start" colorPalette="accent" variant="solid" size="lg" rounded="full" px="3">
              <LucideShieldCheck aria-hidden="true" /> Trusted by 5000+ property owners
            </Badge>
            <Heading as="h1" id="home-heading" size={{ base: '4xl', md: '6xl' }} lineHeight="1.1" letterSpacing="tight">
              Professional Security Systems for Homes and Businesses
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900">
              Security cameras, alarm systems, access control, smart home automation and 24/7 monitoring — designed, installed and supported
              by our licensed team.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="xl" colorPalette="accent">
                <Link to="/shopping">Get Your Free Estimate</Link>
              </Button>
              <Button
                size="xl"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
                onClick={() => window.alert(DEMO_ALERT_TEXT)}
              >
                Request a Demo
              </Button>
            </Stack>
            <HStack as="ul" listStyleType="none" gap={{ base: '3', md: '6' }} wrap="wrap" pt="2" fontSize="sm" color="whiteAlpha.900">
              {HIGHLIGHTS.map((h) => (
                <HStack as="li" key={h} gap="1.5">
                  <Box as="span" display="inline-flex" color="accent.400" aria-hidden="true">
                    <LucideShieldCheck />
                  </Box>
                  {h}
                </HStack>
              ))}
            </HStack>
          </Stack>
          <Stack gap="6">
            {/* The generated heroHome image when staff made one, the built-in skyline otherwise: beside the text, never behind it. */}
            <HeroImage image={image} sizes="(min-width: 62em) 40vw, 100vw" />
            <Box
              hideBelow="lg"
              bg="whiteAlpha.100"
              borderWidth="1px"
              borderColor="whiteAlpha.300"
              rounded="2xl"
              p="8"
              backdropFilter="blur(6px)"
            >
              <Text fontWeight="semibold" color="accent.300" mb="6">
                Security you can count on
              </Text>
              <Grid as="dl" templateColumns="repeat(2, 1fr)" gap="6">
                {figures.map((f) => (
                  <Stack key={f.label} gap="1">
                    <Text as="dt" order={2} fontSize="sm" color="whiteAlpha.800">
                      {f.label}
                    </Text>
                    <Text as="dd" order={1} fontSize="3xl" fontWeight="bold">
                      {f.value}
                    </Text>
                  </Stack>
                ))}
              </Grid>
            </Box>
          </Stack>
        </Grid>
      </Container>
    </Box>
  );
}
