/**
 * Site image calls (staff-side.md §2, §4, §7; public-site.md §7; decisions.md §13, §14).
 *
 * - POST /api/generate-image: with `imageKey` it is the public landing call (the active image of
 *   that key, never a generation); without, a staff generation of one free prompt (admin only).
 * - GET /api/images …: the generator's state, history, runs, apply, cancel (admin only).
 * - GET /api/site-images/{id}/{width}-{hash}.webp: a stored variant (public, cached for a year).
 *
 * Units: sizes in px, bytes in bytes, credits in Stability credits, times ISO-8601.
 */
import { z } from 'zod';
import { SITE_IMAGE_KEYS } from '../content.js';
import { IMAGE_RUN_KINDS, IMAGE_RUN_STATUSES, IMAGE_STATUSES, STABILITY_ASPECT_RATIOS, STABILITY_MODELS } from '../images.js';

/** Largest seed Stability accepts (0 asks it to pick one). */
export const STABILITY_MAX_SEED = 4_294_967_294;

/**
 * A generated image as a page shows it: `src` (a middle variant, for browsers without srcset),
 * `srcSet` ("url 640w, …" of every WebP variant) and its intrinsic `width` × `height`, which the
 * page sets on the `<img>` so that nothing moves when it loads.
 */
export const siteImageSchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type SiteImage = z.output<typeof siteImageSchema>;

const siteImageKey = z.enum(SITE_IMAGE_KEYS);

/**
 * The public landing call (public-site.md §7): `imageKey` plus the spec's generation fields, which
 * are accepted and ignored (a visitor never spends credits).
 */
export const landingImageRequestSchema = z.object({
  imageKey: siteImageKey,
  prompt: z.string().max(10_000).optional(),
  negative_prompt: z.string().max(10_000).optional(),
  width: z.number().int().positive().max(8192).optional(),
  height: z.number().int().positive().max(8192).optional(),
  style: z.string().max(64).optional(),
  outputFormat: z.string().max(16).optional(),
  outputQuality: z.number().int().min(1).max(100).optional(),
});
export type LandingImageRequest = z.output<typeof landingImageRequestSchema>;

/** Answer of the landing call: the active image of the key, or `imageUrl: null` (the page keeps its built-in graphic). */
export const landingImageResponseSchema = z.object({
  success: z.boolean(),
  imageUrl: z.string().nullable(),
  image: siteImageSchema.nullable(),
});
export type LandingImageResponse = z.output<typeof landingImageResponseSchema>;

/**
 * A staff generation of one prompt (staff-side.md §7 `{prompt, width 1024, height 1024}`): the
 * aspect ratio is the one Stability accepts nearest to width/height.
 */
export const staffGenerateImageSchema = z
  .object({
    prompt: z.string().trim().min(1, 'Enter a prompt').max(10_000),
    negative_prompt: z.string().max(10_000).optional(),
    width: z.number().int().min(64).max(8192).default(1024),
    height: z.number().int().min(64).max(8192).default(1024),
    seed: z.number().int().min(0).max(STABILITY_MAX_SEED).optional(),
  })
  .strict();
export type StaffGenerateImage = z.output<typeof staffGenerateImageSchema>;

/** Answer (202) of a staff generation: queued; the image arrives over Socket.IO (`image:progress`). */
export const staffGenerateImageResponseSchema = z.object({
  success: z.literal(true),
  imageUrl: z.null(),
  runId: z.number(),
  imageId: z.number(),
});
export type StaffGenerateImageResponse = z.output<typeof staffGenerateImageResponseSchema>;

/** One stored generation (a version of a key, or a free prompt's image). */
export const imageVersionSchema = z.object({
  id: z.number(),
  runId: z.number(),
  key: siteImageKey.nullable(),
  status: z.enum(IMAGE_STATUSES),
  prompt: z.string(),
  negativePrompt: z.string().nullable(),
  model: z.enum(STABILITY_MODELS),
  aspectRatio: z.enum(STABILITY_ASPECT_RATIOS),
  /** The seed Stability used (its `seed` header), once generated. */
  seed: z.number().nullable(),
  /** Stability's `finish-reason` (SUCCESS, CONTENT_FILTERED). */
  finishReason: z.string().nullable(),
  /** Why it failed or was blocked. */
  error: z.string().nullable(),
  /** What is happening now while waiting or generating (e.g. "retrying after Stability's rate limit"). */
  progress: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  byteSize: z.number().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The active image of its key ("Applied to Website"). */
  applied: z.boolean(),
  /** The stored image, once done. */
  image: siteImageSchema.nullable(),
});
export type ImageVersion = z.output<typeof imageVersionSchema>;

/** A run and its images, as the generator shows it live. */
export const imageRunSchema = z.object({
  id: z.number(),
  kind: z.enum(IMAGE_RUN_KINDS),
  status: z.enum(IMAGE_RUN_STATUSES),
  model: z.enum(STABILITY_MODELS),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  blocked: z.number(),
  cancelled: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  items: z.array(imageVersionSchema),
});
export type ImageRun = z.output<typeof imageRunSchema>;

/** The account's credits as last read from Stability (`GET /v1/user/balance`) by the worker. */
export const imageBalanceSchema = z.object({ credits: z.number(), checkedAt: z.string() });
export type ImageBalance = z.output<typeof imageBalanceSchema>;

/** Answer of GET /api/images: everything the generator page shows. */
export const imagesOverviewSchema = z.object({
  /** False without STABILITY_API_KEY (decisions.md §14): the page says so and disables its buttons. */
  configured: z.boolean(),
  model: z.enum(STABILITY_MODELS),
  creditsPerImage: z.number(),
  /** Null until the worker has read it (a refresh is queued when it is older than a minute). */
  balance: imageBalanceSchema.nullable(),
  /** Credits the queued images of running runs will still spend. */
  reservedCredits: z.number(),
  keys: z.array(
    z.object({
      key: siteImageKey,
      description: z.string(),
      prompt: z.string(),
      aspectRatio: z.enum(STABILITY_ASPECT_RATIOS),
      usedOn: z.string(),
      /** The image shown on the site for this key, or null (the built-in illustration). */
      active: imageVersionSchema.nullable(),
      /** How many images were generated for this key. */
      versions: z.number(),
    }),
  ),
  /** The running run, else the latest one (null when none ever ran). */
  run: imageRunSchema.nullable(),
});
export type ImagesOverview = z.output<typeof imagesOverviewSchema>;

/**
 * POST /api/images/runs: Generate All / Regenerate All (`keys` omitted: the 11 keys), or
 * regenerate some keys; `seed: 'locked'` reuses the seed of each key's active image (a key
 * without one gets a new seed), `'new'` draws new seeds.
 */
export const startImageRunSchema = z
  .object({
    keys: z.array(siteImageKey).min(1).max(SITE_IMAGE_KEYS.length).optional(),
    seed: z.enum(['new', 'locked']).default('new'),
  })
  .strict();
export type StartImageRun = z.output<typeof startImageRunSchema>;

/** Answer of GET /api/images/keys/{key}/history: every version of the key, newest first. */
export const imageHistorySchema = z.object({ key: siteImageKey, versions: z.array(imageVersionSchema) });
export type ImageHistory = z.output<typeof imageHistorySchema>;

/** Path parameter of the history call. */
export const imageKeyParamSchema = siteImageKey;

/** Answer of POST /api/images/{id}/apply: the key and its new active image. */
export const applyImageResponseSchema = z.object({ key: siteImageKey, active: imageVersionSchema });
export type ApplyImageResponse = z.output<typeof applyImageResponseSchema>;
