/**
 * Mobile layouts at 390 px: the case-study tabs keep their labels on one line and scroll sideways
 * with a visible cue instead of overflowing the page; the compare table says to swipe and shows a
 * fading edge when its third column is beyond the screen; the calculator's total stays on screen
 * while the sliders move.
 */
import { expect, test, type Page } from './support/test';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';

test.use({ viewport: { width: 390, height: 844 } });

/** The page never scrolls sideways. */
const expectNoPageOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('case-study tabs: one line each, sideways scroll with a cue, no page overflow', async ({ page }) => {
  await gotoHydrated(page, '/case-studies');
  const scroller = page.getByTestId('case-study-tabs-scroller');
  const tabs = page.getByRole('tab');
  await scrollIntoHydratedView(tabs.first());
  await expect(tabs).toHaveCount(5);
  // Each label on one line: every tab is as tall as the first.
  const heights = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  expect(new Set(heights).size).toBe(1);
  await expect(scroller.getByTestId('scroll-cue-end')).toBeVisible();
  await expect(scroller.getByTestId('scroll-cue-start')).toHaveCount(0);
  await expectNoPageOverflow(page);

  // The last tab scrolls into view; the end cue goes and the start cue appears.
  const last = tabs.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(scroller.getByTestId('scroll-cue-end')).toHaveCount(0);
  await expect(scroller.getByTestId('scroll-cue-start')).toBeVisible();
  await last.click();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expectNoPageOverflow(page);
});

test('compare table: with three services the table says to swipe and fades its edge; the third column scrolls into view', async ({
  page,
}) => {
  await gotoHydrated(page, '/compare-services');
  const cameras = page.getByTestId('compare-toggle-cameras');
  await scrollIntoHydratedView(cameras);
  await cameras.click();
  await expect(cameras).toHaveAttribute('aria-pressed', 'true');
  const scroller = page.getByTestId('comparison-scroller');
  await expect(page.getByTestId('scroll-hint')).toHaveText(/Swipe sideways to see every service/);
  await expect(scroller.getByTestId('scroll-cue-end')).toBeVisible();
  await expectNoPageOverflow(page);

  const region = page.getByRole('region', { name: 'Comparison table' });
  await region.focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  const third = page.getByTestId('comparison-table').getByRole('columnheader').nth(3);
  await expect(third).toBeInViewport({ ratio: 0.9 });
  await expect(scroller.getByTestId('scroll-cue-end')).toHaveCount(0);
});

test('calculator: the total stays on screen while the sliders at the top move', async ({ page }) => {
  await gotoHydrated(page, '/calculator');
  const sqft = page.getByRole('slider', { name: 'Square footage' });
  await sqft.scrollIntoViewIfNeeded();
  const total = page.getByTestId('calculator-total');
  const before = await total.textContent();
  const cameras = page.getByRole('slider', { name: 'Number of cameras' });
  await cameras.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(cameras).toBeInViewport();
  await expect(page.getByTestId('calculator-total-card')).toBeInViewport({ ratio: 1 });
  await expect(total).not.toHaveText(before ?? '');
  await expectNoPageOverflow(page);
});
