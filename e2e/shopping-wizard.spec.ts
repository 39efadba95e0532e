/**
 * The AI security designer at /shopping (public-site.md §2, §4, §5, §8; decisions.md §3, §10):
 * a visitor walks the five steps, the gating holds, the lead is created with the server's quote
 * and step 5 shows it in its tabs.
 */
import { expect, test } from './support/test';
import type { AiRecommendation } from '@ironclad/contracts';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery } from './support/e2e-env';
import { approveSavedQuote, walkWizardToQuote } from './support/wizard';
import { changePublicConfig } from './support/public-config';

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

    const [lead] = await dbQuery<{ total_estimate_cents: string; ai_recommendation: AiRecommendation; status: string; source: string }>(
      'SELECT total_estimate_cents, ai_recommendation, status, source FROM leads WHERE email = $1',
      [email],
    );
    expect(lead).toMatchObject({ status: 'new', source: 'ai_shopping' });
    const total = Number(lead!.total_estimate_cents) / 100;
    await expect(wizard.getByTestId('quote-total')).toHaveText(`$${total.toLocaleString('en-US')}`);
    await expect(wizard.getByTestId('quote-cameras')).toHaveText('8');
    // issue 21: the §9 timeline (the calculator's 4 business days for 8 cameras), not the sample's 2 days
    await expect(wizard.getByTestId('quote-days')).toHaveText('4');

    // Overview is the default tab, with the coverage diagram
    await expect(wizard.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    // issue 21 point 3: the server's coverage plan, one drawing per floor (2 floors) with one cone per camera
    const plan = wizard.getByTestId('coverage-plan');
    await expect(plan).toBeVisible();
    await expect(plan.locator('svg[role="img"]')).toHaveCount(2);
    await expect(plan.locator('svg').first()).toHaveAttribute('data-floor', '1');
    await expect(plan.locator('.camera-cone')).toHaveCount(lead!.ai_recommendation.projectDetails.totalCameras);
    type Placed = { location: string; quantity: number; priority: string; type: string; floor: number };
    const placed = lead!.ai_recommendation.cameraLocations as Placed[];
    expect(placed.reduce((a, l) => a + l.quantity, 0)).toBe(8);
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

  test("'Generating...' while the quote is made; a rejected submission shows Submission Error and keeps every answer on step 4", async ({
    page,
  }) => {
    await page.goto('/shopping');
    const wizard = page.locator('#designer');
    await wizard.getByRole('button', { name: 'Office', exact: true }).click();
    await wizard.getByLabel('Square footage').fill('50000');
    await wizard.getByLabel('Number of floors').selectOption('3');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Entry points').fill('Main entrance, loading door');
    await wizard.getByLabel('Specific areas to monitor').fill('Lobby, server room');
    // the form cannot hold more than the server accepts
    await expect(wizard.getByLabel('Entry points')).toHaveAttribute('maxlength', '2000');
    await expect(wizard.getByLabel('Specific areas to monitor')).toHaveAttribute('maxlength', '5000');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Budget range').selectOption('50k-plus');
    await wizard.getByLabel('Timeline').selectOption('flexible');
    await wizard.getByText('Access Control System', { exact: true }).click();
    await wizard.getByText('Cloud Storage', { exact: true }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('First name').fill('Dan');
    await wizard.getByLabel('Last name').fill('Wu');
    await wizard.getByLabel('Email').fill('dan-at-example.com');
    await wizard.getByLabel('Phone').fill('2125550100');
    await wizard.getByLabel('Company').fill('Wu Logistics');

    // hold the request to see the busy state: 'Generating...', disabled, Back disabled too
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/leads', async (route) => {
      await held;
      await route.continue();
    });
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/leads'));
    await wizard.getByRole('button', { name: 'Get My Quote' }).click();
    await expect(wizard.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await expect(wizard.getByRole('button', { name: 'Get My Quote' })).toHaveCount(0);
    await expect(wizard.getByRole('button', { name: 'Back' })).toBeDisabled();
    release();

    expect((await posted).status()).toBe(400);
    await expect(page.getByText('Submission Error')).toBeVisible();
    await expect(page.getByText('There was an issue submitting your request. Please try again or call us directly.')).toBeVisible();
    await expect(wizard.getByRole('heading', { name: 'Step 4: Contact Information' })).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Get My Quote' })).toBeEnabled();
    // every answer of every step is kept
    await expect(wizard.getByLabel('First name')).toHaveValue('Dan');
    await expect(wizard.getByLabel('Last name')).toHaveValue('Wu');
    await expect(wizard.getByLabel('Email')).toHaveValue('dan-at-example.com');
    await expect(wizard.getByLabel('Phone')).toHaveValue('2125550100');
    await expect(wizard.getByLabel('Company')).toHaveValue('Wu Logistics');
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByLabel('Budget range')).toHaveValue('50k-plus');
    await expect(wizard.getByLabel('Timeline')).toHaveValue('flexible');
    await expect(wizard.getByRole('checkbox', { name: 'Access Control System' })).toBeChecked();
    await expect(wizard.getByRole('checkbox', { name: 'Cloud Storage' })).toBeChecked();
    await expect(wizard.getByRole('checkbox', { name: 'Video Intercom' })).not.toBeChecked();
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByLabel('Entry points')).toHaveValue('Main entrance, loading door');
    await expect(wizard.getByLabel('Specific areas to monitor')).toHaveValue('Lobby, server room');
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByRole('button', { name: 'Office', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(wizard.getByLabel('Square footage')).toHaveValue('50000');
    await expect(wizard.getByLabel('Number of floors')).toHaveValue('3');

    // corrected, the same answers give the quote: a phased office install (issue 21: §9 timeline, 5 weeks from 50,000 sq ft)
    await page.unroute('**/api/leads');
    for (let i = 0; i < 3; i++) await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Email').fill(`dan-${Date.now()}@example.com`);
    const ok = page.waitForResponse((r) => r.url().endsWith('/api/leads'));
    await wizard.getByRole('button', { name: 'Get My Quote' }).click();
    expect((await ok).status()).toBe(201);
    // issue 21 point 4: step 5 is the saved quote's own page
    const quote = page.locator('#quote');
    await expect(quote.getByRole('heading', { name: 'Your Security Quote' })).toBeVisible();
    await expect(quote.getByText(/^Phased installation over \d+ business days \(about 5 weeks\)/)).toBeVisible();
  });

  test('field errors where they happen (§5 messages), focus on start and on the first error, Back in the tab order (issue 21)', async ({
    page,
  }) => {
    await page.goto('/shopping');
    const wizard = page.locator('#designer');
    await page.getByRole('link', { name: 'Start My Free Design' }).click();
    await expect(wizard.getByRole('heading', { name: 'Step 1: Building Information' })).toBeFocused();

    // step 1: a square footage out of range says so at the field; Next stays disabled
    await wizard.getByRole('button', { name: 'Residential', exact: true }).click();
    await wizard.getByLabel('Number of floors').selectOption('2');
    await wizard.getByLabel('Square footage').fill('-5');
    await expect(wizard.getByText('Square footage must be a whole number from 100 to 1,000,000.')).toBeVisible();
    await expect(wizard.getByLabel('Square footage')).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
    await wizard.getByLabel('Square footage').fill('4500');
    await expect(wizard.getByText('Square footage must be a whole number from 100 to 1,000,000.')).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Entry points').fill('Front door');
    await wizard.getByLabel('Specific areas to monitor').fill('Driveway');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Budget range').selectOption('10k-25k');
    await wizard.getByLabel('Timeline').selectOption('asap');
    await wizard.getByRole('button', { name: 'Next' }).click();

    // step 4: the §5 messages at the fields once left
    await wizard.getByLabel('First name').fill('Ana');
    await wizard.getByLabel('Last name').fill('Reyes');
    await wizard.getByLabel('Email').fill('x');
    await wizard.getByLabel('Phone').fill('1');
    await expect(wizard.getByText('Valid email is required.')).toBeVisible();
    await wizard.getByLabel('Company').focus();
    await expect(wizard.getByText('Valid phone number is required.')).toBeVisible();
    await expect(wizard.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');

    // Back is reached with Tab after the fields
    let reachedBack = false;
    for (let i = 0; i < 6 && !reachedBack; i++) {
      await page.keyboard.press('Tab');
      reachedBack = await wizard.getByRole('button', { name: 'Back' }).evaluate((el) => el === document.activeElement);
    }
    expect(reachedBack).toBe(true);

    // the server refuses the address: its error stays at the field and the focus goes to it
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/leads'));
    await wizard.getByRole('button', { name: 'Get My Quote' }).click();
    expect((await posted).status()).toBe(400);
    await expect(wizard.getByLabel('Email')).toBeFocused();
    await expect(wizard.getByText('Valid email is required.')).toBeVisible();
  });

  test('without Stripe keys the quote still shows and the deposit area offers the phone instead', async ({ page }) => {
    // The e2e api has (fake) Stripe keys; this simulates an api without them, where
    // the public config has stripePublishableKey: null (decisions.md §14).
    await changePublicConfig(page, (config) => ({ ...config, stripePublishableKey: null }));
    const wizard = await walkWizardToQuote(page, `nokeys-${Date.now()}@example.com`);
    await expect(wizard.getByTestId('quote-total')).toBeVisible();
    // issue 21 point 6: the deposit area follows the approval
    await approveSavedQuote(wizard);
    await expect(wizard.getByText('Online payment is not available right now')).toBeVisible();
    await expect(wizard.getByText(/to pay your \$[\d,.]+ deposit by phone/)).toBeVisible();
    await expect(wizard.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:\d+$/);
    await expect(wizard.getByRole('button', { name: /Deposit$/ })).toHaveCount(0);
  });
});
