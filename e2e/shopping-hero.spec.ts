/**
 * The /shopping hero background (public-site.md §2 "AI security designer", §8; decisions.md §14):
 * the built-in skyline graphic, replaced by the generated landing image when the server has one
 * (a `site_content` row in section `generated_images`, key LANDING_IMAGE_KEY), and kept when the
 * image fails to load. The rows are written to this run's database; the key is used by /shopping
 * only, so no other spec sees the change.
 */
import { LANDING_IMAGE_KEY } from '@ironclad/contracts';
import { expect, test, type Page } from './support/test';
import { dbQuery } from './support/e2e-env';
import { gotoHydrated } from './support/goto';

async function setLandingImage(url: string | null) {
  if (url === null) {
    await dbQuery(`DELETE FROM site_content WHERE section = 'generated_images' AND key = $1`, [LANDING_IMAGE_KEY]);
    return;
  }
  await dbQuery(
    `INSERT INTO site_content (section, key, value, type) VALUES ('generated_images', $1, $2, 'url')
     ON CONFLICT (section, key) DO UPDATE SET value = EXCLUDED.value`,
    [LANDING_IMAGE_KEY, url],
  );
}

/** Where the hero's top edge and height are, to check that nothing moves when the image arrives. */
const heroBox = (page: Page) => page.getByRole('region', { name: 'Design Your Security System in 3 Minutes' }).boundingBox();

test.describe('shopping hero background', () => {
  test.describe.configure({ mode: 'serial' });
  test.afterAll(async () => setLandingImage(null));

  test('without a generated image the built-in skyline graphic shows', async ({ page }) => {
    await setLandingImage(null);
    await gotoHydrated(page, '/shopping');
    const background = page.getByTestId('shopping-hero-background');
    await expect(background).toHaveAttribute('data-state', 'skyline');
    await expect(background.locator('svg')).toBeVisible();
    await expect(page.getByTestId('shopping-hero-image')).toHaveCount(0);
  });

  test('a generated image replaces the skyline, without moving the hero', async ({ page }) => {
    await setLandingImage('/images/heroes/heroCompare.svg');
    await page.goto('/shopping');
    const before = await heroBox(page);
    const background = page.getByTestId('shopping-hero-background');
    await expect(background).toHaveAttribute('data-state', 'loaded');
    const img = page.getByTestId('shopping-hero-image');
    await expect(img).toHaveAttribute('src', '/images/heroes/heroCompare.svg');
    await expect(img).toHaveAttribute('alt', '');
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // the image covers the hero exactly
    const [imgBox, after] = [await img.boundingBox(), await heroBox(page)];
    expect(after).toEqual(before);
    expect(imgBox).toEqual(after);
  });

  test('an image that fails to load leaves the skyline graphic', async ({ page }) => {
    await setLandingImage('/images/heroes/missing-landing-image.webp');
    const failed = page.waitForResponse((r) => r.url().endsWith('/images/heroes/missing-landing-image.webp'));
    await gotoHydrated(page, '/shopping');
    expect((await failed).status()).toBe(404);
    const background = page.getByTestId('shopping-hero-background');
    await expect(background).toHaveAttribute('data-state', 'skyline');
    await expect(page.getByTestId('shopping-hero-image')).toHaveCount(0);
    await expect(background.locator('svg')).toBeVisible();
  });
});
