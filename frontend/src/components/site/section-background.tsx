/**
 * The generated background of a home section with an image key (staff-side.md §3
 * aboutSection, servicesOverview, trustSection, contactSection; §4 "applied as a page background
 * named after its key"): the active image, covered and dimmed behind the section's content,
 * loaded lazily from its srcset. Nothing without one (these sections have no built-in
 * illustration). The section must be `position: relative`; its content sits above
 * (`position: relative`). Decorative: `alt=""`.
 */
import { Box } from '@chakra-ui/react';
import type { ImageKey } from '@ironclad/contracts';
import { useSiteImage } from '../../features/site-config/generated-image';

export function SectionBackground({ imageKey, opacity = 0.12 }: { imageKey: ImageKey; opacity?: number }) {
  const image = useSiteImage(imageKey, '');
  if (!image.generated) return null;
  return (
    <Box
      as="img"
      {...{
        src: image.src,
        srcSet: image.srcSet,
        sizes: '100vw',
        alt: '',
        htmlWidth: image.width,
        htmlHeight: image.height,
        loading: 'lazy',
        decoding: 'async',
      }}
      data-testid={`section-image-${imageKey}`}
      data-image-key={imageKey}
      position="absolute"
      inset="0"
      w="100%"
      h="100%"
      objectFit="cover"
      opacity={opacity}
      pointerEvents="none"
    />
  );
}
