/**
 * Responsive variants of a generated image (IMAGE_VARIANT_WIDTHS: 640, 960, 1280 and 1920 px
 * wide, never wider than the image), made with sharp as WebP, each named by its content hash.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { variantWidthsFor } from '@ironclad/contracts';

/** One variant: its size, bytes and the first 16 hex digits of their SHA-256. */
export interface ImageVariant {
  width: number;
  height: number;
  hash: string;
  content: Buffer;
}

/** WebP quality of the variants: a dimmed full-bleed background needs no more, and it keeps a 1280 px hero near 100 KB. */
export const VARIANT_WEBP_QUALITY = 62;

/** Content hash used in the URL and the ETag. */
export const contentHash = (content: Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * Reads the image (any format sharp reads) and makes its variants.
 * @throws Error when the bytes are not an image.
 */
export async function makeVariants(original: Buffer): Promise<{ width: number; height: number; variants: ImageVariant[] }> {
  const meta = await sharp(original).metadata();
  if (!meta.width || !meta.height) throw new Error('the generated image has no size');
  const variants: ImageVariant[] = [];
  for (const width of variantWidthsFor(meta.width)) {
    const { data, info } = await sharp(original)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: VARIANT_WEBP_QUALITY, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.height, hash: contentHash(data), content: data });
  }
  return { width: meta.width, height: meta.height, variants };
}
