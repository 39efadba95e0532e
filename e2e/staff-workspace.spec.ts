/**
 * The staff workspace of issue 22 (points 4, 5, 6, 10) in Chromium: the staff app shell at 1440
 * and 390 px (side navigation, drawer, signed-in user, Sign out; no marketing header or footer),
 * the CRM pipeline board (one column per stage with counts and totals; a card dragged by mouse
 * and by keyboard changes the status on the server first, audited; source and owner filters),
 * notes on a lead (stored, on the timeline, editable by their author only), and axe (no serious
 * or critical violation) on every staff page at both widths.
 */
import { expect, test, type Page } from './support/test';
import { dbQuery } from './support/e2e-env';
import { createAdmin, seriousA11yViolations, signIn } from './support/staff';

const ADMIN = { email: 'e2e.workspace@ironclad.test', password: 'e2e workspace password 42' };
const OTHER = { email: 'e2e.workspace.other@ironclad.test', password: 'e2e other workspace password 42' };
const STAFF_PAGES: { path: string; heading: string }[] = [
  { path: '/admin', heading: 'Admin Dashboard' },
  { path: '/communications', heading: 'Communications Center' },
  { path: '/generate-images', heading: 'Image Generator' },
  { path: '/test-communication', heading: 'Test Communication' },
];

test.describe.configure({ mode: 'serial' });

/** Inserts a lead and answers its id. */
async function insertLead(first: string, email: string, source: string, cents: number | null): Promise<number> {
  const [row] = await dbQuery<{ id: number }>(
    `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, source)
     VALUES ($1, 'Board', $2, '{}', $3, 'new', $4) RETURNING id`,
    [first, email, cents, source],
  );
  return row!.id;
}

let mouseLead: number;
let keysLead: number;
let notesLead: number;

test.beforeAll(async () => {
  await createAdmin(ADMIN);
  await createAdmin(OTHER);
  mouseLead = await insertLead('Mouse', 'board.mouse@workspace.example', 'cost_calculator', 250_000);
  keysLead = await insertLead('Keys', 'board.keys@workspace.example', 'ai_shopping', null);
  notesLead = await insertLead('Notes', 'notes.lead@workspace.example', 'ai_shopping', null);
});

const column = (page: Page, status: string) => page.locator(`[data-testid="board-column"][data-status="${status}"]`);

/** Signs in, opens the CRM Pipeline View in board mode and searches it. */
async function openBoard(page: Page, search: string): Promise<void> {
  await signIn(page, ADMIN, '/admin');
  await page.getByRole('tab', { name: 'CRM Pipeline' }).click();
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await page.getByLabel('Search the board').fill(search);
  await expect(page.getByTestId('board-card')).toHaveCount(1);
}

async function statusOf(id: number): Promise<string> {
  const [row] = await dbQuery<{ status: string }>('SELECT status FROM leads WHERE id = $1', [id]);
  return row!.status;
}

test('the board has a column per stage with counts and totals; a card dragged by mouse moves on the server first, audited', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBoard(page, 'board.mouse@workspace.example');
  await expect(page.getByTestId('board-column')).toHaveCount(7);
  await expect(page.getByTestId('board-column').getByRole('heading')).toHaveText([
    'New',
    'Contacted',
    'Qualified',
    'Quoted / Proposal',
    'Negotiation',
    'Won',
    'Lost',
  ]);
  await expect(column(page, 'new').getByTestId('board-column-summary')).toHaveText('1 lead · $2,500');
  await expect(column(page, 'qualified').getByTestId('board-column-summary')).toHaveText('0 leads · $0');
  await expect(column(page, 'new').getByTestId('board-card')).toContainText('Cost Calculator');

  const handle = page.getByRole('button', { name: 'Move Mouse Board' });
  const from = (await handle.boundingBox())!;
  const to = (await column(page, 'qualified').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
  await page.mouse.up();

  await expect(column(page, 'qualified').getByTestId('board-card')).toContainText('Mouse Board');
  await expect(column(page, 'qualified').getByTestId('board-column-summary')).toHaveText('1 lead · $2,500');
  await expect(column(page, 'new').getByTestId('board-card')).toHaveCount(0);
  await expect(page.getByText('Mouse Board moved to Qualified')).toBeVisible();
  expect(await statusOf(mouseLead)).toBe('qualified');
  const audit = await dbQuery<{ user_email: string; details: unknown }>(
    `SELECT user_email, details FROM audit_log WHERE action = 'lead.status_changed' AND entity_id = $1`,
    [String(mouseLead)],
  );
  expect(audit).toEqual([{ user_email: ADMIN.email, details: { from: 'new', to: 'qualified' } }]);
});

test('a card moves by keyboard: Space picks it up, arrows choose the stage, Space drops it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBoard(page, 'board.keys@workspace.example');
  const handle = page.getByRole('button', { name: 'Move Keys Board' });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'contacted')).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'proposal')).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(column(page, 'qualified')).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('Space');
  await expect(column(page, 'qualified').getByTestId('board-card')).toContainText('Keys Board');
  expect(await statusOf(keysLead)).toBe('qualified');
  // Escape cancels a move: nothing is sent.
  const moved = page.getByRole('button', { name: 'Move Keys Board' });
  await moved.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(column(page, 'qualified').getByTestId('board-card')).toContainText('Keys Board');
  expect(await statusOf(keysLead)).toBe('qualified');
});

test('the board filters by source and by owner; the owner shows on the card', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBoard(page, 'board.mouse@workspace.example');
  await page.getByLabel('Source filter').selectOption({ label: 'AI Security Designer' });
  await expect(page.getByTestId('board-card')).toHaveCount(0);
  await page.getByLabel('Source filter').selectOption({ label: 'Cost Calculator' });
  await expect(page.getByTestId('board-card')).toHaveCount(1);

  await page.getByRole('button', { name: 'View Mouse Board' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('lead-owner').selectOption({ label: ADMIN.email });
  await expect(page.getByText('Owner updated')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('board-card-owner')).toHaveText(`Owner: ${ADMIN.email}`);

  await page.getByLabel('Owner filter').selectOption({ label: 'No owner' });
  await expect(page.getByTestId('board-card')).toHaveCount(0);
  await page.getByLabel('Owner filter').selectOption({ label: ADMIN.email });
  await expect(page.getByTestId('board-card')).toHaveCount(1);
  const [row] = await dbQuery<{ email: string }>('SELECT u.email FROM leads l JOIN users u ON u.id = l.owner_id WHERE l.id = $1', [
    mouseLead,
  ]);
  expect(row).toEqual({ email: ADMIN.email });
});

test('notes: written on a lead, stored, on its timeline, editable by their author only', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN, '/admin');
  await page.getByLabel('Search leads').fill('notes.lead@workspace.example');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await page.getByTestId('lead-card').click();
  const details = page.getByTestId('lead-details');
  await details.getByLabel('New note').fill('Prefers a call after 5 pm');
  await details.getByRole('button', { name: 'Add note' }).click();
  const note = details.getByTestId('lead-note');
  await expect(note).toContainText('Prefers a call after 5 pm');
  await expect(details.getByText('Prefers a call after 5 pm')).toHaveCount(2); // the notes list and the timeline

  await note.getByRole('button', { name: 'Edit' }).click();
  await note.getByLabel('Edit note').fill('Prefers a call after 6 pm');
  await note.getByRole('button', { name: 'Save note' }).click();
  await expect(note).toContainText('Prefers a call after 6 pm');
  await expect(note).toContainText('edited');
  const stored = await dbQuery<{ body: string; author_email: string }>('SELECT body, author_email FROM lead_notes WHERE lead_id = $1', [
    notesLead,
  ]);
  expect(stored).toEqual([{ body: 'Prefers a call after 6 pm', author_email: ADMIN.email }]);

  const other = await browser.newPage();
  await signIn(other, OTHER, '/admin');
  await other.getByLabel('Search leads').fill('notes.lead@workspace.example');
  await expect(other.getByTestId('lead-card')).toHaveCount(1);
  await other.getByTestId('lead-card').click();
  const seen = other.getByTestId('lead-details').getByTestId('lead-note');
  await expect(seen).toContainText('Prefers a call after 6 pm');
  await expect(seen.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await other.close();
});

test('the staff shell at 1440 px: side navigation, the signed-in user, Sign out; no marketing header or footer', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN, '/admin');
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await expect(nav.getByRole('list').getByRole('link')).toHaveText([
    'Admin Dashboard',
    'Communications',
    'Image Generator',
    'Test Communication',
    'Job queues',
  ]);
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByTestId('staff-user')).toContainText(ADMIN.email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText('Free Estimate')).toHaveCount(0);
  await nav.getByRole('link', { name: 'Communications' }).click();
  await expect(page.getByRole('heading', { name: 'Communications Center', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Communications' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

  // The public pages keep their navigation and footer.
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toHaveCount(0);
});

test('the staff shell at 390 px: the navigation is a drawer; tabs show they scroll; details open full screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN, '/admin');
  await expect(page.getByRole('navigation', { name: 'Staff' })).toHaveCount(0);
  await expect(page.getByTestId('admin-tabs-cue-end')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByLabel('Search leads').fill('notes.lead@workspace.example');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await page.getByTestId('lead-card').click();
  const panel = page.getByRole('dialog', { name: 'Lead details' });
  await expect(panel.getByTestId('lead-details')).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(389);
  await panel.getByRole('button', { name: 'Back to the list' }).click();
  await expect(panel).toHaveCount(0);

  await page.getByRole('button', { name: 'Open staff menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Staff' });
  await expect(drawer.getByTestId('staff-user')).toContainText(ADMIN.email);
  await drawer.getByRole('link', { name: 'Test Communication' }).click();
  await expect(page.getByRole('heading', { name: 'Test Communication', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toHaveCount(0);
});

test('a non-admin gets one clear message and no "Login successful"', async ({ page }) => {
  const email = 'e2e.workspace.viewer@ironclad.test';
  await createAdmin({ email, password: 'viewer workspace password 42' });
  await dbQuery('UPDATE users SET is_admin = false WHERE email = $1', [email]);
  await page.goto('/admin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('viewer workspace password 42');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('does not have admin access');
  await expect(page.getByText('Login successful')).toHaveCount(0);
  await expect(page.getByText('Welcome to the admin panel')).toHaveCount(0);
});

for (const width of [1440, 390]) {
  test(`axe: no serious or critical violation on any staff page at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000); // six axe runs on a shared machine
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, ADMIN, '/admin');
    for (const { path, heading } of STAFF_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page), `${path} at ${width} px`).toEqual([]);
    }
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'CRM Pipeline' }).click();
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await expect(page.getByTestId('board-column')).toHaveCount(7);
    expect(await seriousA11yViolations(page), `pipeline board at ${width} px`).toEqual([]);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Staff users' })).toBeVisible();
    expect(await seriousA11yViolations(page), `settings at ${width} px`).toEqual([]);
  });
}

test('with 4,000 leads every growing list stays under 2,000 px tall at 1440 px; Lead Activity filters and pages', async ({ page }) => {
  test.setTimeout(180_000);
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, source, created_at)
     SELECT 'Bulk', 'Lead ' || g, 'bulk' || g || '@bulk.workspace.example', '{}', (g % 50) * 100000,
            (ARRAY['new','contacted','qualified','proposal','negotiation','won','lost'])[1 + g % 7], 'ai_shopping', now() - g * interval '1 minute'
       FROM generate_series(1, 4000) g`,
  );
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    await signIn(page, ADMIN, '/admin');
    await expect(page.getByTestId('lead-card').first()).toBeVisible();
    expect(await height(), 'leads tab').toBeLessThan(2000);
    await page.getByRole('tab', { name: 'CRM Pipeline' }).click();
    await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
    expect(await height(), 'pipeline table').toBeLessThan(2000);
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await expect(column(page, 'new').getByTestId('board-column-summary')).toHaveText(/^\d{3,} leads/);
    expect(await height(), 'pipeline board').toBeLessThan(2000);

    await page.goto('/communications');
    await page.getByRole('tab', { name: 'Lead Activity' }).click();
    await expect(page.getByTestId('lead-activity')).toHaveCount(10);
    await expect(page.getByTestId('lead-activity-count')).toContainText('page 1 of');
    expect(await height(), 'lead activity').toBeLessThan(2000);
    await dbQuery(
      `INSERT INTO lead_notes (lead_id, author_email, body) SELECT id, $1, 'Bulk note' FROM leads WHERE email = 'bulk17@bulk.workspace.example'`,
      [ADMIN.email],
    );
    await page.getByLabel('Activity type filter').selectOption({ label: 'Note' });
    // Only leads with a note: this one (and the notes test's lead when the whole file runs).
    await expect(page.getByTestId('lead-activity').filter({ hasText: 'Bulk Lead 17' })).toContainText('Bulk note');
    await expect(page.getByTestId('lead-activity-count')).toHaveText(/^[12] leads? · page 1 of 1$/);
    await page.getByLabel('Activity type filter').selectOption({ label: 'All activity' });
    // before any lead of the shared e2e database (export-jobs.spec dates its bulk leads 2001)
    await page.getByLabel('To', { exact: true }).fill('1990-01-01');
    await expect(page.getByText('No lead matches your filters')).toBeVisible();
    await page.getByRole('tab', { name: 'Lead Management' }).click();
    await expect(page.getByTestId('lead-management-table')).toBeVisible();
    expect(await height(), 'lead management').toBeLessThan(2000);
  } finally {
    await dbQuery(`DELETE FROM leads WHERE email LIKE '%@bulk.workspace.example'`);
  }
});
