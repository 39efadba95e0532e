/**
 * The Leads tab pages by keyset cursor (issue 27 point 3): Next follows the answer's nextCursor,
 * so a lead added between two pages neither repeats a row on the next page nor hides one (an
 * OFFSET page would show the first page's last lead again); Previous goes back (to page 1 as
 * cached or refetched); Next is disabled on the last page.
 */
import { expect, test } from './support/test';
import { dbQuery } from './support/e2e-env';
import { createAdmin, signIn } from './support/staff';

const ADMIN = { email: 'e2e.paging@ironclad.test', password: 'e2e paging password 42' };
const LEADS = 30;
const name = (i: number) => `Pager No${String(i).padStart(2, '0')}`;

test.beforeAll(async () => {
  await createAdmin(ADMIN);
  // No01 is the newest, No30 the oldest (created a minute apart, before any other spec's leads of today)
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, building_info, status, source, created_at)
     SELECT 'Pager', 'No' || lpad(i::text, 2, '0'), 'pager-' || i || '@paging.example', '{}', 'new', 'ai_shopping', now() - (i || ' minutes')::interval
       FROM generate_series(1, $1::int) AS i`,
    [LEADS],
  );
});

test('Next follows the cursor: a lead added between pages is neither repeated nor skipped', async ({ page }) => {
  await signIn(page, ADMIN, '/admin');
  await page.getByLabel('Search leads').fill('paging.example');
  const cards = page.getByTestId('lead-card');
  await expect(page.getByText(`${LEADS} leads · page 1 of 2`)).toBeVisible();
  await expect(cards).toHaveCount(25);
  await expect(cards.first()).toContainText(name(1));
  await expect(cards.last()).toContainText(name(25));

  // a new lead arrives while page 1 is on screen
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, building_info, status, source) VALUES ('Pager', 'Newest', 'pager-new@paging.example', '{}', 'new', 'ai_shopping')`,
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`${LEADS + 1} leads · page 2 of 2`)).toBeVisible();
  await expect(cards).toHaveCount(LEADS - 25);
  await expect(cards.first()).toContainText(name(26));
  await expect(cards.last()).toContainText(name(LEADS));
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(/ leads · page 1 of 2$/)).toBeVisible();
  await expect(cards).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});
