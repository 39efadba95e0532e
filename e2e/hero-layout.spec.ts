/**
 * Clean heroes: on every page with a hero picture, the headline's box never overlaps the
 * picture's box, at 390, 768, 1280 and 1920 px.
 */
import { expect, test } from './support/test';
import { gotoHydrated } from './support/goto';

const PAGES = [
  '/',
  '/residential-security',
  '/business-security',
  '/security-cameras',
  '/smart-home-automation',
  '/building-video-intercom',
  '/security-monitoring',
  '/compare-services',
  '/case-studies',
];

for (const width of [390, 768, 1280, 1920]) {
  test(`headlines and hero pictures do not overlap at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 500 ? 844 : width < 1000 ? 1024 : 1080 });
    for (const path of PAGES) {
      await gotoHydrated(page, path);
      const heading = page.locator('main h1');
      const image = page.getByTestId('hero-image');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const h = (await heading.boundingBox())!;
      const i = (await image.boundingBox())!;
      expect(i.width, path).toBeGreaterThan(100);
      const overlapX = Math.min(h.x + h.width, i.x + i.width) - Math.max(h.x, i.x);
      const overlapY = Math.min(h.y + h.height, i.y + i.height) - Math.max(h.y, i.y);
      expect(
        overlapX <= 0 || overlapY <= 0,
        `${path} at ${width} px: headline ${JSON.stringify(h)} overlaps picture ${JSON.stringify(i)}`,
      ).toBe(true);
      // Nothing spills out of the page sideways either.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
  });
}
