/**
 * Clicks made before the app has started (issue 3 points 1 and 9; frontend/src/app/early-clicks.ts).
 * The public pages paint before React loads, so a visitor can press a button that has no handler
 * yet: the press must be held and replayed once the page is interactive, not lost. Here the app's
 * last chunk (app/boot) is held back by the test until the visitor has clicked.
 */
import { expect, test, type Page } from '@playwright/test';

/** Text of the hero's 'Request a Demo' alert (public-site.md §8). */
const DEMO_ALERT_TEXT = 'Demo request form would be displayed here. Please contact us to schedule a demo.';

/**
 * Holds the request for the app's boot chunk until `release()`; `requested` settles when the
 * browser asks for it, which the entry does once the page has painted and its click holder runs.
 */
async function holdBootChunk(page: Page) {
  let release!: () => void;
  let markRequested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

test('a button pressed before the app has started works once it has: the press is held and replayed', async ({ page }) => {
  const boot = await holdBootChunk(page);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/');
  await boot.requested;
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');

  // The hero's button (first screen) and the services toggle (a section that hydrates later).
  await page.getByRole('button', { name: 'Request a Demo' }).click();
  const business = page.getByRole('button', { name: 'Business', exact: true });
  await business.click();
  expect(alerts).toEqual([]);
  await expect(business).toHaveAttribute('aria-pressed', 'false');

  boot.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect.poll(() => alerts).toEqual([DEMO_ALERT_TEXT]);
  await expect(business).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('service-card')).toHaveCount(5);
});

test('a link followed before the app has started works natively (not held)', async ({ page }) => {
  const boot = await holdBootChunk(page);
  await page.goto('/');
  await boot.requested;
  await page.getByRole('link', { name: 'View All Case Studies' }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  boot.release();
});
