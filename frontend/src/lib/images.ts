/**
 * Local image URLs. The seed and the API reference `/images/projects/<slug>-before.webp`,
 * `-after.webp` and `/images/testimonials/<slug>.webp`; the site ships vector illustrations at
 * the same paths with an `.svg` extension (frontend/scripts/generate-images.mjs writes them to
 * public/images/). Any other URL (e.g. a generated image) is used as it is.
 */

/** The URL to load for an image URL of the API. */
export function localImageSrc(url: string): string {
  return /^\/images\/[\w/-]+\.webp$/.test(url) ? url.replace(/\.webp$/, '.svg') : url;
}
