/**
 * Service pages (public-site.md §2, §3, §5, §8, §9): sections and prices, CTA scrolls to #contact, quote form success and failure
 * toasts, validation, hostile input stored and rendered as text.
 */
import { expect, test } from './support/test';
import { gotoHydrated } from './support/goto';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery } from './support/e2e-env';

const PAGES = [
  {
    path: '/residential-security',
    serviceType: 'Residential Security',
    prices: ['From $299 per camera', 'From $199 per device', 'From $199', 'From $49/month', '$29.99/month', 'From $99'],
  },
  {
    path: '/business-security',
    serviceType: 'Business Security',
    prices: ['From $2,500', 'From $500 per camera', 'From $5,000', 'From $199/month'],
  },
  { path: '/security-cameras', serviceType: 'Security Cameras', prices: ['$299', '$799', '$1,499'] },
  { path: '/smart-home-automation', serviceType: 'Smart Home Automation', prices: ['$499', '$1,299', '$2,999'] },
  { path: '/building-video-intercom', serviceType: 'Building Video Intercom', prices: ['$1,299', '$899', '$449'] },
  { path: '/security-monitoring', serviceType: 'Security Monitoring', prices: ['$299', '$499', '$849'] },
] as const;

const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

for (const p of PAGES) {
  test(`${p.path}: prices, CTA scrolls to #contact, the quote form stores serviceType ${p.serviceType}`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, p.path);
    for (const price of p.prices) await expect(page.locator('main').getByText(price, { exact: true }).first()).toBeVisible();

    const contact = page.locator('#contact');
    await expect(contact).not.toBeInViewport();
    await page.locator('main section').first().getByRole('link').first().click();
    await expect(contact).toBeInViewport();

    const form = contact.getByRole('form', { name: 'Quote request form' });
    const email = uniqueEmail(p.path.slice(1));
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('(917) 555-0110');
    await form.getByLabel('Property type').selectOption('office-building');
    await form.getByRole('button', { name: 'Request My Free Quote' }).click();
    await expect(page.getByText('Quote Request Submitted!')).toBeVisible();
    await expect(page.getByText('Our security experts will contact you within 24 hours to schedule your free consultation.')).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('');

    const rows = await dbQuery<{ service_type: string; property_type: string; services: string[]; referral_source: string | null }>(
      'SELECT service_type, property_type, services, referral_source FROM contacts WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([
      { service_type: p.serviceType, property_type: 'office-building', services: [p.serviceType], referral_source: null },
    ]);
    expect(errors).toEqual([]);
  });
}

test('residential form: empty submit shows the §5 messages and the "Please check your information" toast', async ({ page }) => {
  await gotoHydrated(page, '/residential-security');
  const form = page.getByRole('form', { name: 'Quote request form' });
  await expect(form.getByLabel('First name')).toHaveAttribute('required', '');
  await expect(form.getByLabel('Property type').locator('option')).toHaveText([
    'Select property type',
    'Single-Family Home',
    'Townhouse',
    'Condominium',
    'Apartment',
    'Small Business',
    'Retail Store',
    'Office Building',
    'Warehouse',
    'Industrial',
    'Other',
  ]);
  await expect(form.getByLabel('How did you hear about us?')).toHaveCount(0);
  await form.getByRole('button', { name: 'Request My Free Quote' }).click();
  await expect(page.getByText('Please check your information')).toBeVisible();
  await expect(page.getByText('Make sure all required fields are filled out correctly.')).toBeVisible();
  for (const m of [
    'First name is required.',
    'Last name is required.',
    'Valid email is required.',
    'Valid phone number is required.',
    'Property type is required.',
  ])
    await expect(form.getByText(m, { exact: true })).toBeVisible();
  // Overlong values get the schema's length message, not a crash.
  await form.getByLabel('First name').fill('x'.repeat(150));
  await expect(form.getByText('Must be at most 100 characters.')).toBeVisible();
});

test('a failed submission shows "Submission Failed" with the phone number and keeps the form', async ({ page }) => {
  // A failure that sending again cannot fix (500). A 503 is retried for up to two minutes first
  // (issue 26 point 7, lib/resilient-submit.ts; e2e/outage-wizard.spec.ts shows that path).
  await page.route('**/api/contacts', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"code":"INTERNAL_ERROR","message":"down"}' }),
  );
  await gotoHydrated(page, '/security-cameras');
  const form = page.getByRole('form', { name: 'Quote request form' });
  await form.getByLabel('First name').fill('Alan');
  await form.getByLabel('Last name').fill('Turing');
  await form.getByLabel('Email').fill('alan@example.com');
  await form.getByLabel('Phone').fill('2125550100');
  await form.getByLabel('Property type').selectOption('townhouse');
  await form.getByRole('button', { name: 'Request My Free Quote' }).click();
  await expect(page.getByText('Submission Failed')).toBeVisible();
  await expect(page.getByText(/^Please try again or call us directly at \(\d{3}\) \d{3}-\d{4}\.$/)).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('Alan');
});

test('script-laden and Unicode input is stored verbatim and never executed', async ({ page }) => {
  let alerted = false;
  page.on('dialog', async (d) => {
    alerted = true;
    await d.dismiss();
  });
  await gotoHydrated(page, '/smart-home-automation');
  const form = page.getByRole('form', { name: 'Quote request form' });
  const email = uniqueEmail('hostile');
  const first = '<script>alert(1)</script>';
  const last = 'Ñúñez-Łukasz 李 👩‍💻 عربى';
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+1 (212) 555-0199');
  await form.getByLabel('Property type').selectOption('other');
  await form.getByLabel('Message').fill('<img src=x onerror=alert(2)> ✓');
  await form.getByRole('button', { name: 'Request My Free Quote' }).click();
  await expect(page.getByText('Quote Request Submitted!')).toBeVisible();
  const rows = await dbQuery<{ first_name: string; last_name: string; message: string }>(
    'SELECT first_name, last_name, message FROM contacts WHERE email = $1',
    [email],
  );
  expect(rows).toEqual([{ first_name: first, last_name: last, message: '<img src=x onerror=alert(2)> ✓' }]);
  expect(alerted).toBe(false);
});
