/**
 * A database blip costs a visitor nothing (issue 26 point 7): its own e2e server (api + worker)
 * reaches PostgreSQL through a TCP forwarder this spec cuts — connections dropped, new ones
 * refused, as when PostgreSQL stops — while the wizard is submitted. The page keeps the answers,
 * says it keeps trying, and once the database returns reaches step 5 without retyping, with
 * exactly one lead stored (one Idempotency-Key across the retries). Staff pages opened during a
 * cut show "Database unavailable" and their error states — never an empty list that would read as
 * "no leads" — and recover on their own once it returns.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { expect, test } from './support/test';
import { createAdmin, signIn } from './support/staff';
// @ts-expect-error plain ESM module without types
import { startTcpCut } from '../scripts/lib/tcp-cut.mjs';

type TcpCut = { url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

const TROUBLE = "We're having trouble saving your request. We'll keep trying; please keep this page open.";
const OUTAGE_MS = 12_000;
const ADMIN = { email: 'e2e.outage.admin@ironclad.test', password: 'e2e outage admin password 7' };

test.describe('the wizard through a database outage', () => {
  test.describe.configure({ timeout: 150_000 });
  let server: ChildProcess | undefined;
  let proxy: TcpCut;
  let baseURL = '';
  let databaseUrl = '';
  let adminUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    adminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    proxy = (await startTcpCut(adminUrl)) as TcpCut;
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const envFile = join(process.cwd(), 'test-results', `.e2e-env-outage-${port}.json`);
    server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      env: { ...process.env, E2E_PORT: String(port), E2E_ENV_FILE: envFile, E2E_POSTGRES_URL: proxy.url },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 140_000;
    for (;;) {
      try {
        ({ baseURL, databaseUrl } = JSON.parse(await readFile(envFile, 'utf8')));
        break;
      } catch {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error('the outage e2e server did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  });

  test.afterAll(async () => {
    await proxy?.restore();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await proxy?.close();
  });

  test('submitted while PostgreSQL is unreachable, it reaches step 5 once it returns, with one lead', async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const email = `outage-wizard-${Date.now()}@example.com`;
    const statuses: number[] = [];
    const keys = new Set<string>();
    page.on('response', (r) => {
      if (r.url().endsWith('/api/leads') && r.request().method() === 'POST') {
        statuses.push(r.status());
        const key = r.request().headers()['idempotency-key'];
        if (key) keys.add(key);
      }
    });

    await page.goto('/shopping');
    const wizard = page.locator('#designer');
    const next = wizard.getByRole('button', { name: 'Next' });
    await wizard.getByRole('button', { name: 'Residential', exact: true }).click();
    await wizard.getByLabel('Square footage').fill('4500');
    await wizard.getByLabel('Number of floors').selectOption('2');
    await next.click();
    await wizard.getByLabel('Entry points').fill('Front door, back door');
    await wizard.getByLabel('Specific areas to monitor').fill('Driveway');
    await next.click();
    await wizard.getByLabel('Budget range').selectOption('10k-25k');
    await wizard.getByLabel('Timeline').selectOption('asap');
    await next.click();
    await wizard.getByLabel('First name').fill('Ana');
    await wizard.getByLabel('Last name').fill('Reyes');
    await wizard.getByLabel('Email').fill(email);
    await wizard.getByLabel('Phone').fill('(718) 555-0142');

    await proxy.cut();
    const cutAt = Date.now();
    await wizard.getByRole('button', { name: 'Get My Quote' }).click();
    await expect(wizard.getByText(TROUBLE)).toBeVisible({ timeout: 15_000 });
    // the answers stay as typed
    await expect(wizard.getByLabel('Email')).toHaveValue(email);
    await expect(wizard.getByRole('heading', { name: 'Step 4: Contact Information' })).toBeVisible();
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - cutAt))));
    await proxy.restore();

    // step 5 is the saved quote's own page (issue 21 point 4)
    await expect(page).toHaveURL(/\/quotes\/[\w-]+$/, { timeout: 60_000 });
    const quote = page.locator('#quote');
    await expect(quote.getByRole('heading', { name: 'Your Security Quote' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(TROUBLE)).toHaveCount(0);
    const during = statuses.slice(0, -1);
    console.log(`wizard during a ${OUTAGE_MS / 1000} s database outage: answers ${statuses.join(', ')}; ${keys.size} Idempotency-Key`);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((s) => s === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(201);
    expect(keys.size).toBe(1);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM leads WHERE email = $1', [email]);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
    await context.close();
  });

  test('staff pages show "Database unavailable" while it is unreachable, not empty tables, and recover on their own', async ({
    browser,
  }) => {
    // Straight to PostgreSQL, not through the forwarder: the CLI runs synchronously, and the
    // forwarder lives in this test process, whose event loop waits for it.
    const direct = new URL(databaseUrl);
    direct.host = new URL(adminUrl).host;
    await createAdmin(ADMIN, direct.toString());
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN, '/admin');
    const banner = page.getByTestId('database-unavailable');
    await expect(page.getByTestId('lead-card').first()).toBeVisible();
    await expect(banner).toHaveCount(0);

    await proxy.cut();
    try {
      // The leads list asked for a status nobody has: an error, not "No leads found."
      await page.getByLabel('Status filter').selectOption('contacted');
      await expect(banner).toBeVisible({ timeout: 15_000 });
      await expect(banner).toContainText('Database unavailable');
      // (in the tab: the global error handler also toasts the same words)
      const leadsTab = page.getByRole('tabpanel', { name: 'Leads' });
      await expect(leadsTab.getByText('Failed to fetch leads. Please check your connection and try again.')).toBeVisible();
      await expect(leadsTab.getByText('No leads found.')).toHaveCount(0);

      // The pipeline board and table: their error states, no empty columns or rows.
      await page.getByRole('tab', { name: 'CRM Pipeline' }).click();
      const crmTab = page.getByRole('tabpanel', { name: 'CRM Pipeline' });
      await expect(crmTab.getByText('Failed to fetch leads. Please check your connection and try again.')).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByTestId('pipeline-table')).toHaveCount(0);
      await crmTab.getByRole('group', { name: 'Pipeline view mode' }).getByRole('button', { name: 'Board' }).click();
      await expect(crmTab.getByText('Could not load the pipeline board. Please check your connection and try again.')).toBeVisible({
        timeout: 15_000,
      });
      await expect(crmTab.getByText('No leads at this stage.')).toHaveCount(0);
      await crmTab.getByRole('group', { name: 'Pipeline view mode' }).getByRole('button', { name: 'Table' }).click();
      await expect(banner).toBeVisible();
    } finally {
      await proxy.restore();
    }

    // Back: the page asks again by itself; the banner goes and the table shows the wizard's lead.
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('pipeline-table')).toBeVisible();
    await expect(page.getByTestId('pipeline-table')).toContainText('Reyes');
    await context.close();
  });
});
