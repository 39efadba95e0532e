/**
 * Generated site images (staff-side.md §3 image keys, public-site.md §2 "replaced if the
 * image-generation call returns an image URL; on failure the built-in graphic stays").
 *
 * `GET /api/public-config` lists `generatedImages: { [imageKey]: url }`; a page asks for its key
 * and gets the generated URL when the server has one, its built-in illustration otherwise. The
 * prerendered HTML and the first client render use the built-in graphic (placeholder config).
 */
import type { ImageKey, SiteImageKey } from '@ironclad/contracts';
import { usePublicConfig } from './public-config';

/** Built-in illustration of each hero image key (frontend/scripts/generate-images.mjs). */
export const BUILT_IN_HERO_IMAGES = {
  heroHome: '/images/heroes/heroHome.svg',
  heroResidential: '/images/heroes/heroResidential.svg',
  heroBusiness: '/images/heroes/heroBusiness.svg',
  heroCameras: '/images/heroes/heroCameras.svg',
  heroSmartHome: '/images/heroes/heroSmartHome.svg',
  heroIntercom: '/images/heroes/heroIntercom.svg',
  heroCompare: '/images/heroes/heroCompare.svg',
} as const satisfies Partial<Record<ImageKey, string>>;

/** The URL to show for `key`: the generated image when the server has one, else `fallback`. */
export function useSiteImage(key: SiteImageKey, fallback: string): { src: string; generated: boolean } {
  const url = usePublicConfig().generatedImages?.[key];
  return url ? { src: url, generated: true } : { src: fallback, generated: false };
}
