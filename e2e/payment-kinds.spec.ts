/**
 * The payment return pages name the kind of payment our server holds (public-site.md §8):
 * a consultation deposit reads 'Consultation Scheduled!' on either return page, never
 * 'Deposit Successful!'.
 */
import { expect, test } from './support/test';
import { dbQuery, e2eEnv } from './support/e2e-env';
import { installStripeJsDouble } from './support/stripe-js-double';

test('a consultation payment is named as such on /consultation-success and on /payment-success', async ({ page }) => {
  test.setTimeout(60_000);
  await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
  const email = `kind-${Date.now()}@example.com`;
  await page.goto(
    `/consultation-payment?firstName=Lee&lastName=Park&email=${encodeURIComponent(email)}&phone=2125550123&buildingType=office`,
  );
  await expect(page.getByLabel('First name')).toHaveValue('Lee');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByTestId('stripe-card-number').fill('4242424242424242');
  await page.getByRole('button', { name: 'Pay $250' }).click();
  await expect(page.getByTestId('payment-confirmed').getByText('Consultation Scheduled!')).toBeVisible();
  const payment = async () =>
    (
      await dbQuery<{ status: string; payment_intent_id: string }>(
        'SELECT status, payment_intent_id FROM payments WHERE customer_email = $1',
        [email],
      )
    )[0];
  await expect.poll(async () => (await payment())?.status).toBe('succeeded');
  const { payment_intent_id } = (await payment())!;

  for (const path of ['/consultation-success', '/payment-success']) {
    await page.goto(`${path}?payment_intent=${payment_intent_id}&redirect_status=succeeded`);
    await expect(page.getByRole('heading', { name: 'Consultation Scheduled!' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Consultation');
    await expect(page.getByText('Consultation deposit paid: $250')).toBeVisible();
    await expect(page.getByText('Deposit Successful!')).toHaveCount(0);
  }
});
