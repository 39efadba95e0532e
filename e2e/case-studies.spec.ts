/**
 * Case studies (public-site.md §2, §4, §7, §9): published only, hero counts,
 * at most 2 featured, tabs with counts, expandable cards with tags, the gallery, the empty state
 * and hostile text rendered as text.
 */
import { expect, test } from './support/test';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { dbQuery } from './support/e2e-env';

test('counts, featured, tabs with counts, expansion and gallery from the seeded portfolio', async ({ page }) => {
  const rows = await dbQuery<{ category: string; featured: boolean }>('SELECT category, featured FROM case_studies WHERE published');
  const count = (c: string) => rows.filter((r) => r.category === c).length;

  await gotoHydrated(page, '/case-studies');
  const counts = page.getByTestId('case-study-counts');
  // The portfolio hydrates (with the data the api rendered it with) once the visitor uses the page.
  await scrollIntoHydratedView(counts);
  await expect(counts.locator('dd')).toHaveText([
    String(rows.length),
    String(new Set(rows.map((r) => r.category)).size),
    String(Math.min(2, rows.filter((r) => r.featured).length)),
  ]);
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

// The page is rendered by the api from the database (and hydrated with that data), so these
// specs change the database itself; the specs of this file run one after another.

test('an empty portfolio shows No Case Studies Found', async ({ page }) => {
  const hidden = await dbQuery<{ id: number }>('UPDATE case_studies SET published = false WHERE published RETURNING id');
  try {
    await gotoHydrated(page, '/case-studies');
    await expect(page.getByRole('heading', { name: 'No Case Studies Found' })).toBeVisible();
    await expect(page.getByTestId('case-study-counts').locator('dd')).toHaveText(['0', '0', '0']);
  } finally {
    await dbQuery('UPDATE case_studies SET published = true WHERE id = ANY($1::int[])', [hidden.map((r) => r.id)]);
  }
});

test('hostile case-study text renders as text', async ({ page }) => {
  let alerted = false;
  page.on('dialog', async (d) => {
    alerted = true;
    await d.dismiss();
  });
  const title = '<img src=x onerror=alert(1)> Ünïcødé 🚨';
  const inserted = await dbQuery<{ id: number }>(
    `INSERT INTO case_studies (title, client, category, description, challenge, solution, results, project_value_cents, tags, published)
     VALUES ($1, '<b>Bold</b>', 'residential', '<script>alert(2)</script>', 'c', 's', 'r', 100000, ARRAY['<i>t</i>'], true),
            ('Draft', null, 'residential', 'd', 'c', 's', 'r', null, '{}', false)
     RETURNING id`,
    [title],
  );
  try {
    await gotoHydrated(page, '/case-studies');
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByText('<script>alert(2)</script>')).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toHaveCount(0);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    // Also once hydrated (the portfolio hydrates when the visitor starts using the page).
    await scrollIntoHydratedView(page.getByText(title));
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    expect(alerted).toBe(false);
  } finally {
    await dbQuery('DELETE FROM case_studies WHERE id = ANY($1::int[])', [inserted.map((r) => r.id)]);
  }
});

test('the api renders the portfolio into the page: readable without JavaScript', async ({ browser }) => {
  const rows = await dbQuery<{ title: string }>('SELECT title FROM case_studies WHERE published');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/case-studies');
  await expect(page.getByTestId('case-study-counts').locator('dd').first()).toHaveText(String(rows.length));
  for (const { title } of rows) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Loading case studies');
  await context.close();
});

test('a third published featured project: still at most 2 featured shown, and the hero counts 2 (§9)', async ({ page }) => {
  const title = `E2E Featured Third ${Date.now()}`;
  const inserted = await dbQuery<{ id: number }>(
    `INSERT INTO case_studies (title, client, category, description, challenge, solution, results, images, tags, featured, published, completion_date)
     VALUES ($1, 'E2E client', 'smart_home', 'A third featured project.', 'c', 's', 'r', '{}', ARRAY['e2e'], true, true, '2020-01-01')
     RETURNING id`,
    [title],
  );
  try {
    const rows = await dbQuery<{ title: string; category: string; featured: boolean }>(
      'SELECT title, category, featured FROM case_studies WHERE published',
    );
    const featuredTitles = rows.filter((r) => r.featured).map((r) => r.title);
    expect(featuredTitles.length).toBeGreaterThanOrEqual(3);

    await gotoHydrated(page, '/case-studies');
    const counts = page.getByTestId('case-study-counts').locator('dd');
    const featured = page.getByTestId('featured-case-study');
    const expectPortfolio = async () => {
      // Completed projects, service categories, featured projects shown (2 at most).
      await expect(counts).toHaveText([String(rows.length), String(new Set(rows.map((r) => r.category)).size), '2']);
      await expect(featured).toHaveCount(2);
      const shown = await featured.getByRole('heading', { level: 3 }).allTextContents();
      expect(new Set(shown).size).toBe(2);
      for (const t of shown) expect(featuredTitles).toContain(t);
      // Every published project, the third featured one included, is still a card of the portfolio.
      await expect(page.getByTestId('case-study-card')).toHaveCount(rows.length);
      await expect(page.getByTestId('case-study-card').getByRole('heading', { name: title, exact: true })).toBeVisible();
    };
    // As the api rendered it, then once hydrated with the client's own data.
    await expectPortfolio();
    await scrollIntoHydratedView(page.getByTestId('case-study-counts'));
    await expectPortfolio();
  } finally {
    await dbQuery('DELETE FROM case_studies WHERE id = ANY($1::int[])', [inserted.map((r) => r.id)]);
  }
});
