import sharp from 'sharp';
import { aspectRatioFor, siteImageVariantPath, variantWidthsFor } from '@ironclad/contracts';
import { contentHash, makeVariants } from './image-variants.js';
import { siteImageOf } from './image-store.service.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 120 } } })
    .webp()
    .toBuffer();

it('makes WebP variants 640, 960, 1280 px wide and the image width, never wider than the image', async () => {
  const { width, height, variants } = await makeVariants(await picture(1344, 768));
  expect([width, height]).toEqual([1344, 768]);
  expect(variants.map((v) => [v.width, v.height])).toEqual([
    [640, 366],
    [960, 549],
    [1280, 731],
    [1344, 768],
  ]);
  for (const v of variants) {
    expect((await sharp(v.content).metadata()).format).toBe('webp');
    expect(v.hash).toBe(contentHash(v.content));
    expect(v.hash).toMatch(/^[0-9a-f]{16}$/);
  }
  expect(variantWidthsFor(2048)).toEqual([640, 960, 1280, 1920]);
  expect(variantWidthsFor(1024)).toEqual([640, 960, 1024]);
});

it('a site image lists every variant in its srcset with the widest size', () => {
  const image = siteImageOf(7, [
    { width: 1344, height: 768, hash: 'c'.repeat(16) },
    { width: 640, height: 366, hash: 'a'.repeat(16) },
    { width: 1280, height: 731, hash: 'b'.repeat(16) },
  ]);
  expect(image).toEqual({
    src: siteImageVariantPath(7, 1280, 'b'.repeat(16)),
    srcSet: `/api/site-images/7/640-${'a'.repeat(16)}.webp 640w, /api/site-images/7/1280-${'b'.repeat(16)}.webp 1280w, /api/site-images/7/1344-${'c'.repeat(16)}.webp 1344w`,
    width: 1344,
    height: 768,
  });
  expect(siteImageOf(7, [])).toBeNull();
});

it('maps a requested size to the nearest aspect ratio Stability accepts', () => {
  expect(aspectRatioFor(1024, 1024)).toBe('1:1');
  expect(aspectRatioFor(1920, 1080)).toBe('16:9');
  expect(aspectRatioFor(1080, 1920)).toBe('9:16');
  expect(aspectRatioFor(1200, 800)).toBe('3:2');
});
