/**
 * The job dashboard in Chromium (README "Operations: job dashboard and jobs CLI"): an admin signs
 * in, follows "Job queues" from the admin dashboard (a page load of Bull Board at /admin/queues),
 * sees the product's queues, opens the failed jobs of `pdf` (a job the worker failed for good: its
 * name has no handler), retries it, and the audit log has the entry. The board runs under its own
 * CSP with no violation and no console error. At 390 px the link is on screen and works.
 */
import { Queue } from 'bullmq';
import { ALL_QUEUES, JOB_DASHBOARD_PATH } from '@ironclad/contracts';
import { expect, test, type Page } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery, e2eEnv } from './support/e2e-env';
import { createAdmin, signIn } from './support/staff';

const ADMIN = { email: 'e2e.jobs@ironclad.test', password: 'e2e job dashboard password 7' };
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createAdmin(ADMIN);
});

/**
 * Bull Board's page links the IBM Plex fonts from Google Fonts (allowed by its policy). The test
 * machine may have no Internet: answer them with an empty stylesheet, so a network failure is not
 * read as a page error. The policy is still applied: a request it blocks never reaches the route.
 */
async function stubGoogleFonts(page: Page): Promise<void> {
  await page.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
}

/** Records the `securitypolicyviolation` events of every document in `window.__cspViolations`. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.effectiveDirective} blocked ${e.blockedURI}`));
  });
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** A `pdf` job the worker fails at once and for good (no handler has its name); answers its id. */
async function failedPdfJob(): Promise<string> {
  const queue = new Queue('pdf', { connection: { url: REDIS_URL }, prefix: (await e2eEnv()).queuePrefix });
  try {
    const job = await queue.add('NoSuchJob', { reason: 'e2e' }, { attempts: 1 });
    await expect.poll(() => job.getState(), { timeout: 15_000 }).toBe('failed');
    return job.id!;
  } finally {
    await queue.close();
  }
}

test('an admin opens the job dashboard from the admin dashboard and retries a failed job, which is audited', async ({ page }) => {
  const jobId = await failedPdfJob();
  await stubGoogleFonts(page);
  await recordViolations(page);
  const errors = collectConsoleErrors(page);

  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Job queues' }).click();
  await page.waitForURL(`**${JOB_DASHBOARD_PATH}`);
  // Bull Board's own page, not a route of the React app
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ironclad jobs' })).toBeVisible();
  const sidebar = page.locator('#bull-board-sidebar');
  for (const name of ALL_QUEUES) await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();

  await sidebar.getByRole('link', { name: 'pdf', exact: true }).click();
  await page.getByRole('link', { name: /^FAILED/ }).click();
  await page.waitForURL(/\/admin\/queues\/queue\/pdf\?status=failed$/);
  await expect(page.getByText(`#${jobId}`, { exact: true })).toBeVisible();
  await expect(page.getByText('unknown job NoSuchJob on queue pdf').first()).toBeVisible();

  // The job's Retry is an icon button (its label is a tooltip); "Retry all" is the queue's.
  const retried = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/queues/pdf/${jobId}/retry`));
  await page.locator('button:has(svg.lucide-refresh-cw)').filter({ hasNotText: 'Retry all' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  expect((await retried).status()).toBe(200);

  await expect
    .poll(async () =>
      dbQuery<{ user_email: string; entity_id: string }>(`SELECT user_email, entity_id FROM audit_log WHERE action = 'job.retried'`),
    )
    .toEqual([{ user_email: ADMIN.email, entity_id: `pdf:${jobId}` }]);

  await page.waitForLoadState('networkidle');
  expect(await violationsOf(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('at 390 px the staff menu shows the Job queues link, and it opens the board', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await stubGoogleFonts(page);
  await signIn(page, ADMIN);
  // Below 768 px the staff shell's navigation (and its Job queues link) is in the staff menu drawer.
  await page.getByRole('button', { name: 'Open staff menu' }).click();
  const link = page.getByRole('link', { name: 'Job queues' });
  await expect(link).toBeInViewport();
  await expect(link).toHaveAttribute('href', JOB_DASHBOARD_PATH);
  await link.click();
  await page.waitForURL(`**${JOB_DASHBOARD_PATH}`);
  await expect(page.getByRole('link', { name: 'Ironclad jobs' })).toBeVisible();
});

test('a visitor who is not signed in is sent to the Admin Login', async ({ page }) => {
  await page.goto(JOB_DASHBOARD_PATH);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});
