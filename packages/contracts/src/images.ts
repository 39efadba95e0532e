/**
 * Generated site images (staff-side.md §2 "/generate-images", §3 "Generated image", §4 "Image
 * generator", §8 "Image generation"; public-site.md §2 /shopping hero; decisions.md §13, §14):
 * what each image key shows and how it is asked of Stability AI, the models and their credit
 * cost, the states of a generation and the texts the generator shows.
 */
import { IMAGE_KEYS, LANDING_IMAGE_KEY, SITE_IMAGE_KEYS, type ImageKey, type SiteImageKey } from './content.js';

/** Aspect ratios Stability's Stable Image endpoints accept (`aspect_ratio`). */
export const STABILITY_ASPECT_RATIOS = ['21:9', '16:9', '3:2', '5:4', '1:1', '4:5', '2:3', '9:16', '9:21'] as const;
export type StabilityAspectRatio = (typeof STABILITY_ASPECT_RATIOS)[number];

/**
 * The Stable Image models the worker may call: `POST {STABILITY_BASE_URL}/v2beta/stable-image/generate/{model}`
 * (`STABILITY_MODEL`, default core).
 */
export const STABILITY_MODELS = ['core', 'ultra', 'sd3'] as const;
export type StabilityModel = (typeof STABILITY_MODELS)[number];

/**
 * Credits one successful image costs per model (Stability's price list: Stable Image Core 3,
 * Ultra 8, SD 3.5 Large 6.5). A run is refused when the balance cannot cover its images.
 */
export const STABILITY_CREDITS_PER_IMAGE: Record<StabilityModel, number> = { core: 3, ultra: 8, sd3: 6.5 };

/** What the generator knows of one image key: its description (staff-side.md §3) and how it is asked for. */
export interface SiteImageSpec {
  description: string;
  prompt: string;
  negativePrompt: string;
  /** 16:9 for the 1920×1080 heroes and the landing background, 1:1 for the 1024×1024 section images. */
  aspectRatio: StabilityAspectRatio;
  /** Where the site shows it. */
  usedOn: string;
}

const NEGATIVE = 'text, watermark, logo, lettering, blurry, low quality, distorted, cartoon, people faces close-up';

/** Every image key the site uses, with its default prompt. */
export const SITE_IMAGE_SPECS: Record<SiteImageKey, SiteImageSpec> = {
  heroHome: {
    description: 'Home page hero',
    prompt:
      'Professional photograph of a modern suburban home at dusk with discreet security cameras under the eaves, warm interior light, deep blue sky, wide angle',
    negativePrompt: NEGATIVE,
    aspectRatio: '16:9',
    usedOn: '/',
  },
  heroResidential: {
    description: 'Residential security hero',
    prompt: 'Professional photograph of a family home entrance with a smart video doorbell and a security camera, evening light, inviting',
    negativePrompt: NEGATIVE,
    aspectRatio: '16:9',
    usedOn: '/residential-security',
  },
  heroBusiness: {
    description: 'Business security hero',
    prompt: 'Professional photograph of a modern office lobby with an access control panel and ceiling dome cameras, clean corporate look',
    negativePrompt: NEGATIVE,
    aspectRatio: '16:9',
    usedOn: '/business-security',
  },
  heroCameras: {
    description: 'Security cameras hero',
    prompt:
      'Close professional product photograph of a white bullet security camera mounted on a brick wall, shallow depth of field, night city bokeh',
    negativePrompt: NEGATIVE,
    aspectRatio: '16:9',
    usedOn: '/security-cameras',
  },
  heroSmartHome: {
    description: 'Smart home hero',
    prompt: 'Professional photograph of a bright modern living room with a wall-mounted smart home control tablet, soft daylight',
    negativePrompt: NEGATIVE,
    aspectRatio: '16:9',
    usedOn: '/smart-home-automation',
  },
  heroIntercom: {
    description: 'Building video intercom hero',
    prompt: 'Professional photograph of an apartment building entrance with a stainless steel video intercom panel, evening, glass doors',
    negativePrompt: NEGATIVE,
    aspectRatio: '16:9',
    usedOn: '/building-video-intercom',
  },
  heroCompare: {
    description: 'Compare services hero',
    prompt: 'Professional photograph of a home and a small business storefront side by side on a street at dusk, security lighting',
    negativePrompt: NEGATIVE,
    aspectRatio: '16:9',
    usedOn: '/compare-services',
  },
  aboutSection: {
    description: 'About section background',
    prompt:
      'Professional photograph of a security installation technician van parked in front of a house, morning light, clean and friendly',
    negativePrompt: NEGATIVE,
    aspectRatio: '1:1',
    usedOn: '/ (About)',
  },
  servicesOverview: {
    description: 'Services overview background',
    prompt:
      'Professional photograph of a 24/7 security monitoring centre with a wall of screens, blue ambient light, calm operators from behind',
    negativePrompt: NEGATIVE,
    aspectRatio: '1:1',
    usedOn: '/ (Services), /security-monitoring',
  },
  trustSection: {
    description: 'Trust section background',
    prompt: 'Professional photograph of a neatly installed network video recorder rack with organised cabling, shallow depth of field',
    negativePrompt: NEGATIVE,
    aspectRatio: '1:1',
    usedOn: '/ (Trust)',
  },
  contactSection: {
    description: 'Contact section background',
    prompt: 'Professional photograph of a friendly office reception desk of a security company with a phone and a tablet, soft light',
    negativePrompt: NEGATIVE,
    aspectRatio: '1:1',
    usedOn: '/ (Contact)',
  },
  [LANDING_IMAGE_KEY]: {
    description: 'AI security designer landing background',
    prompt:
      'Professional architectural photograph of a city skyline at blue hour with modern office buildings, subtle security lighting, photographic style',
    negativePrompt: 'cartoon, illustration, low quality, blurry, distorted, text, watermark',
    aspectRatio: '16:9',
    usedOn: '/shopping',
  },
};

/** The keys "Generate All" makes (staff-side.md §4: the 11 keys, one after another). */
export const GENERATE_ALL_KEYS: readonly ImageKey[] = IMAGE_KEYS;

/** Whether `key` is an image key the site uses. */
export const isSiteImageKey = (key: string): key is SiteImageKey => (SITE_IMAGE_KEYS as readonly string[]).includes(key);

/**
 * The aspect ratio Stability is asked for a requested size (staff-side.md §7 `{width, height}`):
 * the accepted ratio nearest to width/height (1024×1024 → 1:1, 1920×1080 → 16:9).
 */
export function aspectRatioFor(width: number, height: number): StabilityAspectRatio {
  const wanted = Math.log(width / height);
  let best: StabilityAspectRatio = '1:1';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const ratio of STABILITY_ASPECT_RATIOS) {
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    const distance = Math.abs(Math.log(w / h) - wanted);
    if (distance < bestDistance) {
      best = ratio;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Widths (px) of the WebP variants made of every generated image (never wider than the image
 * itself; the image's own width is added when it is narrower than the largest).
 */
export const IMAGE_VARIANT_WIDTHS = [640, 960, 1280, 1920] as const;

/** The variant widths of an image `width` px wide. */
export function variantWidthsFor(width: number): number[] {
  const largest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;
  const top = Math.min(width, largest);
  return [...IMAGE_VARIANT_WIDTHS.filter((w) => w < top), top];
}

/** URL path of one stored variant: content-hashed (`hash` = the first 16 hex digits of its SHA-256), so it is cached for a year. */
export const siteImageVariantPath = (imageId: number, width: number, hash: string) => `/api/site-images/${imageId}/${width}-${hash}.webp`;

/**
 * States of one image of a run (staff-side.md §4): waiting in the queue, generating, done (stored),
 * failed (logged and skipped), blocked by Stability's content filter (not retried), cancelled
 * with its run before it started.
 */
export const IMAGE_STATUSES = ['waiting', 'generating', 'done', 'failed', 'blocked', 'cancelled'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];
/** The states after which an image never changes again. */
export const FINAL_IMAGE_STATUSES: readonly ImageStatus[] = ['done', 'failed', 'blocked', 'cancelled'];

/** A run: Generate All / Regenerate All (`all`), one key (`one`), or a free prompt of POST /api/generate-image (`custom`). */
export const IMAGE_RUN_KINDS = ['all', 'one', 'custom'] as const;
export type ImageRunKind = (typeof IMAGE_RUN_KINDS)[number];
export const IMAGE_RUN_STATUSES = ['running', 'completed', 'cancelled'] as const;
export type ImageRunStatus = (typeof IMAGE_RUN_STATUSES)[number];

/** Texts of the generator (staff-side.md §4, §8), word for word where the spec gives them. */
export const IMAGE_TEXTS = {
  /** §8, on a non-OK response for one image. */
  failedToGenerate: (key: string) => `Failed to generate ${key} image`,
  /** §8, when an image's answer says success false (failed or blocked). */
  generationFailedFor: (key: string) => `Image generation failed for ${key}`,
  /** §8, overall failure. */
  generationErrorTitle: 'Generation Error',
  generationErrorDescription: 'Please verify your API configuration and try again',
  /** §8, success, with the count created. */
  generatedTitle: 'Professional Images Generated',
  generatedDescription: (count: number) => `${count} ${count === 1 ? 'image' : 'images'} created and applied to the website`,
  /** §4 badge of an image shown on the site. */
  appliedBadge: 'Applied to Website',
  /** decisions.md §14: no STABILITY_API_KEY. */
  notConfigured: 'Image generation is not configured.',
  notConfiguredHow:
    'Set STABILITY_API_KEY (a Stability AI key from platform.stability.ai) in the environment of the api and the worker, then restart them. Until then the site keeps its built-in illustrations.',
} as const;

/** The keys of the generator's list, in order: the 11 of Generate All, then the landing background. */
export const GENERATOR_KEYS: readonly SiteImageKey[] = [...IMAGE_KEYS, LANDING_IMAGE_KEY];
