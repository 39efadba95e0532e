/**
 * Generated site images (staff-side.md §3 image keys, §4 "applied to the website"; public-site.md
 * §2 /shopping "replaced if the image-generation call returns an image URL").
 *
 * A page asks for its key with `useSiteImage(key, builtIn)` and gets the active generated image
 * (its WebP variants as `srcSet`, `width` and `height`) when the server has one, its built-in
 * illustration otherwise.
 *
 * The HTML and the hydration render must agree. The api renders a page with the images active
 * when it is served (backend platform/web/server-rendering.ts, {@link withRenderedSiteImages})
 * and lists them in `<script id="site-images">`; the browser hydrates with that same list, and
 * only after hydration follows the public config. A prerendered page (no list) hydrates with the
 * built-in illustrations. (A module value rather than a React context: the provider would sit in
 * every page's entry chunk, and a server render is one synchronous renderToString.)
 */
import { SITE_IMAGES_SCRIPT_ID, type ImageKey, type SiteImage, type SiteImageKey } from '@ironclad/contracts';
import { useHydrated } from '../../lib/use-hydrated';
import { usePublicConfigState } from './public-config';

/** The generated images of each key, as the public config lists them. */
export type SiteImages = Partial<Record<SiteImageKey, SiteImage>>;

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

/** The images of the server render in progress (set around one synchronous renderToString). */
let serverRenderImages: SiteImages = {};
/** The images this document was rendered with, read once. */
let documentImages: SiteImages | undefined;

/** Runs one server render (`render`, synchronous) with `images` as the page's generated images. */
export function withRenderedSiteImages<T>(images: SiteImages, render: () => T): T {
  serverRenderImages = images;
  try {
    return render();
  } finally {
    serverRenderImages = {};
  }
}

/** The images the HTML of this page was rendered with. */
function renderedSiteImages(): SiteImages {
  if (typeof document === 'undefined') return serverRenderImages;
  return (documentImages ??= documentSiteImages());
}

/** The images the api rendered this document with (`<script id="site-images">`), or none. */
function documentSiteImages(): SiteImages {
  const text = document.getElementById(SITE_IMAGES_SCRIPT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as SiteImages;
  } catch (err) {
    console.error('[site images] the embedded list is not JSON', err);
    return {};
  }
}

/** What an `<img>` of a key shows: the generated image (srcset, size) or the built-in one. */
export interface ShownImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
  generated: boolean;
}

/**
 * The image to show for `key`: while hydrating, the one the HTML was rendered with; then the
 * active one of the public config (the same on a page the api rendered); `fallback` when none.
 */
export function useSiteImage(key: SiteImageKey, fallback: string): ShownImage {
  const hydrated = useHydrated();
  const { config } = usePublicConfigState();
  const image = hydrated && config ? config.generatedImages?.[key] : renderedSiteImages()[key];
  return image
    ? { src: image.src, srcSet: image.srcSet, width: image.width, height: image.height, generated: true }
    : { src: fallback, generated: false };
}
