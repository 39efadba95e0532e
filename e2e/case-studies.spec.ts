/**
 * Case studies (public-site.md §2, §4, §7; issue 3 points 4 and 10): published only, hero counts,
 * at most 2 featured, tabs with counts, expandable cards with tags, the gallery, the empty state
 * and hostile text rendered as text.
 */
import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/goto';
import { dbQuery } from './support/e2e-env';

test('counts, featured, tabs with counts, expansion and gallery from the seeded portfolio', async ({ page }) => {
  const rows = await dbQuery<{ category: string; featured: boolean }>('SELECT category, featured FROM case_studies WHERE published');
  const count = (c: string) => rows.filter((r) => r.category === c).length;

  await gotoHydrated(page, '/case-studies');
  const counts = page.getByTestId('case-study-counts');
  await expect(counts.locator('dd')).toHaveText([String(rows.length), String(new Set(rows.map((r) => r.category)).size), String(Math.min(2, rows.filter((r) => r.featured).length))]);
  await expect(page.getByTestId('featured-case-study')).toHaveCount(Math.min(2, rows.filter((r) => r.featured).length));
  // The unpublished draft never shows.
  await expect(page.locator('main')).not.toContainText('Hoboken Medical Clinic');

  await expect(page.getByRole('tab')).toHaveText([
    `All Projects (${rows.length})`,
    `Residential (${count('residential')})`,
    `Commercial (${count('commercial')})`,
    `Industrial (${count('industrial')})`,
    `Smart Home (${count('smart_home')})`,
  ]);
  const cards = page.getByTestId('case-study-card');
  await expect(cards).toHaveCount(rows.length);

  // Tabs by keyboard: arrow to Industrial.
  // One key at a time, each checked, so a busy machine cannot drop a press between re-renders.
  await page.getByRole('tab', { name: /^All Projects/ }).focus();
  for (const name of [/^Residential/, /^Commercial/, /^Industrial/]) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name })).toBeFocused();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }
  await expect(cards).toHaveCount(count('industrial'));

  const card = cards.first();
  const toggle = card.getByRole('button', { name: 'View Details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByText('Challenge', { exact: true })).toHaveCount(0);
  await toggle.click();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
  for (const h of ['Challenge', 'Solution', 'Results']) await expect(card.getByRole('heading', { name: h, exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem').first()).toBeVisible();

  const gallery = card.getByTestId('image-gallery');
  const counter = gallery.getByTestId('gallery-counter');
  await expect(counter).toHaveText('1 / 2');
  await gallery.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('2 / 2');
  await gallery.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('1 / 2');
  await gallery.getByRole('button', { name: 'Show image 2' }).click();
  await expect(counter).toHaveText('2 / 2');
  await expect(gallery.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Previous image' }).click();
  await expect(counter).toHaveText('1 / 2');
  await expect(gallery.getByRole('button', { name: 'Remove image' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Hide Details' }).click();
  await expect(card.getByRole('heading', { name: 'Challenge', exact: true })).toHaveCount(0);
});

test('an empty portfolio shows No Case Studies Found', async ({ page }) => {
  await page.route('**/api/case-studies', (route) => route.fulfill({ json: { caseStudies: [] } }));
  await gotoHydrated(page, '/case-studies');
  await expect(page.getByRole('heading', { name: 'No Case Studies Found' })).toBeVisible();
  await expect(page.getByTestId('case-study-counts').locator('dd')).toHaveText(['0', '0', '0']);
});

test('hostile case-study text renders as text', async ({ page }) => {
  let alerted = false;
  page.on('dialog', async (d) => {
    alerted = true;
    await d.dismiss();
  });
  const hostile = {
    id: 999, title: '<img src=x onerror=alert(1)> Ünïcødé 🚨', client: '<b>Bold</b>', category: 'residential', description: '<script>alert(2)</script>',
    challenge: 'c', solution: 's', results: 'r', imageUrl: null, images: [], projectValue: 1000, completionDate: null, tags: ['<i>t</i>'],
    featured: false, published: true, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  };
  await page.route('**/api/case-studies', (route) => route.fulfill({ json: { caseStudies: [hostile, { ...hostile, id: 1000, published: false, title: 'Draft' }] } }));
  await gotoHydrated(page, '/case-studies');
  await expect(page.getByText('<img src=x onerror=alert(1)> Ünïcødé 🚨')).toBeVisible();
  await expect(page.getByText('<script>alert(2)</script>')).toBeVisible();
  await expect(page.getByText('Draft')).toHaveCount(0);
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  expect(alerted).toBe(false);
});
