/**
 * Background of the /shopping hero (public-site.md §2 "AI security designer", §8 "background
 * image generation failure is only logged (built-in graphic stays)"; decisions.md §14).
 *
 * The built-in skyline graphic (inline SVG, in the prerendered HTML) is always drawn. When a
 * generated image is active under LANDING_IMAGE_KEY (the answer of the landing call, POST
 * /api/generate-image with that key; the api renders it into the page it serves and lists it in
 * the public config), that image is laid over it; if it fails to load it is removed and the
 * skyline shows again. Both layers are absolutely positioned inside the hero, so nothing moves
 * when the image arrives (no layout shift).
 * Decorative: `alt=""`.
 */
import { Box } from '@chakra-ui/react';
import { LANDING_IMAGE_KEY } from '@ironclad/contracts';
import { useState } from 'react';
import { useSiteImage } from '../site-config/generated-image';
import { SkylineGraphic } from './skyline-graphic';

/** Which layer the hero shows: the built-in skyline, or the generated image (loading or loaded). */
export type HeroBackgroundState = 'skyline' | 'loading' | 'loaded';

/** Skyline graphic plus, when the server has one, the generated landing image over it. */
export function ShoppingHeroBackground() {
  const image = useSiteImage(LANDING_IMAGE_KEY, '');
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const showImage = image.generated && failed !== image.src;
  const state: HeroBackgroundState = !showImage ? 'skyline' : loaded === image.src ? 'loaded' : 'loading';

  return (
    <Box position="absolute" inset="0" data-testid="shopping-hero-background" data-state={state}>
      <SkylineGraphic />
      {showImage ? (
        <Box
          as="img"
          key={image.src}
          {...{
            src: image.src,
            srcSet: image.srcSet,
            sizes: '100vw',
            alt: '',
            htmlWidth: image.width ?? 1920,
            htmlHeight: image.height ?? 1080,
            decoding: 'async',
            fetchPriority: 'high',
            // An image the served HTML already held may have loaded (or failed) before hydration.
            ref: (el: HTMLImageElement | null) => {
              if (!el?.complete) return;
              if (el.naturalWidth > 0) setLoaded(image.src);
              else setFailed(image.src);
            },
            onLoad: () => setLoaded(image.src),
            onError: () => {
              console.warn(`[hero] generated image ${image.src} failed to load; keeping the built-in graphic`);
              setFailed(image.src);
            },
          }}
          data-testid="shopping-hero-image"
          position="absolute"
          inset="0"
          w="100%"
          h="100%"
          objectFit="cover"
        />
      ) : null}
    </Box>
  );
}
