/**
 * Home contact form (public-site.md §4, §5, §8): validation messages, a real submission stored
 * by the API, and the staff-notification outbox record written by the worker.
 */
import { expect, test } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery } from './support/e2e-env';
import { scrollIntoHydratedView } from './support/goto';

const SECTION_MESSAGES = [
  'First name is required.',
  'Last name is required.',
  'Valid email is required.',
  'Valid phone number is required.',
  'Property type is required.',
];

test.describe('home contact form', () => {
  test('an empty submit shows the five validation messages, linked to their fields', async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    // Pressed straight away: the section is not hydrated yet, so the press is held and replayed
    // once it has hydrated (it loads as the click scrolls it into view).
    await expect(form).toHaveAttribute('method', 'post');
    await form.getByRole('button', { name: 'Send Message' }).click();

    for (const message of SECTION_MESSAGES) await expect(form.getByText(message, { exact: true })).toBeVisible();

    const firstName = form.getByLabel('First name');
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('First name is required.');
    await expect(form.getByLabel('Property type')).toHaveAccessibleDescription('Property type is required.');

    // Re-validates on change: the message goes once the field is valid.
    await firstName.fill('Ada');
    await expect(form.getByText('First name is required.', { exact: true })).toBeHidden();
    await expect(form.getByText('Last name is required.', { exact: true })).toBeVisible();

    // The prerendered page hydrated cleanly and loaded its config without errors.
    expect(consoleErrors).toEqual([]);
  });

  test('a valid submit thanks the visitor, stores the contact and records the staff notification', async ({ page }) => {
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await scrollIntoHydratedView(form);
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('(212) 555-0142');
    await form.getByLabel('Property type').selectOption('multi-family');
    await form.getByLabel('How did you hear about us?').selectOption('referral');
    await form.getByText('Security Cameras', { exact: true }).click();
    await form.getByText('Access Control', { exact: true }).click();
    await form.getByLabel('Message').fill('Two entrances and a parking garage.');
    await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(2);

    const posted = page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await posted).status()).toBe(201);

    await expect(
      page.getByText('Thank you for your interest! We will contact you within 24 hours to schedule your free consultation.'),
    ).toBeVisible();
    // Success resets the form and clears the services.
    await expect(form.getByLabel('First name')).toHaveValue('');
    await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(0);

    const contacts = await dbQuery<{
      id: number;
      first_name: string;
      property_type: string;
      services: string[];
      referral_source: string | null;
      message: string | null;
    }>('SELECT id, first_name, property_type, services, referral_source, message FROM contacts WHERE email = $1', [email]);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      first_name: 'Ada',
      property_type: 'multi-family',
      services: ['Security Cameras', 'Access Control'],
      referral_source: 'referral',
      message: 'Two entrances and a parking garage.',
    });

    // The worker records the staff notification; with no email provider it is not delivered.
    await expect
      .poll(
        async () =>
          (
            await dbQuery<{ status: string; channel: string }>('SELECT status, channel FROM outbound_messages WHERE contact_id = $1', [
              contacts[0].id,
            ])
          ).map((m) => `${m.channel}:${m.status}`),
        { timeout: 10_000, intervals: [250, 500, 1000] },
      )
      .toEqual(['email:not_delivered']);
  });
});
