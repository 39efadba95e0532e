/**
 * Taps that answer at once (issue 23 point 6, components/site/instant-controls.ts): on a page that
 * has hydrated its first screen but not yet the section below, a click on the section's toggle,
 * tab or carousel control shows its effect at once (the section's code is held back here, so
 * nothing else could), and once the section has hydrated React's state agrees with what is on
 * screen: the next clicks work from there, and nothing flips back.
 */
import { expect, test, type Page } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { gotoHydrated } from './support/goto';

test.use({ viewport: { width: 390, height: 844 } });

/** Holds the requests of the chunks whose file name starts with `name` until `release()`. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  let markRequested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

test('home services toggle: Business shows its five cards before the section has hydrated, and stays', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const chunk = await holdChunk(page, 'services-section');
  await gotoHydrated(page, '/');
  const section = page.locator('[data-deferred-section="home-services"]');
  const business = section.getByRole('button', { name: 'Business', exact: true });
  const residential = section.getByRole('button', { name: 'Residential', exact: true });
  const visibleTitles = section.getByTestId('service-card').filter({ visible: true }).locator('h3');
  await business.click();
  await chunk.requested;
  await expect(section).not.toHaveAttribute('data-hydrated');
  await expect(business).toHaveAttribute('aria-pressed', 'true');
  await expect(residential).toHaveAttribute('aria-pressed', 'false');
  await expect(visibleTitles).toHaveText([
    'Commercial Security',
    'Access Control',
    'Video Surveillance',
    'Building Video Intercom',
    '24/7 Monitoring',
  ]);

  chunk.release();
  await expect(section).toHaveAttribute('data-hydrated', '');
  await expect(business).toHaveAttribute('aria-pressed', 'true');
  await expect(visibleTitles).toHaveCount(5);
  await residential.click();
  await expect(residential).toHaveAttribute('aria-pressed', 'true');
  await expect(business).toHaveAttribute('aria-pressed', 'false');
  await expect(visibleTitles).toHaveCount(6);
  await expect(visibleTitles.first()).toHaveText('Security Cameras');
  expect(errors).toEqual([]);
});

test('testimonials: Next shows the second testimonial before the section has hydrated; after it, Next goes on to the third', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const chunk = await holdChunk(page, 'home-story-sections');
  await gotoHydrated(page, '/');
  const carousel = page.getByTestId('testimonial-carousel');
  const slide = page.getByTestId('testimonial-slide').filter({ visible: true });
  const next = page.getByRole('button', { name: 'Next testimonial' });
  await next.scrollIntoViewIfNeeded();
  await expect(slide).toContainText('Sarah Johnson');
  await next.click();
  await chunk.requested;
  await expect(page.locator('[data-deferred-section="home-story"]')).not.toHaveAttribute('data-hydrated');
  await expect(slide).toContainText('Michael Chen');
  await expect(slide).toHaveAttribute('aria-label', '2 of 3');
  await expect(carousel.getByRole('button', { name: /^Show testimonial 2/ })).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('button', { name: /^Show testimonial 1/ })).not.toHaveAttribute('aria-current');

  chunk.release();
  await expect(page.locator('[data-deferred-section="home-story"]')).toHaveAttribute('data-hydrated', '');
  await expect(slide).toContainText('Michael Chen');
  await next.click();
  await expect(slide).toContainText('David Thompson');
  await expect(carousel.getByRole('button', { name: /^Show testimonial 3/ })).toHaveAttribute('aria-current', 'true');
  expect(errors).toEqual([]);
});

test('case studies: a category tab filters the projects before the section has hydrated, and the filter holds', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const chunk = await holdChunk(page, 'case-studies-portfolio');
  await gotoHydrated(page, '/case-studies');
  const section = page.locator('[data-deferred-section="case-studies"]');
  const all = page.getByTestId('tab-all');
  const residential = page.getByTestId('tab-residential');
  const cards = page.getByTestId('case-study-card');
  const total = await cards.count();
  const residentialCount = Number(/\((\d+)\)/.exec((await residential.textContent()) ?? '')?.[1]);
  expect(residentialCount).toBeGreaterThan(0);
  expect(residentialCount).toBeLessThan(total);
  await residential.click();
  await chunk.requested;
  await expect(section).not.toHaveAttribute('data-hydrated');
  await expect(residential).toHaveAttribute('aria-selected', 'true');
  await expect(all).toHaveAttribute('aria-selected', 'false');
  await expect(cards.filter({ visible: true })).toHaveCount(residentialCount);

  chunk.release();
  await expect(section).toHaveAttribute('data-hydrated', '');
  await expect(residential).toHaveAttribute('aria-selected', 'true');
  await expect(cards.filter({ visible: true })).toHaveCount(residentialCount);
  await all.click();
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await expect(cards.filter({ visible: true })).toHaveCount(total);
  expect(errors).toEqual([]);
});

test('compare services: a service toggle adds its column before the tool has hydrated, and the limit of 3 holds', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const chunk = await holdChunk(page, 'comparison-tool');
  await gotoHydrated(page, '/compare-services');
  const section = page.locator('[data-deferred-section="comparison-tool"]');
  const toggle = (id: string) => page.getByTestId(`compare-toggle-${id}`);
  const headers = page.getByTestId('comparison-table').locator('thead th').filter({ visible: true });
  await expect(headers).toHaveText([/^Feature/, /^Residential/, /^Business/]);
  await toggle('cameras').scrollIntoViewIfNeeded();
  await toggle('cameras').click();
  await chunk.requested;
  await expect(section).not.toHaveAttribute('data-hydrated');
  await expect(toggle('cameras')).toHaveAttribute('aria-pressed', 'true');
  await expect(headers).toHaveText([/^Feature/, /^Residential/, /^Business/, /^Security Cameras/]);
  // A fourth is past the limit: nothing changes, before hydration or after it.
  await toggle('smartHome').click();
  await expect(toggle('smartHome')).toHaveAttribute('aria-pressed', 'false');

  chunk.release();
  await expect(section).toHaveAttribute('data-hydrated', '');
  await expect(toggle('cameras')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle('smartHome')).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle('smartHome')).toBeDisabled();
  await expect(headers).toHaveCount(4);
  await toggle('residential').click();
  await expect(toggle('residential')).toHaveAttribute('aria-pressed', 'false');
  await expect(headers).toHaveText([/^Feature/, /^Business/, /^Security Cameras/]);
  expect(errors).toEqual([]);
});
