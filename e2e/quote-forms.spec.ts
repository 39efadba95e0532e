/**
 * Every quote form of the public site (public-site.md §4 "Contact forms", §5 "Home contact form",
 * §8 toasts): the home contact form on / and the quote forms of the six
 * service pages.
 *
 * - A failed POST /api/contacts shows the form's failure toast (§8: home 'Submission failed' /
 *   'Please check your information and try again.'; service pages 'Submission Failed' /
 *   'Please try again or call us directly at {phone}.') and keeps what the visitor typed (§4).
 * - A 201 whose `notificationJob` is null (the api stored the contact but could not queue the
 *   staff notification) is a success (§4, §8 success toasts).
 * - Bad input on the home form: empty and overlong values get the validation messages and send
 *   nothing; script-laden and emoji/RTL/CJK-heavy values are sent, stored verbatim and never run.
 */
import { expect, test, type Locator, type Page } from './support/test';
import type { PublicConfig } from '@ironclad/contracts';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { dbQuery } from './support/e2e-env';

const SERVICE_PAGES = [
  '/residential-security',
  '/business-security',
  '/security-cameras',
  '/smart-home-automation',
  '/building-video-intercom',
  '/security-monitoring',
] as const;

const HOME_FAILURE = { title: 'Submission failed', description: 'Please check your information and try again.' };
const HOME_SUCCESS = 'Thank you for your interest! We will contact you within 24 hours to schedule your free consultation.';
const QUOTE_SUCCESS = {
  title: 'Quote Request Submitted!',
  description: 'Our security experts will contact you within 24 hours to schedule your free consultation.',
};

const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Every POST /api/contacts fails with a 500. */
async function failContacts(page: Page): Promise<void> {
  await page.route('**/api/contacts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusCode":500,"code":"INTERNAL","message":"Internal server error"}',
        })
      : route.fallback(),
  );
}

/** POST /api/contacts reaches the api; its 201 answer reaches the page with `notificationJob: null` (Redis down). */
async function dropNotificationJob(page: Page): Promise<void> {
  await page.route('**/api/contacts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    if (response.status() !== 201) return route.fulfill({ response });
    const json = (await response.json()) as { notificationJob: unknown };
    expect(json.notificationJob).not.toBeNull(); // the real answer had a job: the null below is ours
    await route.fulfill({ response, json: { ...json, notificationJob: null } });
  });
}

/** The home page's contact form, hydrated. */
async function homeForm(page: Page): Promise<Locator> {
  await gotoHydrated(page, '/');
  const form = page.getByRole('form', { name: 'Contact form' });
  await scrollIntoHydratedView(form);
  return form;
}

/** A service page's quote form, hydrated. */
async function quoteForm(page: Page, path: string): Promise<Locator> {
  await gotoHydrated(page, path);
  const form = page.locator('#contact').getByRole('form', { name: 'Quote request form' });
  await scrollIntoHydratedView(form);
  return form;
}

/** Posts the form and returns the API's answer status (the one the page saw). */
async function submit(page: Page, button: Locator): Promise<number> {
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST');
  await button.click();
  return (await posted).status();
}

/** The five required fields of a contact or quote form (public-site.md §5). */
interface RequiredFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  propertyType: string;
}

/** Fills the required fields of `form`. */
async function fillRequired(form: Locator, v: RequiredFields): Promise<void> {
  await form.getByLabel('First name').fill(v.firstName);
  await form.getByLabel('Last name').fill(v.lastName);
  await form.getByLabel('Email').fill(v.email);
  await form.getByLabel('Phone').fill(v.phone);
  await form.getByLabel('Property type').selectOption(v.propertyType);
}

/** Expects the five required fields to still hold what {@link fillRequired} typed. */
async function expectRequiredKept(form: Locator, v: RequiredFields): Promise<void> {
  await expect(form.getByLabel('First name')).toHaveValue(v.firstName);
  await expect(form.getByLabel('Last name')).toHaveValue(v.lastName);
  await expect(form.getByLabel('Email')).toHaveValue(v.email);
  await expect(form.getByLabel('Phone')).toHaveValue(v.phone);
  await expect(form.getByLabel('Property type')).toHaveValue(v.propertyType);
}

test.describe('failure toasts keep the form', () => {
  test('home contact form: "Submission failed" and every typed value kept', async ({ page }) => {
    await failContacts(page);
    const form = await homeForm(page);
    const required: RequiredFields = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(212) 555-0142',
      propertyType: 'business',
    };
    await fillRequired(form, required);
    await form.getByLabel('How did you hear about us?').selectOption('google');
    await form.getByText('Alarm Systems', { exact: true }).click();
    await form.getByLabel('Message').fill('Loading dock and two doors.');

    expect(await submit(page, form.getByRole('button', { name: 'Send Message' }))).toBe(500);
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast.getByText(HOME_FAILURE.title, { exact: true })).toBeVisible();
    await expect(toast.getByText(HOME_FAILURE.description, { exact: true })).toBeVisible();
    await expect(page.getByText(HOME_SUCCESS)).toHaveCount(0);

    await expectRequiredKept(form, required);
    await expect(form.getByLabel('How did you hear about us?')).toHaveValue('google');
    await expect(form.getByLabel('Message')).toHaveValue('Loading dock and two doors.');
    await expect(form.getByRole('checkbox', { name: 'Alarm Systems' })).toBeChecked();
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  for (const path of SERVICE_PAGES) {
    test(`${path}: "Submission Failed" with the company phone, and every typed value kept`, async ({ page, request }) => {
      const { company } = (await (await request.get('/api/public-config')).json()) as PublicConfig;
      await failContacts(page);
      const form = await quoteForm(page, path);
      const required: RequiredFields = {
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.com',
        phone: '2125550100',
        propertyType: 'warehouse',
      };
      await fillRequired(form, required);
      await form.getByLabel('Message').fill('Twelve cameras, one gate.');

      expect(await submit(page, form.getByRole('button', { name: 'Request My Free Quote' }))).toBe(500);
      const toast = page.getByTestId('toast');
      await expect(toast).toHaveCount(1);
      await expect(toast.getByText('Submission Failed', { exact: true })).toBeVisible();
      await expect(toast.getByText(`Please try again or call us directly at ${company.phone}.`, { exact: true })).toBeVisible();
      await expect(page.getByText(QUOTE_SUCCESS.title)).toHaveCount(0);

      await expectRequiredKept(form, required);
      await expect(form.getByLabel('Message')).toHaveValue('Twelve cameras, one gate.');
      await expect(form.getByRole('button', { name: 'Request My Free Quote' })).toBeEnabled();
    });
  }
});

test.describe('a contact stored without its notification job (notificationJob: null) is a success', () => {
  test('home contact form: thank-you toast, form reset, contact stored', async ({ page }) => {
    await dropNotificationJob(page);
    const form = await homeForm(page);
    const email = uniqueEmail('nojob-home');
    await fillRequired(form, { firstName: 'Katherine', lastName: 'Johnson', email, phone: '(212) 555-0177', propertyType: 'residential' });

    expect(await submit(page, form.getByRole('button', { name: 'Send Message' }))).toBe(201);
    await expect(page.getByTestId('toast').getByText(HOME_SUCCESS, { exact: true })).toBeVisible();
    await expect(page.getByText(HOME_FAILURE.title, { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('First name')).toHaveValue('');
    expect(await dbQuery('SELECT first_name FROM contacts WHERE email = $1', [email])).toEqual([{ first_name: 'Katherine' }]);
  });

  test('/security-monitoring quote form: "Quote Request Submitted!", form reset, contact stored', async ({ page }) => {
    await dropNotificationJob(page);
    const form = await quoteForm(page, '/security-monitoring');
    const email = uniqueEmail('nojob-monitoring');
    await fillRequired(form, { firstName: 'Dorothy', lastName: 'Vaughan', email, phone: '(212) 555-0178', propertyType: 'retail-store' });

    expect(await submit(page, form.getByRole('button', { name: 'Request My Free Quote' }))).toBe(201);
    const toast = page.getByTestId('toast');
    await expect(toast.getByText(QUOTE_SUCCESS.title, { exact: true })).toBeVisible();
    await expect(toast.getByText(QUOTE_SUCCESS.description, { exact: true })).toBeVisible();
    await expect(page.getByText('Submission Failed', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('First name')).toHaveValue('');
    expect(await dbQuery('SELECT first_name, service_type FROM contacts WHERE email = $1', [email])).toEqual([
      { first_name: 'Dorothy', service_type: 'Security Monitoring' },
    ]);
  });
});

test.describe('bad input', () => {
  const SECTION_MESSAGES = [
    'First name is required.',
    'Last name is required.',
    'Valid email is required.',
    'Valid phone number is required.',
    'Property type is required.',
  ];

  test('home form: empty, blank and overlong values get their messages and nothing is sent', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contacts') && r.method() === 'POST') posts.push(r.url());
    });
    const form = await homeForm(page);
    const send = form.getByRole('button', { name: 'Send Message' });

    // Empty: the five §5 messages, each field marked invalid.
    await send.click();
    for (const m of SECTION_MESSAGES) await expect(form.getByText(m, { exact: true })).toBeVisible();
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Property type'])
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');

    // Blank (spaces only) is still empty; a 9-character phone is too short (§9: 10 at least).
    await form.getByLabel('First name').fill('   ');
    await form.getByLabel('Phone').fill('212555014');
    await send.click();
    await expect(form.getByText('First name is required.', { exact: true })).toBeVisible();
    await expect(form.getByText('Valid phone number is required.', { exact: true })).toBeVisible();

    // Overlong: the schema's length messages, linked to their fields.
    await form.getByLabel('First name').fill('x'.repeat(101));
    await form.getByLabel('Last name').fill('y'.repeat(101));
    await form.getByLabel('Email').fill(`${'a'.repeat(250)}@example.com`);
    await form.getByLabel('Phone').fill('1'.repeat(33));
    await form.getByLabel('Property type').selectOption('industrial');
    await form.getByLabel('Message').fill('m'.repeat(5001));
    await send.click();
    await expect(form.getByLabel('First name')).toHaveAccessibleDescription('Must be at most 100 characters.');
    await expect(form.getByLabel('Last name')).toHaveAccessibleDescription('Must be at most 100 characters.');
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Must be at most 254 characters.');
    await expect(form.getByLabel('Phone')).toHaveAccessibleDescription('Must be at most 32 characters.');
    await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Must be at most 5000 characters.');
    await expect(form.getByText('Property type is required.', { exact: true })).toHaveCount(0);

    // At the limits the values are accepted again (re-validation on change).
    await form.getByLabel('First name').fill('x'.repeat(100));
    await expect(form.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Must be at most 100 characters.', { exact: true })).toHaveCount(1);

    await expect(send).toBeEnabled();
    expect(posts).toEqual([]);
  });

  const HOSTILE = {
    firstName: '<script>alert("xss-first")</script>',
    lastName: '"><img src=x onerror=alert(1)> O\'Brien; DROP TABLE contacts;--',
    message: '<svg onload=alert(2)></svg> {{constructor.constructor("alert(3)")()}} javascript:alert(4)',
  };
  const UNICODE = {
    firstName: 'Zoë 👩🏽‍🔧🚨',
    lastName: 'مرحبا שלום 漢字テスト',
    message: '‮RTL override‬ · 😀🔒🏠 · 日本語の文章 · Ünïcødé ✓ · العربية',
  };

  /** Fills a form with `values` (and a unique email), submits it and checks storage and that nothing ran. */
  async function submitHostile(
    page: Page,
    form: Locator,
    values: { firstName: string; lastName: string; message: string },
    propertyType: string,
    button: string,
    success: string,
  ) {
    const email = uniqueEmail('bad-input');
    await fillRequired(form, { firstName: values.firstName, lastName: values.lastName, email, phone: '+1 (212) 555-0199', propertyType });
    await form.getByLabel('Message').fill(values.message);
    expect(await submit(page, form.getByRole('button', { name: button }))).toBe(201);
    await expect(page.getByTestId('toast').getByText(success, { exact: true })).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue(''); // this submission's success reset the form
    const rows = await dbQuery<{ first_name: string; last_name: string; message: string }>(
      'SELECT first_name, last_name, message FROM contacts WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ first_name: values.firstName, last_name: values.lastName, message: values.message }]);
  }

  /** Records every dialog (alert, confirm, prompt) the page opens. */
  function watchDialogs(page: Page): string[] {
    const dialogs: string[] = [];
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    return dialogs;
  }

  test('home form: script-laden and emoji/RTL/CJK values are stored verbatim, nothing runs', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const form = await homeForm(page);
    await submitHostile(page, form, HOSTILE, 'business', 'Send Message', HOME_SUCCESS);
    await submitHostile(page, form, UNICODE, 'multi-family', 'Send Message', HOME_SUCCESS);
    await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  for (const path of ['/business-security', '/building-video-intercom']) {
    test(`${path} quote form: script-laden and emoji/RTL/CJK values are stored verbatim, nothing runs`, async ({ page }) => {
      const dialogs = watchDialogs(page);
      const form = await quoteForm(page, path);
      await submitHostile(page, form, HOSTILE, 'office-building', 'Request My Free Quote', QUOTE_SUCCESS.title);
      await submitHostile(page, form, UNICODE, 'condominium', 'Request My Free Quote', QUOTE_SUCCESS.title);
      await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
      expect(dialogs).toEqual([]);
    });
  }
});
