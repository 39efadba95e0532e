/**
 * Quote to cash (issue 21 points 4-7): a visitor walks the wizard and lands on the saved quote; the
 * worker emails the quote link with the PDF attached (fake SendGrid); the link opens in a fresh
 * browser (no session, no state), the customer picks Complete, approves it by typing their name and
 * ticking the terms, and pays its 10% deposit with the Stripe double; staff then see the quote's
 * versions with "Deposit paid", the PDF link and the diagram. Runs its own e2e server (fake SendGrid
 * as the email provider), like calculator.spec.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { depositCentsForTotal } from '@ironclad/contracts';
import { expect, test } from './support/test';
import { startFakeSendGrid, type FakeSendGrid } from '../backend/test/support/fake-sendgrid';
import { collectConsoleErrors } from './support/console-errors';
import { createAdmin, signIn } from './support/staff';
import { installStripeJsDouble } from './support/stripe-js-double';
import { approveSavedQuote, walkWizardToQuote } from './support/wizard';

const ADMIN = { email: 'e2e.quotes@ironclad.test', password: 'e2e quote to cash password 42' };

test.describe('quote to cash (own server + fake SendGrid)', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let sendgrid: FakeSendGrid;
  let server: ChildProcess;
  let baseURL: string;
  let databaseUrl: string;
  let fakeStripeUrl: string;

  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    sendgrid = await startFakeSendGrid();
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const envFile = join(process.cwd(), 'test-results', `.e2e-env-quotes-${port}.json`);
    server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_ENV_FILE: envFile,
        E2E_SENDGRID_API_KEY: 'SG.test-key',
        E2E_SENDGRID_BASE_URL: sendgrid.baseUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 110_000;
    for (;;) {
      try {
        ({ baseURL, databaseUrl, fakeStripeUrl } = JSON.parse(await readFile(envFile, 'utf8')));
        break;
      } catch {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error('the quote e2e server did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    await createAdmin(ADMIN, databaseUrl);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await sendgrid?.close();
  });

  test('wizard → emailed link with the PDF → fresh browser picks Complete, approves, pays → staff see deposit paid', async ({
    browser,
  }) => {
    const email = `quote-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

    // 1. the visitor's wizard lands on the saved quote; a reload shows the same quote
    const visitor = await browser.newContext({ baseURL });
    const wizardPage = await visitor.newPage();
    const first = await walkWizardToQuote(wizardPage, email);
    const url = wizardPage.url();
    const total = await first.getByTestId('quote-total').textContent();
    await wizardPage.reload();
    await expect(wizardPage).toHaveURL(url);
    await expect(wizardPage.locator('#quote').getByTestId('quote-total')).toHaveText(total!);
    await visitor.close();

    // 2. the worker emails the link with the quote PDF attached, recorded on the lead's timeline
    const [lead] = await query<{ id: number }>('SELECT id FROM leads WHERE email = $1', [email]);
    await expect
      .poll(() => sendgrid.requests.find((r) => r.body?.personalizations?.[0]?.to?.[0]?.email === email), { timeout: 45_000 })
      .toBeTruthy();
    const mail = sendgrid.requests.find((r) => r.body?.personalizations?.[0]?.to?.[0]?.email === email)!;
    expect(mail.body.attachments?.[0]).toMatchObject({
      type: 'application/pdf',
      disposition: 'attachment',
      filename: `Q-${lead!.id}-1.pdf`,
    });
    expect(Buffer.from(mail.body.attachments![0]!.content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = mail.body.content.map((c) => c.value).join('\n');
    const link = /https?:\/\/\S+\/quotes\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link).toBe(url);
    await expect
      .poll(
        async () =>
          (
            await query<{ status: string }>(`SELECT status FROM outbound_messages WHERE lead_id = $1 AND template = 'quote_link'`, [
              lead!.id,
            ])
          )[0]?.status,
      )
      .toBe('sent');

    // 3. a fresh browser opens the link, compares the options and picks Complete
    const customer = await browser.newContext({ baseURL });
    const page = await customer.newPage();
    const consoleErrors = collectConsoleErrors(page);
    await installStripeJsDouble(page, fakeStripeUrl);
    await page.goto(link!);
    const quote = page.locator('#quote');
    await expect(quote.getByRole('heading', { name: 'Your Security Quote' })).toBeVisible();
    const options = quote.getByTestId('quote-options');
    await expect(options.locator('[data-option]')).toHaveCount(3);
    await expect(options.getByRole('radio', { name: /Recommended/ })).toBeChecked();
    await options.getByText('Complete', { exact: true }).click();
    await expect(options.getByRole('radio', { name: /Complete/ })).toBeChecked();
    const [version] = await query<{ id: number; status: string; options: { complete: { pricing: { totalProjectCost: number } } } }>(
      'SELECT id, status, options FROM quote_versions WHERE lead_id = $1',
      [lead!.id],
    );
    expect(version!.status).toBe('viewed');
    const completeTotal = version!.options.complete.pricing.totalProjectCost;
    await expect(quote.getByTestId('quote-total')).toHaveText(`$${completeTotal.toLocaleString('en-US')}`);
    // the Complete design's coverage plan: one field-of-view cone per camera
    const cameras = Number(await quote.getByTestId('quote-cameras').textContent());
    await expect(quote.getByTestId('coverage-plan').locator('.camera-cone')).toHaveCount(cameras);

    // 4. approve: a missing signature is shown at its field, then name + terms approve Complete
    await quote.getByRole('button', { name: 'Approve Complete option' }).click();
    await expect(quote.getByText('Type your full name to sign.')).toBeVisible();
    await expect(quote.getByLabel('Your full name (signature)')).toBeFocused();
    await approveSavedQuote(quote, 'Ana Reyes', 'Complete');
    const [approved] = await query<{ status: string; chosen_option: string; approval_hash: string; approved_name: string }>(
      'SELECT status, chosen_option, approval_hash, approved_name FROM quote_versions WHERE lead_id = $1',
      [lead!.id],
    );
    expect(approved).toMatchObject({ status: 'approved', chosen_option: 'complete', approved_name: 'Ana Reyes' });
    expect(approved!.approval_hash).toMatch(/^[0-9a-f]{64}$/);

    // 5. pay the deposit of the approved option with the Stripe double
    const depositCents = depositCentsForTotal(completeTotal);
    const label = `$${(depositCents / 100).toLocaleString('en-US', { minimumFractionDigits: depositCents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
    await quote.getByRole('button', { name: `Pay ${label} Deposit` }).click();
    const card = quote.getByTestId('stripe-card-number');
    await expect(card).toBeVisible();
    await card.fill('4242 4242 4242 4242');
    await quote.getByRole('button', { name: `Pay ${label}`, exact: true }).click();
    await expect(quote.getByTestId('payment-confirmed').getByText('Deposit Successful!')).toBeVisible();
    await expect
      .poll(async () => (await query<{ status: string }>('SELECT status FROM quote_versions WHERE lead_id = $1', [lead!.id]))[0]!.status)
      .toBe('deposit_paid');
    const [payment] = await query<{ amount_cents: number; quote_version_id: number; status: string }>(
      'SELECT amount_cents, quote_version_id, status FROM payments WHERE lead_id = $1',
      [lead!.id],
    );
    expect(payment).toMatchObject({ amount_cents: depositCents, quote_version_id: version!.id, status: 'succeeded' });
    // reopened, the link says so (a generous wait: this spec runs a second server beside the shared one)
    await page.reload();
    await expect(quote.getByTestId('quote-deposit-paid')).toBeVisible({ timeout: 30_000 });
    expect(consoleErrors).toEqual([]);
    await customer.close();

    // 6. staff see the version with "Deposit paid", its PDF and the diagram
    const staff = await browser.newContext({ baseURL });
    const admin = await staff.newPage();
    await signIn(admin, ADMIN);
    await admin.getByLabel('Search leads').fill(email);
    await expect(admin.getByTestId('lead-card')).toHaveCount(1);
    await admin.getByTestId('lead-card').first().click();
    const quotes = admin.getByTestId('lead-details').getByTestId('lead-quotes');
    await expect(quotes.getByTestId('quote-version-1').getByTestId('quote-status')).toHaveText('Deposit paid', { timeout: 30_000 });
    await expect(quotes.getByTestId('quote-version-1')).toContainText('Complete');
    await expect(quotes.getByRole('link', { name: 'Download the PDF of version 1' })).toHaveAttribute(
      'href',
      new RegExp(`^/api/leads/${lead!.id}/documents/\\d+/pdf$`),
    );
    await expect(quotes.getByTestId('coverage-plan')).toBeVisible();
    await expect(quotes.getByTestId('coverage-plan').locator('.camera-cone')).toHaveCount(cameras);
    await staff.close();
  });
});
