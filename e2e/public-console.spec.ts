/**
 * No public page logs a console error or throws while it loads, hydrates and hydrates its deferred
 * sections (a React hydration mismatch, #418, is logged as an error): each page is opened, scrolled
 * to the bottom as a visitor would, and any console error fails the test.
 */
import { expect, test } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
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
  '/shopping',
  '/calculator',
  '/consultation-payment?firstName=Lee&lastName=Park&email=lee%40example.com&phone=2125550123&buildingType=office',
  '/payment-success',
  '/consultation-success',
  '/privacy',
  '/terms',
  '/warranty',
];

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 800 : 844 } });
    for (const path of PAGES) {
      test(`${path.split('?')[0]} loads and hydrates without a console error`, async ({ page }) => {
        const errors = collectConsoleErrors(page);
        await gotoHydrated(page, path);
        // Scroll down a screen at a time: every deferred section loads and hydrates on the way.
        for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 700) {
          await page.mouse.wheel(0, 700);
          await page.waitForTimeout(60);
        }
        await expect.poll(() => page.locator('[data-deferred-section]:not([data-hydrated])').count(), { timeout: 15_000 }).toBe(0);
        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      });
    }
  });
}
