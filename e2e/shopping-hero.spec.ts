/**
 * The /shopping hero background (public-site.md §2 "AI security designer", §8; decisions.md §14):
 * the built-in skyline graphic, replaced by the generated landing image when one is applied
 * (key LANDING_IMAGE_KEY in `site_images`, its WebP variant in `generated_image_variants`), and
 * kept when the image fails to load. The rows are written to this run's database; the key is used
 * by /shopping only, so no other spec sees the change.
 */
import { LANDING_IMAGE_KEY } from '@ironclad/contracts';
import sharp from 'sharp';
import { request } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { dbQuery, e2eEnv } from './support/e2e-env';
import { waitForPublicConfig } from './support/site-config';
import { gotoHydrated } from './support/goto';

/**
 * Applies a landing image (`ok`: a real WebP; `broken`: bytes no browser can decode) or none, and
 * answers its URL once the api's configuration cache serves it (a change made with SQL reaches it
 * on its next poll of the configuration versions).
 */
async function setLandingImage(kind: 'none' | 'ok' | 'broken'): Promise<string | null> {
  const url = await writeLandingImage(kind);
  const { baseURL } = await e2eEnv();
  const api = await request.newContext();
  try {
    await waitForPublicConfig(api, baseURL, (c) => (c.generatedImages?.[LANDING_IMAGE_KEY]?.src ?? null) === url);
  } finally {
    await api.dispose();
  }
  return url;
}

async function writeLandingImage(kind: 'none' | 'ok' | 'broken'): Promise<string | null> {
  await dbQuery(`DELETE FROM image_runs WHERE id IN (SELECT run_id FROM generated_images WHERE image_key = $1)`, [LANDING_IMAGE_KEY]);
  if (kind === 'none') return null;
  const [run] = await dbQuery<{ id: number }>(`INSERT INTO image_runs (kind, model, total) VALUES ('one', 'core', 1) RETURNING id`);
  const [image] = await dbQuery<{ id: number }>(
    `INSERT INTO generated_images (run_id, image_key, status, prompt, model, aspect_ratio, requested_seed, seed, width, height)
     VALUES ($1, $2, 'done', 'skyline', 'core', '16:9', 1, 1, 1344, 768) RETURNING id`,
    [run!.id, LANDING_IMAGE_KEY],
  );
  const bytes =
    kind === 'ok'
      ? await sharp({ create: { width: 1344, height: 768, channels: 3, background: { r: 40, g: 70, b: 110 } } })
          .webp()
          .toBuffer()
      : Buffer.from('not an image');
  const hash = kind === 'ok' ? 'a1a1a1a1a1a1a1a1' : 'b2b2b2b2b2b2b2b2';
  await dbQuery(
    `INSERT INTO generated_image_variants (image_id, width, height, hash, byte_size, content) VALUES ($1, 1344, 768, $2, $3, $4)`,
    [image!.id, hash, bytes.length, bytes],
  );
  await dbQuery(`INSERT INTO site_images (image_key, image_id) VALUES ($1, $2)`, [LANDING_IMAGE_KEY, image!.id]);
  return `/api/site-images/${image!.id}/1344-${hash}.webp`;
}

/** Where the hero's top edge and height are, to check that nothing moves when the image arrives. */
const heroBox = (page: Page) => page.getByRole('region', { name: 'Design Your Security System in 3 Minutes' }).boundingBox();

test.describe('shopping hero background', () => {
  test.describe.configure({ mode: 'serial' });
  test.afterAll(async () => {
    await setLandingImage('none');
  });

  test('without a generated image the built-in skyline graphic shows', async ({ page }) => {
    await setLandingImage('none');
    await gotoHydrated(page, '/shopping');
    const background = page.getByTestId('shopping-hero-background');
    await expect(background).toHaveAttribute('data-state', 'skyline');
    await expect(background.locator('svg')).toBeVisible();
    await expect(page.getByTestId('shopping-hero-image')).toHaveCount(0);
  });

  test('a generated image replaces the skyline, without moving the hero', async ({ page }) => {
    const url = await setLandingImage('ok');
    await page.goto('/shopping');
    const before = await heroBox(page);
    const background = page.getByTestId('shopping-hero-background');
    await expect(background).toHaveAttribute('data-state', 'loaded');
    const img = page.getByTestId('shopping-hero-image');
    await expect(img).toHaveAttribute('src', url!);
    await expect(img).toHaveAttribute('srcset', `${url} 1344w`);
    await expect(img).toHaveAttribute('alt', '');
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // the image covers the hero exactly
    const [imgBox, after] = [await img.boundingBox(), await heroBox(page)];
    expect(after).toEqual(before);
    expect(imgBox).toEqual(after);
  });

  test('an image that fails to load leaves the skyline graphic', async ({ page }) => {
    const url = await setLandingImage('broken');
    await gotoHydrated(page, '/shopping');
    // Served (200), but no browser can decode it.
    expect((await page.request.get(url!)).status()).toBe(200);
    const background = page.getByTestId('shopping-hero-background');
    await expect(background).toHaveAttribute('data-state', 'skyline');
    await expect(page.getByTestId('shopping-hero-image')).toHaveCount(0);
    await expect(background.locator('svg')).toBeVisible();
  });
});
