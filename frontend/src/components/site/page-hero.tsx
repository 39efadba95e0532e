/**
 * The hero of the service, comparison and case-study pages: a full-bleed background image (the
 * generated image of the page's image key when the server has one, the built-in illustration
 * otherwise), an h1, an intro and the page's call-to-action buttons.
 */
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
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

/** Page hero with background image and a dark overlay (text contrast ≥ 4.5:1). */
export function PageHero({ imageKey, fallbackImage, eyebrow, title, intro, children }: PageHeroProps) {
  const generated = useSiteImage(imageKey ?? 'heroHome', fallbackImage);
  const image: ShownImage = imageKey ? generated : { src: fallbackImage, generated: false };
  return (
    <Box as="section" position="relative" color="white" bg="brand.950" overflow="hidden" aria-labelledby="page-heading">
      <Box
        as="img"
        {...{
          src: image.src,
          srcSet: image.srcSet,
          sizes: image.srcSet ? '100vw' : undefined,
          alt: '',
          htmlWidth: image.width ?? 1600,
          htmlHeight: image.height ?? 900,
          fetchPriority: 'high',
          decoding: 'async',
        }}
        data-generated={image.generated ? 'true' : 'false'}
        data-testid="hero-image"
        position="absolute"
        inset="0"
        w="100%"
        h="100%"
        objectFit="cover"
        opacity={0.45}
      />
      <Box position="absolute" inset="0" bgGradient="to-r" gradientFrom="brand.950" gradientTo="transparent" />
      <Container maxW="7xl" position="relative" py={{ base: '16', md: '24' }}>
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
      </Container>
    </Box>
  );
}
