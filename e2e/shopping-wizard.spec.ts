/**
 * The AI security designer at /shopping (public-site.md §2, §4, §5, §8; decisions.md §3, §10):
 * a visitor walks the five steps, the gating holds, the lead is created with the server's quote
 * and step 5 shows it in its tabs.
 */
import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery } from './support/e2e-env';
import { walkWizardToQuote } from './support/wizard';

test.describe('AI security designer', () => {
  // long multi-step flows on a shared 2-core machine: a generous budget (not a performance assertion)
  test.describe.configure({ timeout: 60_000 });

  test('walks the wizard with its gating and reads the quote tabs', async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const email = `wizard-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const wizard = await walkWizardToQuote(page, email);

    await expect(page.getByText('Success! 🎉')).toBeVisible();
    await expect(page.getByText("Your security consultation request has been submitted. We'll contact you within 2 hours!")).toBeVisible();
    await expect(wizard.getByRole('heading', { name: 'Your Security Quote' })).toBeVisible();

    const [lead] = await dbQuery<{ total_estimate_cents: string; ai_recommendation: any; status: string; source: string }>(
      'SELECT total_estimate_cents, ai_recommendation, status, source FROM leads WHERE email = $1',
      [email],
    );
    expect(lead).toMatchObject({ status: 'new', source: 'ai_shopping' });
    const total = Number(lead!.total_estimate_cents) / 100;
    await expect(wizard.getByTestId('quote-total')).toHaveText(`$${total.toLocaleString('en-US')}`);
    await expect(wizard.getByTestId('quote-cameras')).toHaveText('8');
    await expect(wizard.getByTestId('quote-days')).toHaveText('2');

    // Overview is the default tab, with the coverage diagram
    await expect(wizard.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(wizard.getByRole('img', { name: 'Camera coverage diagram' })).toBeVisible();
    await expect(wizard.getByText(lead!.ai_recommendation.timeline)).toBeVisible();

    await wizard.getByRole('tab', { name: 'Price Details' }).click();
    await expect(wizard.getByRole('cell', { name: '8-Channel PoE NVR (2 TB)' })).toBeVisible();
    await expect(wizard.getByText('Total project cost')).toBeVisible();
    await expect(wizard.getByText(/JULY4/)).toHaveCount(0); // the promotion expired on 2025-07-31

    await wizard.getByRole('tab', { name: 'Camera Placement' }).click();
    const front = wizard.getByRole('tabpanel').filter({ hasText: 'Front door' });
    await expect(front.getByText('Critical').first()).toBeVisible();
    await expect(wizard.getByRole('heading', { name: 'Driveway', exact: true })).toBeVisible();

    // payment plan, free service call
    await expect(wizard.getByText('10% Deposit', { exact: true })).toBeVisible();
    await expect(wizard.getByText('40% Design approval', { exact: true })).toBeVisible();
    await expect(wizard.getByText('30% Wiring complete', { exact: true })).toBeVisible();
    await expect(wizard.getByText('20% Project complete', { exact: true })).toBeVisible();
    await expect(wizard.getByText('Available Mon-Sat 8AM-8PM EST')).toBeVisible();
    await expect(wizard.getByRole('link', { name: /Free service call/ })).toHaveAttribute('href', /^tel:\d+$/);
    expect(consoleErrors).toEqual([]);
  });

  test('a rejected submission (the server refuses a malformed email) shows Submission Error and keeps every answer on step 4', async ({ page }) => {
    await page.goto('/shopping');
    const wizard = page.locator('#designer');
    await wizard.getByRole('button', { name: 'Office', exact: true }).click();
    await wizard.getByLabel('Square footage').fill('50000');
    await wizard.getByLabel('Number of floors').selectOption('3');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Entry points').fill('Main entrance');
    await wizard.getByLabel('Specific areas to monitor').fill('Lobby');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Budget range').selectOption('50k-plus');
    await wizard.getByLabel('Timeline').selectOption('flexible');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('First name').fill('Dan');
    await wizard.getByLabel('Last name').fill('Wu');
    await wizard.getByLabel('Email').fill('dan-at-example.com');
    await wizard.getByLabel('Phone').fill('2125550100');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/leads'));
    await wizard.getByRole('button', { name: 'Get My Quote' }).click();
    expect((await posted).status()).toBe(400);
    await expect(page.getByText('Submission Error')).toBeVisible();
    await expect(page.getByText('There was an issue submitting your request. Please try again or call us directly.')).toBeVisible();
    await expect(wizard.getByRole('heading', { name: 'Step 4: Contact Information' })).toBeVisible();
    await expect(wizard.getByLabel('Email')).toHaveValue('dan-at-example.com');
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByLabel('Budget range')).toHaveValue('50k-plus');
  });

  test('without Stripe keys the quote still shows and the deposit area offers the phone instead', async ({ page }) => {
    // The e2e api has (fake) Stripe keys; this simulates an api without them, where
    // GET /api/public-config answers stripePublishableKey: null (decisions.md §14).
    await page.route('**/api/public-config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), stripePublishableKey: null } });
    });
    const wizard = await walkWizardToQuote(page, `nokeys-${Date.now()}@example.com`);
    await expect(wizard.getByTestId('quote-total')).toBeVisible();
    await expect(wizard.getByText('Online payment is not available right now')).toBeVisible();
    await expect(wizard.getByText(/to pay your \$[\d,.]+ deposit by phone/)).toBeVisible();
    await expect(wizard.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:\d+$/);
    await expect(wizard.getByRole('button', { name: /Deposit$/ })).toHaveCount(0);
  });
});
