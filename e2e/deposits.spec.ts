/**
 * Deposits (public-site.md §2, §4, §8, §9; decisions.md §3, §4): the wizard's 10% deposit and
 * the $250 consultation deposit, paid through the card form. Stripe.js is replaced at the network
 * edge by a test double that confirms against the e2e server's fake Stripe API, which sends the
 * signed webhook to our API, as Stripe does.
 */
import { createHash } from 'node:crypto';
import { expect, test, type Page, type Route } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery, e2eEnv } from './support/e2e-env';
import { installStripeJsDouble } from './support/stripe-js-double';
import { approveSavedQuote, walkWizardToQuote } from './support/wizard';

const uniqueEmail = (p: string) => `${p}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function paymentOf(where: string, param: unknown) {
  const rows = await dbQuery<{
    status: string;
    amount_cents: number;
    payment_intent_id: string;
    lead_id: number | null;
    failure_message: string | null;
  }>(`SELECT status, amount_cents, payment_intent_id, lead_id, failure_message FROM payments WHERE ${where} ORDER BY id DESC LIMIT 1`, [
    param,
  ]);
  return rows[0];
}

/**
 * Tells the e2e server's fake Stripe API to answer every PaymentIntent create for `email` with a
 * 500 api_error (`fail`) or to stop doing so (the fake's test control, scripts/lib/fake-stripe.mjs).
 */
async function stripeCreatesFailFor(email: string, fail: boolean) {
  const base = (await e2eEnv()).fakeStripeUrl;
  const res = fail
    ? await fetch(`${base}/__fake/fail-creates`, { method: 'POST', body: JSON.stringify({ receiptEmail: email, status: 500 }) })
    : await fetch(`${base}/__fake/fail-creates?receiptEmail=${encodeURIComponent(email)}`, { method: 'DELETE' });
  expect(res.status).toBe(200);
}

/** Holds the page's requests to `url` until `release()` is called, then lets them through unchanged. */
async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

test.describe('deposits', () => {
  // long multi-step flows on a shared 2-core machine: a generous budget (not a performance assertion)
  test.describe.configure({ timeout: 90_000 });

  test('wizard deposit: a declined card shows Payment Failed, a good card secures the date; the webhook updates our records', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
    const email = uniqueEmail('deposit');
    const wizard = await walkWizardToQuote(page, email);
    // issue 21 point 6: the saved quote's deposit follows its approval
    await approveSavedQuote(wizard);
    const [lead] = await dbQuery<{ id: number; total_estimate_cents: string }>(
      'SELECT id, total_estimate_cents FROM leads WHERE email = $1',
      [email],
    );
    const depositCents = Math.round(Number(lead!.total_estimate_cents) * 0.1);
    const label = `$${(depositCents / 100).toLocaleString('en-US', { minimumFractionDigits: depositCents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

    await wizard.getByRole('button', { name: `Pay ${label} Deposit` }).click();
    const card = wizard.getByTestId('stripe-card-number');
    await expect(card).toBeVisible();
    const payment = await paymentOf('lead_id = $1', lead!.id);
    expect(payment).toMatchObject({ status: 'pending', amount_cents: depositCents });

    await card.fill('4000 0000 0000 0002');
    await wizard.getByRole('button', { name: `Pay ${label}`, exact: true }).click();
    await expect(page.getByText('Payment Failed').first()).toBeVisible();
    await expect(wizard.getByText('Your card was declined.')).toBeVisible();
    await expect(card).toBeVisible(); // stays on the form
    await expect.poll(async () => (await paymentOf('lead_id = $1', lead!.id))?.status).toBe('failed');
    // meanwhile the return page (as a redirect would open it, claiming success) says what the server holds
    const declined = (await paymentOf('lead_id = $1', lead!.id))!;
    const returnPage = await page.context().newPage();
    await returnPage.goto(`/payment-success?payment_intent=${declined.payment_intent_id}&redirect_status=succeeded`);
    await expect(returnPage.getByRole('heading', { name: 'Your Deposit', level: 1 })).toBeVisible();
    await expect(returnPage.locator('[data-payment-status="failed"]').getByText('Payment Failed')).toBeVisible();
    await expect(returnPage.getByText('Your card was declined.')).toBeVisible();
    await expect(returnPage.getByText('Deposit Successful!')).toHaveCount(0);
    await returnPage.close();

    await card.fill('4242 4242 4242 4242');
    await wizard.getByRole('button', { name: `Pay ${label}`, exact: true }).click();
    await expect(page.getByText("Your installation date has been secured. We'll contact you within 24 hours.").first()).toBeVisible();
    await expect(wizard.getByTestId('payment-confirmed').getByText('Deposit Successful!')).toBeVisible();
    const confirmations = await page.evaluate(
      () => (window as unknown as { __stripeConfirmations: { returnUrl: string }[] }).__stripeConfirmations,
    );
    expect(confirmations.at(-1)!.returnUrl).toBe(new URL('/payment-success', page.url()).toString());

    await expect.poll(async () => (await paymentOf('lead_id = $1', lead!.id))?.status).toBe('succeeded');
    await expect
      .poll(async () => (await dbQuery<{ status: string }>('SELECT status FROM leads WHERE id = $1', [lead!.id]))[0]!.status)
      .toBe('won');
    const messages = await dbQuery<{ template: string }>(
      `SELECT template FROM outbound_messages WHERE lead_id = $1 AND template LIKE '%payment%' ORDER BY id`,
      [lead!.id],
    );
    expect(messages.map((m) => m.template)).toEqual(['payment_receipt', 'staff_payment_received']);

    // the return page shows what the server holds, not what the URL claims
    const { payment_intent_id } = (await paymentOf('lead_id = $1', lead!.id))!;
    await page.goto(`/payment-success?payment_intent=${payment_intent_id}&redirect_status=failed`);
    await expect(page.getByRole('heading', { name: 'Deposit Successful!' })).toBeVisible();
    await page.goto('/payment-success?payment_intent=pi_doesnotexist&redirect_status=succeeded');
    await expect(page.getByText('We could not find this payment')).toBeVisible();
    expect(consoleErrors.filter((e) => !/404|Failed to load resource/.test(e) && !/^\[query\]/.test(e))).toEqual([]);
  });

  test('consultation deposit: $250 whatever the page says, success card, return page', async ({ page }) => {
    await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
    const email = uniqueEmail('consult');
    await page.goto(
      `/consultation-payment?firstName=Lee&lastName=Park&email=${encodeURIComponent(email)}&phone=2125550123&buildingType=office`,
    );
    await expect(page.getByLabel('First name')).toHaveValue('Lee');
    await expect(page.getByText('Building type:')).toBeVisible();
    await expect(page.getByTestId('consultation-amount')).toHaveText('$250');
    await expect(page.getByText('The deposit is fully refundable within 24 hours.')).toBeVisible();

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByTestId('stripe-card-number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay $250' }).click();
    await expect(page.getByTestId('payment-confirmed').getByText('Consultation Scheduled!')).toBeVisible();
    await expect(
      page.getByTestId('payment-confirmed').getByText("We'll contact you within 24 hours to schedule your site visit."),
    ).toBeVisible();
    const confirmations = await page.evaluate(
      () => (window as unknown as { __stripeConfirmations: { returnUrl: string }[] }).__stripeConfirmations,
    );
    expect(confirmations.at(-1)!.returnUrl).toBe(new URL('/consultation-success', page.url()).toString());

    await expect.poll(async () => (await paymentOf('customer_email = $1', email))?.status).toBe('succeeded');
    const payment = (await paymentOf('customer_email = $1', email))!;
    expect(payment.amount_cents).toBe(25000);
    await page.goto(`/consultation-success?payment_intent=${payment.payment_intent_id}`);
    await expect(page.getByRole('heading', { name: 'Consultation Scheduled!' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('consultation return page: processing while the bank clears, then the failure Stripe reports, without a reload', async ({
    page,
  }) => {
    await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
    const email = uniqueEmail('consult-processing');
    await page.goto(
      `/consultation-payment?firstName=Lee&lastName=Park&email=${encodeURIComponent(email)}&phone=2125550123&buildingType=office`,
    );
    await expect(page.getByLabel('First name')).toHaveValue('Lee');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByTestId('stripe-card-number')).toBeVisible();
    const { payment_intent_id } = (await paymentOf('customer_email = $1', email))!;

    /** Makes the fake Stripe move the intent on and send its signed webhook to our API (like `stripe trigger`). */
    const stripeSends = async (type: string) => {
      const res = await fetch(`${(await e2eEnv()).fakeStripeUrl}/__fake/payment_intents/${payment_intent_id}/events`, {
        method: 'POST',
        body: JSON.stringify({ type }),
      });
      expect(res.status).toBe(200);
      expect((await res.json()).delivered).toMatchObject({ type, status: 200 });
    };
    await stripeSends('payment_intent.processing');
    await page.goto(`/consultation-success?payment_intent=${payment_intent_id}&redirect_status=succeeded`);
    const processing = page.locator('[data-payment-status="processing"]');
    await expect(processing).toContainText('Your payment of $250 is processing.');
    await expect(page.getByText('Consultation Scheduled!')).toHaveCount(0);

    await stripeSends('payment_intent.payment_failed');
    // the page asks the server again every 2 s while the payment is processing
    await expect(page.locator('[data-payment-status="failed"]').getByText('Payment Failed')).toBeVisible();
    await expect(page.getByText('Your card has insufficient funds.')).toBeVisible();
    await expect(processing).toHaveCount(0);
    expect((await paymentOf('customer_email = $1', email))!).toMatchObject({
      status: 'failed',
      failure_message: 'Your card has insufficient funds.',
    });
  });

  test("wizard deposit: Stripe failing to create the PaymentIntent shows 'Payment Setup Failed' and lets the visitor try again", async ({
    page,
  }) => {
    await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
    const email = uniqueEmail('setupfail');
    const wizard = await walkWizardToQuote(page, email);
    // issue 21 point 6: the saved quote's deposit follows its approval
    await approveSavedQuote(wizard);
    const [lead] = await dbQuery<{ id: number }>('SELECT id FROM leads WHERE email = $1', [email]);
    const start = wizard.getByRole('button', { name: /^Pay \$[\d,.]+ Deposit$/ });

    await stripeCreatesFailFor(email, true);
    try {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/create-deposit-payment'));
      await start.click();
      // the server maps the provider's failure to 502 PAYMENT_PROVIDER_ERROR (never a 500)
      const res = await answered;
      expect(res.status()).toBe(502);
      expect(await res.json()).toMatchObject({ statusCode: 502, code: 'PAYMENT_PROVIDER_ERROR' });
      await expect(page.getByText('Payment Setup Failed').first()).toBeVisible();
      await expect(page.getByText('Unable to initialize payment. Please try again.').first()).toBeVisible();
      // back to idle: the start button again, no card form, nothing recorded
      await expect(start).toBeEnabled();
      await expect(wizard.getByTestId('stripe-card-number')).toHaveCount(0);
      expect(await paymentOf('lead_id = $1', lead!.id)).toBeUndefined();
    } finally {
      await stripeCreatesFailFor(email, false);
    }

    // once Stripe answers again, the same button sets the payment up; each state of public-site.md
    // §4 is seen on the way (idle → setting up payment → card form → processing → confirmed): the
    // calls are held until the state they cause has been checked
    const setup = await holdRequests(page, '**/api/create-deposit-payment');
    await start.click();
    await expect(wizard.getByRole('button', { name: 'Setting up payment...' })).toBeDisabled();
    setup.release();
    const card = wizard.getByTestId('stripe-card-number');
    await expect(card).toBeVisible();
    expect(await paymentOf('lead_id = $1', lead!.id)).toMatchObject({ status: 'pending' });
    await card.fill('4242 4242 4242 4242');
    const confirm = await holdRequests(page, `${(await e2eEnv()).fakeStripeUrl}/v1/payment_intents/*/confirm`);
    await wizard.getByRole('button', { name: /^Pay \$[\d,.]+$/ }).click();
    await expect(wizard.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(wizard.getByRole('form', { name: 'Card payment' })).toHaveAttribute('aria-busy', 'true');
    confirm.release();
    await expect(wizard.getByTestId('payment-confirmed').getByText('Deposit Successful!')).toBeVisible();
    await expect.poll(async () => (await paymentOf('lead_id = $1', lead!.id))?.status).toBe('succeeded');
  });

  test('wizard deposit: the quote is addressed by its token; a quote paused after card failures says to call', async ({ page }) => {
    await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
    const email = uniqueEmail('locked');
    const wizard = await walkWizardToQuote(page, email);
    // issue 21 point 6: the saved quote's deposit follows its approval
    await approveSavedQuote(wizard);
    const [lead] = await dbQuery<{ id: number; deposit_token_hash: string }>('SELECT id, deposit_token_hash FROM leads WHERE email = $1', [
      email,
    ]);
    // online payment paused for this quote (as after more than 5 card failures in 10 minutes)
    await dbQuery(`INSERT INTO payment_locks (scope, subject, locked_until, failures) VALUES ('lead', $1, now() + interval '1 hour', 6)`, [
      String(lead!.id),
    ]);
    const start = wizard.getByRole('button', { name: /^Pay \$[\d,.]+ Deposit$/ });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/create-deposit-payment'));
    await start.click();
    const res = await answered;
    // the browser sends the token it got with the quote, never the lead id
    const sent = res.request().postDataJSON() as Record<string, unknown>;
    expect(sent).not.toHaveProperty('leadId');
    expect(createHash('sha256').update(String(sent.quoteToken)).digest('hex')).toBe(lead!.deposit_token_hash);
    expect(res.status()).toBe(423);
    await expect(page.getByText('Payment Setup Failed').first()).toBeVisible();
    await expect(page.getByText('Online payment is paused for this quote. Please call us to pay.').first()).toBeVisible();
    await expect(start).toBeEnabled();
    await expect(wizard.getByTestId('stripe-card-number')).toHaveCount(0);
    expect(await paymentOf('lead_id = $1', lead!.id)).toBeUndefined();
  });

  test('consultation deposit: a setup failure is logged and the page offers to try again or call', async ({ page }) => {
    await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
    const consoleErrors = collectConsoleErrors(page);
    const email = uniqueEmail('consultfail');
    await page.goto(
      `/consultation-payment?firstName=Lee&lastName=Park&email=${encodeURIComponent(email)}&phone=2125550123&buildingType=office`,
    );
    await expect(page.getByLabel('First name')).toHaveValue('Lee');
    await stripeCreatesFailFor(email, true);
    try {
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(page.getByText(/We could not start the payment\. Please try again or call us at/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
      expect(consoleErrors.some((e) => e.includes('[payment setup]'))).toBe(true);
    } finally {
      await stripeCreatesFailFor(email, false);
    }
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByTestId('stripe-card-number')).toBeVisible();
    await expect(page.getByText(/We could not start the payment/)).toHaveCount(0);
  });

  test('consultation deposit: Stripe.js failing to load is a setup failure too, and a second try loads it', async ({ page }) => {
    await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
    const blockStripeJs = (route: Route) => route.abort('internetdisconnected');
    await page.route('https://js.stripe.com/**', blockStripeJs);
    await page.goto(
      `/consultation-payment?firstName=Lee&lastName=Park&email=${encodeURIComponent(uniqueEmail('nojs'))}&phone=2125550123&buildingType=office`,
    );
    await expect(page.getByLabel('First name')).toHaveValue('Lee');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText(/We could not start the payment\. Please try again or call us at/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();

    await page.unroute('https://js.stripe.com/**', blockStripeJs);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByTestId('stripe-card-number')).toBeVisible();
  });
});
