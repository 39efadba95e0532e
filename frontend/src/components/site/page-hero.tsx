/**
 * The hero of the service, comparison and case-study pages: an h1, an intro and the page's
 * call-to-action buttons, beside (wide screens) or above (narrow ones) the page's picture (the
 * generated image of the page's image key when the server has one, the built-in illustration
 * otherwise).
 */
import { Box, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { ImageKey } from '@ironclad/contracts';
import type { ReactNode } from 'react';
import { useSiteImage, type ShownImage } from '../../features/site-config/generated-image';

export interface PageHeroProps {
  /** Image key of the page (staff-side.md §3); without one the built-in image is always used. */
  imageKey?: ImageKey;
  /** Built-in illustration used when no generated image exists. */
  fallbackImage: string;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children?: ReactNode;
}

/**
 * The hero's picture in a frame of its own: beside the text on a wide screen, below it on a narrow
 * one, so the illustration's subject never sits behind the headline.
 */
export function HeroImage({ image, sizes }: { image: ShownImage; sizes: string }) {
  return (
    <Box
      as="img"
      {...{
        src: image.src,
        srcSet: image.srcSet,
        sizes: image.srcSet ? sizes : undefined,
        alt: '',
        htmlWidth: image.width ?? 1600,
        htmlHeight: image.height ?? 900,
        fetchPriority: 'high',
        decoding: 'async',
      }}
      data-generated={image.generated ? 'true' : 'false'}
      data-testid="hero-image"
      w="100%"
      h="auto"
      aspectRatio="16 / 9"
      objectFit="cover"
      rounded="2xl"
      borderWidth="1px"
      borderColor="whiteAlpha.300"
      shadow="lg"
    />
  );
}

/** Page hero: the text, and the picture beside (wide) or below (narrow) it. */
export function PageHero({ imageKey, fallbackImage, eyebrow, title, intro, children }: PageHeroProps) {
  const generated = useSiteImage(imageKey ?? 'heroHome', fallbackImage);
  const image: ShownImage = imageKey ? generated : { src: fallbackImage, generated: false };
  return (
    <Box as="section" position="relative" color="white" bg="brand.950" overflow="hidden" aria-labelledby="page-heading">
      <Container maxW="7xl" position="relative" py={{ base: '12', md: '20' }}>
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={{ base: '8', lg: '12' }} alignItems="center">
          <Stack gap="5" maxW="3xl">
            <Text fontWeight="semibold" color="accent.300" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
              {eyebrow}
            </Text>
            <Heading as="h1" id="page-heading" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              {title}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900">
              {intro}
            </Text>
            {children ? (
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="2">
                {children}
              </Stack>
            ) : null}
          </Stack>
          <HeroImage image={image} sizes="(min-width: 62em) 40vw, 100vw" />
        </Grid>
      </Container>
    </Box>
  );
}
