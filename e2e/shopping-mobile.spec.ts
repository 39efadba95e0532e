/**
 * The AI security designer on a phone (mobile and desktop layouts of public-site.md §2):
 * at 390 px the landing page, every wizard step and the quote fit the screen without sideways
 * scrolling, the progress indicator names the current step, and step 5 (tabs, coverage diagram,
 * price details, deposit) has no serious accessibility violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { approveSavedQuote, walkWizardToQuote } from './support/wizard';

test.use({ viewport: { width: 390, height: 844 } });

/** True when the page does not scroll sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function seriousViolations(page: Page) {
  // the wizard, or (issue 21 point 4: step 5 is its own page) the saved quote
  const results = await new AxeBuilder({ page })
    .include(new URL(page.url()).pathname.startsWith('/quotes/') ? '#quote' : '#designer')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

test('the designer and its quote fit a phone screen and stay accessible', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/shopping');
  expect(await fitsWidth(page)).toBe(true);
  const progress = page.getByRole('navigation', { name: 'Wizard progress' });
  // only the current step's title is shown on a phone; all five steps are still listed
  await expect(progress.getByRole('listitem')).toHaveCount(5);
  await expect(progress.locator('[aria-current="step"]')).toContainText('Building Information');

  const wizard = await walkWizardToQuote(page, `mobile-${Date.now()}@example.com`);
  await expect(wizard.getByTestId('quote-total')).toBeVisible();
  // issue 21 point 4: step 5 is the saved quote's own page (/quotes/{token}), without the wizard's progress
  await expect(page).toHaveURL(/\/quotes\//);
  expect(await fitsWidth(page)).toBe(true);
  // issue 21 point 3: the server's coverage plan, scaled to the phone's width
  await expect(wizard.getByTestId('coverage-plan')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // price details: the item tables scroll inside their own box if ever needed, never the page
  await wizard.getByRole('tab', { name: 'Price Details' }).click();
  await expect(wizard.getByText('Total project cost')).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  const totalCell = wizard.getByRole('tabpanel').getByRole('row').nth(1).getByRole('cell').last();
  const box = (await totalCell.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await wizard.getByRole('tab', { name: 'Camera Placement' }).click();
  expect(await fitsWidth(page)).toBe(true);
  // issue 21 point 6: the deposit follows the approval, whose form fits the phone too
  await expect(wizard.getByRole('button', { name: 'Approve Recommended option' })).toBeVisible();
  await approveSavedQuote(wizard);
  await expect(wizard.getByRole('button', { name: /^Pay \$[\d,.]+ Deposit$/ })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
});
