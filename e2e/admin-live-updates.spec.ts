/**
 * Live staff updates: two admins signed in from two browsers; when one changes a
 * lead's status, the other's leads list and CRM Action Items show it without a reload (the API
 * pushes `lead:changed` to the session-authenticated staff room; the page refetches).
 */
import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from './support/test';
import { dbQuery, e2eEnv } from './support/e2e-env';

const ADMINS = [
  { email: 'live.one@ironclad.test', password: 'live admin one password' },
  { email: 'live.two@ironclad.test', password: 'live admin two password' },
];
const PHONE = '(917) 555-0188';
const HOSTILE = '<img src=x onerror=alert(1)>';

test.beforeAll(async () => {
  const { databaseUrl } = await e2eEnv();
  for (const admin of ADMINS) {
    const out = spawnSync(process.execPath, ['backend/dist/cli/admin-create.js', '--email', admin.email, '--password-stdin'], {
      input: `${admin.password}\n`,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(out.status, out.stderr).toBe(0);
  }
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, status) VALUES ('Livia', 'Update', 'live.update@example.com', $1, '{}', 'new')`,
    [PHONE],
  );
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, budget, status) VALUES ($1, 'Crm', 'hostile.crm@example.com', '9175550199', $2, $1, 'contacted')`,
    [HOSTILE, JSON.stringify({ type: HOSTILE })],
  );
});

async function signedInPage(browser: Browser, admin: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin');
  await page.locator('input[name="email"]').fill(admin.email);
  await page.locator('input[name="password"]').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByLabel('Search leads').fill('917-555-0188');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  return page;
}

test("a status change by one admin appears in the other admin's browser without a reload", async ({ browser }) => {
  const one = await signedInPage(browser, ADMINS[0]!);
  const two = await signedInPage(browser, ADMINS[1]!);
  await two.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const card = two.getByTestId('lead-card');
  await expect(card).toContainText('New');

  // Admin one: contacted. Admin two's list follows.
  await one.getByTestId('lead-card').click();
  const status = one.getByTestId('lead-details').getByLabel('Lead status');
  await status.selectOption('contacted');
  await expect(one.getByText('Lead status updated')).toBeVisible();
  await expect(card).toContainText('Contacted');
  await expect(card).not.toContainText('New');

  // Admin two watches the CRM Action Items; admin one qualifies the lead.
  await two.getByRole('tab', { name: 'CRM Pipeline' }).click();
  await two.getByRole('tab', { name: 'Action Items' }).click();
  const item = two.getByTestId('action-item').filter({ hasText: 'Livia Update' });
  await expect(item).toContainText('Schedule site visit');
  await status.selectOption('qualified');
  await expect(item).toContainText('Send detailed proposal');
  await expect(item).not.toContainText('Schedule site visit');

  expect(await two.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  const [row] = await dbQuery<{ status: string }>(`SELECT status FROM leads WHERE email = 'live.update@example.com'`);
  expect(row!.status).toBe('qualified');
});

test('the CRM Pipeline View and Action Items show hostile strings as text', async ({ browser }) => {
  const page = await signedInPage(browser, ADMINS[0]!);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.getByRole('tab', { name: 'CRM Pipeline' }).click();
  await page.getByLabel('Search pipeline').fill('hostile.crm@');
  const row = page.getByTestId('pipeline-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${HOSTILE} Crm`);
  await expect(row).toContainText(`${HOSTILE} / —`);
  await row.getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Building: ${HOSTILE}`);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Action Items' }).click();
  await expect(page.getByTestId('action-item').filter({ hasText: `${HOSTILE} Crm` })).toContainText('Schedule site visit');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toBe(0);
});
