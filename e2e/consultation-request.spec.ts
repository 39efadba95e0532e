/**
 * /consultation-payment without online payment (decisions.md §14): the visitor's details go to
 * the company as a consultation request (a contact with source `consultation` and the building
 * type) and the page says when the company will call. With or without Stripe the page hydrates
 * without a console error and axe finds nothing serious; staff see the request with its source.
 */
import { expect, test } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery } from './support/e2e-env';
import { gotoHydrated } from './support/goto';
import { changePublicConfig } from './support/public-config';
import { createAdmin, seriousA11yViolations, signIn } from './support/staff';

const ADMIN = { email: 'e2e.consultation.admin@ironclad.test', password: 'e2e consultation admin password 3' };

const query = (email: string, buildingType = 'restaurant') =>
  `/consultation-payment?firstName=Noa&lastName=Levi&email=${encodeURIComponent(email)}&phone=9175550111&buildingType=${buildingType}`;

test('without online payment the request is stored as a consultation contact and the page says when we call', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  await changePublicConfig(page, (c) => ({ ...c, stripePublishableKey: null }));
  const email = `consult-request-${Date.now()}@example.com`;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoHydrated(page, query(email));
  await expect(page.getByLabel('First name')).toHaveValue('Noa');
  await expect(page.getByText('Online payment is not available right now')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Request a Call' }).click();
  const done = page.getByTestId('consultation-requested');
  await expect(done).toContainText('Consultation Requested!');
  await expect(done).toContainText("We'll call you at 9175550111 within 24 hours");
  const rows = await dbQuery<{ source: string; property_type: string; first_name: string; phone: string }>(
    'SELECT source, property_type, first_name, phone FROM contacts WHERE email = $1',
    [email],
  );
  expect(rows).toEqual([{ source: 'consultation', property_type: 'restaurant', first_name: 'Noa', phone: '9175550111' }]);
  expect(errors).toEqual([]);

  await createAdmin(ADMIN);
  await signIn(page, ADMIN);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByLabel('Search contacts').fill(email);
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await expect(page.getByTestId('contact-card').getByTestId('contact-source')).toHaveText('Consultation request');
});

test('without a building type in the link the visitor picks one before asking for a call', async ({ page }) => {
  await changePublicConfig(page, (c) => ({ ...c, stripePublishableKey: null }));
  const email = `consult-pick-${Date.now()}@example.com`;
  await gotoHydrated(page, `/consultation-payment?firstName=Ada&lastName=Byron&email=${encodeURIComponent(email)}&phone=2125550110`);
  await page.getByRole('button', { name: 'Request a Call' }).click();
  await expect(page.getByText('Building type is required.')).toBeVisible();
  await page.getByLabel('Building type').selectOption('office');
  await page.getByRole('button', { name: 'Request a Call' }).click();
  await expect(page.getByTestId('consultation-requested')).toBeVisible();
  expect(await dbQuery('SELECT property_type FROM contacts WHERE email = $1', [email])).toEqual([{ property_type: 'office' }]);
});

for (const width of [1280, 390]) {
  test(`with online payment the page hydrates cleanly and passes axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    const errors = collectConsoleErrors(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, query(`consult-axe-${width}@example.com`));
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
    await expect(page.getByTestId('consultation-amount')).toHaveText('$250');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
