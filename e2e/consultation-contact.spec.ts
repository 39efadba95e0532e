/**
 * A consultation deposit is linked to the visitor's contact (decisions.md §4):
 * the visitor pays $250 on /consultation-payment, the server finds or creates the contact, and
 * staff see the payment, with the status from the verified webhook, in the contact's details.
 */
import { spawnSync } from 'node:child_process';
import { expect, test } from './support/test';
import { dbQuery, e2eEnv } from './support/e2e-env';
import { installStripeJsDouble } from './support/stripe-js-double';

const ADMIN = { email: 'e2e.payments.admin@ironclad.test', password: 'e2e payments admin password 7' };

test.beforeAll(async () => {
  const out = spawnSync(process.execPath, ['backend/dist/cli/admin-create.js', '--email', ADMIN.email, '--password-stdin'], {
    input: `${ADMIN.password}\n`,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: (await e2eEnv()).databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  expect(out.status, out.stderr).toBe(0);
});

test('a paid consultation shows on the visitor’s contact in the admin contacts tab', async ({ page }) => {
  test.setTimeout(90_000);
  await installStripeJsDouble(page, (await e2eEnv()).fakeStripeUrl);
  const email = `consult-contact-${Date.now()}@example.com`;
  await page.goto(
    `/consultation-payment?firstName=Noa&lastName=Levi&email=${encodeURIComponent(email)}&phone=9175550111&buildingType=restaurant`,
  );
  await expect(page.getByLabel('First name')).toHaveValue('Noa');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByTestId('stripe-card-number').fill('4242424242424242');
  await page.getByRole('button', { name: 'Pay $250' }).click();
  await expect(page.getByTestId('payment-confirmed').getByText('Consultation Scheduled!')).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await dbQuery<{ status: string; contact_id: number | null }>(
            'SELECT status, contact_id FROM payments WHERE customer_email = $1',
            [email],
          )
        )[0],
    )
    .toMatchObject({ status: 'succeeded', contact_id: expect.any(Number) });

  await page.goto('/admin');
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByLabel('Search contacts').fill(email);
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await page.getByTestId('contact-card').click();
  const details = page.getByTestId('contact-details');
  await expect(details.getByText('Property type: restaurant')).toBeVisible();
  const payments = details.getByTestId('contact-payments');
  await expect(payments.getByText('Consultation deposit')).toBeVisible();
  await expect(payments.getByText('$250.00')).toBeVisible();
  await expect(payments.getByText('succeeded')).toBeVisible();
});
