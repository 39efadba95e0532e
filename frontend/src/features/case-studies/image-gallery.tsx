/**
 * Image gallery (public-site.md §2 "An image gallery component offers previous/next, thumbnails,
 * a counter and an optional remove control"): one large image, previous/next buttons (wrapping),
 * thumbnails (buttons, `aria-current` on the shown one), an 'N / M' counter, and a remove button
 * when `onRemove` is given. Arrow keys move between images when the gallery has focus.
 */
import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LucideChevronLeft, LucideChevronRight, LucideTrash2 } from 'lucide-react';
import { localImageSrc } from '../../lib/images';

export interface ImageGalleryProps {
  images: readonly string[];
  /** Accessible name of the gallery, also the base of each image's alt text. */
  label: string;
  /** Shows a remove control for the current image. */
  onRemove?: (index: number) => void;
}

/** Alt text of image `i` of `n`: seed images are before/after pairs. */
function altOf(label: string, url: string, i: number, n: number): string {
  if (/-before\.\w+$/.test(url)) return `${label}: before the installation`;
  if (/-after\.\w+$/.test(url)) return `${label}: after the installation`;
  return `${label}: image ${i + 1} of ${n}`;
}

/** The gallery (renders nothing without images). */
export function ImageGallery({ images, label, onRemove }: ImageGalleryProps) {
  const [index, setIndex] = useState(0);
  const n = images.length;
  if (n === 0) return null;
  const current = Math.min(index, n - 1);
  const go = (i: number) => setIndex(((i % n) + n) % n);
  return (
    <Stack
      gap="3"
      role="group"
      aria-roledescription="gallery"
      aria-label={label}
      data-testid="image-gallery"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(current - 1);
        if (e.key === 'ArrowRight') go(current + 1);
      }}
    >
      <Box position="relative" rounded="md" overflow="hidden" bg="bg.muted">
        <Box
          as="img"
          {...{
            src: localImageSrc(images[current]),
            alt: altOf(label, images[current], current, n),
            htmlWidth: 800,
            htmlHeight: 500,
            loading: 'lazy',
          }}
          w="100%"
          h="auto"
        />
        {n > 1 ? (
          <>
            <IconButton
              aria-label="Previous image"
              position="absolute"
              left="2"
              top="50%"
              transform="translateY(-50%)"
              size="sm"
              variant="solid"
              colorPalette="gray"
              onClick={() => go(current - 1)}
            >
              <LucideChevronLeft />
            </IconButton>
            <IconButton
              aria-label="Next image"
              position="absolute"
              right="2"
              top="50%"
              transform="translateY(-50%)"
              size="sm"
              variant="solid"
              colorPalette="gray"
              onClick={() => go(current + 1)}
            >
              <LucideChevronRight />
            </IconButton>
          </>
        ) : null}
      </Box>
      <HStack justify="space-between" gap="3">
        <HStack gap="2" wrap="wrap">
          {images.map((url, i) => (
            <Box
              as="button"
              key={`${url}-${i}`}
              {...{ type: 'button' }}
              aria-label={`Show image ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
              borderWidth="2px"
              borderColor={i === current ? 'brand.600' : 'transparent'}
              rounded="sm"
              overflow="hidden"
              cursor="pointer"
            >
              <Box
                as="img"
                {...{ src: localImageSrc(url), alt: '', htmlWidth: 64, htmlHeight: 40, loading: 'lazy' }}
                w="16"
                h="10"
                objectFit="cover"
                display="block"
              />
            </Box>
          ))}
        </HStack>
        <HStack gap="2">
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="gallery-counter">
            {current + 1} / {n}
          </Text>
          {onRemove ? (
            <IconButton aria-label="Remove image" size="sm" variant="ghost" colorPalette="red" onClick={() => onRemove(current)}>
              <LucideTrash2 />
            </IconButton>
          ) : null}
        </HStack>
      </HStack>
    </Stack>
  );
}
