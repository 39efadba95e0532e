/**
 * The /shopping landing page's two layouts: on a desktop (1280 px) the four
 * benefit cards sit in one row, the trust strip is one line and the progress indicator names all
 * five steps; on a phone (390 px) the cards stack in one column, the hero keeps its call to
 * action in view and only the current step is named. Neither scrolls sideways.
 * (shopping-mobile.spec.ts walks the whole wizard and the quote at 390 px.)
 */
import { expect, test, type Locator, type Page } from './support/test';
import { gotoHydrated } from './support/goto';

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const boxes = async (items: Locator) => Promise.all((await items.all()).map(async (i) => (await i.boundingBox())!));

const BENEFITS = ['A quote in 3 minutes', 'Itemised and transparent', 'Designed for your building', '5-year warranty'];
const TRUST = ['5000+ owners', '4.9/5 rating', '24/7 support', 'Licensed and insured'];
const STEPS = ['Building Information', 'Security Requirements', 'Project Details', 'Contact Information', 'Your Quote'];
const TYPES = ['Residential', 'Apartment', 'Office', 'Retail', 'Warehouse', 'Restaurant', 'Medical', 'School'];

/** A step title of the progress indicator (after its screen-reader prefix "Step n of 5: "). */
const stepTitle = (progress: Locator, title: string) => progress.getByText(new RegExp(`^Step \\d of 5: ${title}$`));
/** Where the eight building-type buttons of step 1 are. */
const typeButtons = (page: Page) =>
  Promise.all(TYPES.map(async (t) => (await page.locator('#designer').getByRole('button', { name: t, exact: true }).boundingBox())!));

/** The benefit cards, in page order. */
const benefitCards = (page: Page) => page.getByRole('region', { name: 'Why use the designer' }).getByRole('heading', { level: 2 });

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('hero, one row of benefit cards, a one-line trust strip and the five named steps', async ({ page }) => {
    await gotoHydrated(page, '/shopping');
    expect(await fitsWidth(page)).toBe(true);
    const hero = page.getByRole('region', { name: 'Design Your Security System in 3 Minutes' });
    await expect(hero.getByRole('link', { name: 'Start My Free Design' })).toBeInViewport();
    await expect(page.getByTestId('shopping-hero-background').locator('svg')).toBeVisible();

    await expect(benefitCards(page)).toHaveText(BENEFITS);
    const cards = await boxes(benefitCards(page));
    expect(new Set(cards.map((b) => Math.round(b.y))).size).toBe(1); // one row
    for (let i = 1; i < cards.length; i++) expect(cards[i]!.x).toBeGreaterThan(cards[i - 1]!.x);

    const trust = page.getByRole('list', { name: 'Why customers trust us' }).getByRole('listitem');
    await expect(trust).toHaveText(TRUST);
    expect(new Set((await boxes(trust)).map((b) => Math.round(b.y))).size).toBe(1); // one line

    const progress = page.getByRole('navigation', { name: 'Wizard progress' });
    for (const step of STEPS) await expect(stepTitle(progress, step)).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toContainText('Building Information');
    expect(new Set((await typeButtons(page)).map((b) => Math.round(b.y))).size).toBe(2); // rows of four
  });
});

test.describe('phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hero with its call to action in view, benefit cards in one column, the current step named', async ({ page }) => {
    await gotoHydrated(page, '/shopping');
    expect(await fitsWidth(page)).toBe(true);
    const hero = page.getByRole('region', { name: 'Design Your Security System in 3 Minutes' });
    await expect(hero.getByRole('link', { name: 'Start My Free Design' })).toBeInViewport();

    await expect(benefitCards(page)).toHaveText(BENEFITS);
    const cards = await boxes(benefitCards(page));
    expect(new Set(cards.map((b) => Math.round(b.x))).size).toBe(1); // one column
    for (let i = 1; i < cards.length; i++) expect(cards[i]!.y).toBeGreaterThan(cards[i - 1]!.y);
    await expect(page.getByRole('list', { name: 'Why customers trust us' }).getByRole('listitem')).toHaveText(TRUST);

    const progress = page.getByRole('navigation', { name: 'Wizard progress' });
    await expect(stepTitle(progress, 'Building Information')).toBeVisible();
    for (const step of STEPS.slice(1)) await expect(stepTitle(progress, step)).toBeHidden();
    expect(new Set((await typeButtons(page)).map((b) => Math.round(b.y))).size).toBe(4); // rows of two
  });
});
