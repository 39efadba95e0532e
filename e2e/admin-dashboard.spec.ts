/**
 * Staff sign-in and the admin dashboard in Chromium: the staff pages show the
 * login, a wrong password, sign in, find a lead by phone, change its status, convert a contact,
 * save a manual estimate, export and open the CSVs; hostile strings render as text.
 * The admin is created with the real CLI (`admin-create.js --password-stdin`).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { parse } from 'csv-parse/sync';
import { dbQuery } from './support/e2e-env';
import { createAdmin, signIn as signInAt } from './support/staff';

const ADMIN = { email: 'e2e.admin@ironclad.test', password: 'e2e admin password 42' };
const HOSTILE = '<img src=x onerror=alert(1)>';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createAdmin(ADMIN);
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents, status, source)
     VALUES ($1, 'Hacker', 'hostile@example.com', '(646) 555-0142', '=cmd|calc', '{"type":"office","squareFootage":"4500"}', 1234500, 'new', 'ai_shopping'),
            ('Quiet', 'Other', 'other@example.com', '2125550000', null, '{}', null, 'new', 'cost_calculator')`,
    [HOSTILE],
  );
  await dbQuery(
    `INSERT INTO contacts (first_name, last_name, email, phone, property_type, services) VALUES ('Conv', 'Ert', 'convert.me@example.com', '7185550177', 'residential', '{}')`,
  );
  await dbQuery(
    `INSERT INTO contacts (first_name, last_name, email, phone, property_type, services, referral_source, message)
     VALUES ($1, 'Contact', 'hostile.contact@example.com', '7185550188', $1, ARRAY[$1], $1, $1)`,
    [HOSTILE],
  );
});

async function signIn(page: Page) {
  await signInAt(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

test('the staff pages show the login instead of their content', async ({ page }) => {
  for (const path of ['/admin', '/communications', '/generate-images', '/test-communication']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Test Communication' })).toHaveCount(0);
});

test('wrong password, then sign in; find a lead by phone and change its status; hostile text stays text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.goto('/admin');
  const button = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(button).toBeDisabled();
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill('not the password');
  await button.click();
  await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
  await expect(page.locator('input[name="password"]')).toHaveValue('');
  await expect(button).toBeDisabled();
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await button.click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByText('Welcome to the admin panel')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await page.getByLabel('Search leads').fill('646-555-0142');
  const cards = page.getByTestId('lead-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(HOSTILE);
  await cards.first().click();
  const details = page.getByTestId('lead-details');
  await expect(details.getByRole('heading', { name: `${HOSTILE} Hacker` })).toBeVisible();
  await expect(details.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:(646) 555-0142');
  await details.getByLabel('Lead status').selectOption('contacted');
  await expect(page.getByText('Lead status updated')).toBeVisible();
  await expect(details.getByTestId('audit-log')).toContainText('lead.status_changed: new → contacted');
  const [row] = await dbQuery<{ status: string }>(`SELECT status FROM leads WHERE email = 'hostile@example.com'`);
  expect(row!.status).toBe('contacted');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toBe(0);

  // Reload: the session cookie keeps the dashboard open.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test('the dashboard has the eight tabs of §2, leads first and selected; each opens its panel', async ({ page }) => {
  await signIn(page);
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await expect(tabs).toHaveText([
    'Leads',
    'Contacts',
    'Manual Estimator',
    'CRM Pipeline',
    'Inventory',
    'AI Config',
    'Communication',
    'Settings',
  ]);
  await expect(page.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('group', { name: 'Total Leads' })).toBeVisible();
  // The Inventory, AI Config and Settings tabs are built (e2e/inventory.spec.ts, e2e/site-config.spec.ts).
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByRole('tablist', { name: 'Inventory categories' })).toBeVisible();
  await page.getByRole('tab', { name: 'AI Config' }).click();
  await expect(page.getByRole('tablist', { name: 'AI configuration' })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Site Settings' })).toBeVisible();
  await page.getByRole('tab', { name: 'Communication' }).click();
  await expect(page.getByTestId('provider-status')).toBeVisible();
});

test('convert a contact to a lead', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByLabel('Search contacts').fill('convert.me');
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await page.getByTestId('contact-card').filter({ hasText: 'convert.me@example.com' }).click();
  await page.getByTestId('contact-details').getByRole('button', { name: 'Convert to Lead' }).click();
  await expect(page.getByText('Contact converted to lead')).toBeVisible();
  await expect(page.getByTestId('contact-details').getByRole('button', { name: 'Converted to Lead' })).toBeDisabled();
  const [row] = await dbQuery<{ source: string }>(
    `SELECT l.source FROM contacts c JOIN leads l ON l.id = c.lead_id WHERE c.email = 'convert.me@example.com'`,
  );
  expect(row!.source).toBe('contact_conversion');
});

test('a hostile contact shows as text in the list and the details, and converts to a lead that shows as text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await signIn(page);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByLabel('Search contacts').fill('(718) 555-0188');
  const card = page.getByTestId('contact-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${HOSTILE} Contact`);
  await card.click();
  const details = page.getByTestId('contact-details');
  await expect(details.getByRole('heading', { name: `${HOSTILE} Contact` })).toBeVisible();
  await expect(details).toContainText(`Message: ${HOSTILE}`);
  await expect(details).toContainText(`Services: ${HOSTILE}`);
  await details.getByRole('button', { name: 'Convert to Lead' }).click();
  await expect(page.getByText('Contact converted to lead')).toBeVisible();
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByLabel('Search leads').fill('hostile.contact@');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await page.getByTestId('lead-card').click();
  await expect(page.getByTestId('lead-details')).toContainText(`Notes: ${HOSTILE}`);
  await expect(page.getByTestId('lead-details').getByTestId('audit-log')).toContainText('contact.converted');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toBe(0);
});

test('a session that ends while the dashboard is open brings back the login; sign in again; sign out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
  // The session ends on the server (as after the idle or absolute expiry, or a logout elsewhere).
  await dbQuery(`DELETE FROM sessions WHERE sess -> 'passport' ->> 'user' = (SELECT id FROM users WHERE email = $1)`, [ADMIN.email]);
  await page.getByLabel('Search leads').fill('646-555-0142');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByLabel('Search leads').fill('646-555-0142');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);
  const [row] = await dbQuery<{ n: number }>(
    `SELECT count(*)::int AS n FROM sessions WHERE sess -> 'passport' ->> 'user' = (SELECT id FROM users WHERE email = $1)`,
    [ADMIN.email],
  );
  expect(row!.n).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('save a manual estimate', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Manual Estimator' }).click();
  const summary = page.getByTestId('estimate-summary');
  await expect(summary).toContainText('Total: $13,500.00');
  await summary.getByRole('button', { name: 'Save Estimate' }).click();
  await expect(page.getByText('Required Fields Missing')).toBeVisible();
  await page.getByLabel('First name').fill('Estella');
  await page.getByLabel('Last name').fill('Mate');
  await page.getByLabel('Email').fill('estella@example.com');
  await page.getByLabel('Phone').fill('3125550123');
  // §5 minimums: cameras, floors, entry points, installation days at least 1; prices at least 0.
  await page.getByLabel('Cameras').fill('0');
  await expect(page.getByLabel('Cameras')).toHaveValue('1');
  await page.getByLabel('Installation days').fill('-3');
  await expect(page.getByLabel('Installation days')).toHaveValue('1');
  await page.getByLabel('Camera price ($)').fill('-5');
  await expect(page.getByLabel('Camera price ($)')).toHaveValue('0');
  await expect(summary).toContainText('Total: $3,700.00'); // 1 × 0 + 1,500 + 1 × 2,200
  await page.getByLabel('Camera price ($)').fill('950');
  await page.getByLabel('Installation days').fill('2');
  await page.getByLabel('Cameras').fill('10');
  await expect(summary).toContainText('Total: $15,400.00');
  // A failed save keeps the form and says so (§8); the next attempt succeeds.
  await page.route(
    '**/api/leads/manual-estimate',
    (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"code":"UNAVAILABLE","message":"down"}' }),
    { times: 1 },
  );
  await summary.getByRole('button', { name: 'Save Estimate' }).click();
  await expect(page.getByText('Save Error')).toBeVisible();
  await expect(page.getByText('Failed to save estimate. Please try again.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Estella');
  await summary.getByRole('button', { name: 'Save Estimate' }).click();
  await expect(page.getByText('Estimate Saved! 💼')).toBeVisible();
  await expect(page.getByText('Manual estimate has been saved to leads database and customer will be contacted.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('');
  const [row] = await dbQuery<{ source: string; total_estimate_cents: string }>(
    `SELECT source, total_estimate_cents FROM leads WHERE email = 'estella@example.com'`,
  );
  expect(row).toEqual({ source: 'manual_estimator', total_estimate_cents: '1540000' });
});

test('export the leads and the CRM comprehensive CSV, and open them', async ({ page }) => {
  await signIn(page);
  const [leadsDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Leads' }).click()]);
  expect(leadsDownload.suggestedFilename()).toBe('leads_export.csv');
  const leadsRows = parse(await readFile((await leadsDownload.path())!, 'utf8'), { bom: true }) as string[][];
  expect(leadsRows[0]).toEqual(['firstName', 'lastName', 'email', 'phone', 'company', 'createdAt']);
  const hostile = leadsRows.find((r) => r[2] === 'hostile@example.com')!;
  expect(hostile[0]).toBe(HOSTILE);
  expect(hostile[4]).toBe(`'=cmd|calc`);

  await page.getByRole('tab', { name: 'CRM Pipeline' }).click();
  await page.getByRole('tab', { name: 'Reports' }).click();
  const chart = page.getByRole('img', { name: /Pipeline by stage/ });
  await expect(chart).toBeVisible();
  // Each stage's count is printed on its bar (the same figures as the chart's label, from the KPI query).
  const newCount = Number(/New (\d+)/.exec((await chart.getAttribute('aria-label')) ?? '')?.[1]);
  expect(newCount).toBeGreaterThanOrEqual(1);
  await expect(chart.locator('.recharts-label-list')).toContainText(String(newCount));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export All Leads' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^comprehensive-leads-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toHaveLength(18);
  expect(rows.length).toBeGreaterThanOrEqual(4);
  const audit = await dbQuery<{ action: string }>(`SELECT action FROM audit_log WHERE entity_type = 'export' ORDER BY id`);
  expect(audit.map((a) => a.action)).toEqual(['export.leads', 'export.comprehensive']);
});
