/**
 * What a visitor does before the app has started (* frontend/src/app/early-input.ts). The public pages paint before React loads, so a visitor can
 * press a button or type into a field that has no handler yet: the press must be held and
 * replayed, and the typed values reach the app's state, once the page is interactive. Here the
 * app's last chunk (app/boot) is held back by the test until the visitor has acted.
 */
import { expect, test, type Page } from './support/test';
import { dbQuery } from './support/e2e-env';
import { scrollIntoHydratedView } from './support/goto';

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
  await expect(page.getByTestId('service-card').filter({ visible: true })).toHaveCount(5);
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

test('values typed and chosen before the app has started reach the designer: its Next button works after boot', async ({ page }) => {
  const boot = await holdBootChunk(page);
  await page.goto('/shopping');
  await boot.requested;
  const wizard = page.locator('#designer');
  await wizard.getByRole('button', { name: 'Office', exact: true }).click();
  await wizard.getByLabel('Square footage').fill('50000');
  await wizard.getByLabel('Number of floors').selectOption('3');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');

  boot.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(wizard.getByLabel('Square footage')).toHaveValue('50000');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByLabel('Entry points')).toBeVisible();
  // The answers are in the app's state, not only on screen: Back shows them again.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByLabel('Square footage')).toHaveValue('50000');
  await expect(wizard.getByLabel('Number of floors')).toHaveValue('3');
});

test('a name typed into the home contact form before the app has started, and finished before its section is ready, is the one stored', async ({
  page,
}) => {
  const boot = await holdBootChunk(page);
  // The contact form's section (deferred: it hydrates after the page) is held back too.
  let releaseSection!: () => void;
  const sectionReleased = new Promise<void>((resolve) => (releaseSection = resolve));
  await page.route(/\/assets\/home-closing-sections-[\w-]+\.js$/, async (route) => {
    await sectionReleased;
    await route.continue();
  });
  await page.goto('/');
  await boot.requested;
  const form = page.getByRole('form', { name: 'Contact form' });
  const firstName = form.getByLabel('First name');
  // Begun while nothing runs, finished once the page has hydrated but not the form's section.
  await firstName.fill('Gr');
  boot.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await firstName.fill('Grace');
  await expect(page.locator('[data-deferred-section="home-closing"]')).not.toHaveAttribute('data-hydrated');
  releaseSection();
  await scrollIntoHydratedView(form);
  await expect(firstName).toHaveValue('Grace');
  const email = `early-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('(212) 555-0199');
  await form.getByLabel('Property type').selectOption('multi-family');
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await posted).status()).toBe(201);
  const rows = await dbQuery<{ first_name: string }>('SELECT first_name FROM contacts WHERE email = $1', [email]);
  expect(rows).toEqual([{ first_name: 'Grace' }]);
});
