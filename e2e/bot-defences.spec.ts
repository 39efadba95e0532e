/**
 * Bot defences as a visitor meets them (issue "Public endpoints hold up against bots"): over the
 * per-address limit the calculator says when to try again and keeps what was typed; past the soft
 * threshold the self-hosted check (ALTCHA) appears, is ticked and solved with the keyboard alone,
 * and the same form then goes through.
 */
import { buildingInfoOfCalculatorSpecs, DEFAULT_CALCULATOR_SPECS } from '@ironclad/contracts';
import { expect, test, type Page } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { dbQuery } from './support/e2e-env';
import { gotoHydrated } from './support/goto';

const uniqueEmail = (p: string) => `${p}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Sends `n` calculator leads as the visitor at `address` (what a script does before the person arrives). */
async function sendLeads(page: Page, address: string, n: number) {
  for (let i = 0; i < n; i++) {
    await page.request.post('/api/leads', {
      headers: { 'x-forwarded-for': address },
      data: {
        firstName: 'Script',
        lastName: 'Run',
        email: uniqueEmail('script'),
        phone: '(212) 555-0101',
        buildingInfo: buildingInfoOfCalculatorSpecs(DEFAULT_CALCULATOR_SPECS),
        source: 'cost_calculator',
        status: 'new',
      },
    });
  }
}

async function openDialogAndFill(page: Page, email: string) {
  await gotoHydrated(page, '/calculator');
  await page.getByRole('button', { name: 'Get PDF Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Your PDF Quote' });
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('(212) 555-0199');
  return dialog;
}

test('over the limit, the calculator says when to try again and keeps what the visitor typed', async ({ page, clientAddress }) => {
  const consoleErrors = collectConsoleErrors(page);
  await sendLeads(page, clientAddress, 10); // the hour's budget of this address (RATE_LIMIT_LEADS_PER_HOUR)
  const email = uniqueEmail('limited');
  const dialog = await openDialogAndFill(page, email);
  await dialog.getByRole('button', { name: 'Email My PDF Quote' }).click();

  await expect(page.getByText('Please try again later')).toBeVisible();
  await expect(page.getByText(/Too many requests from your network\. Please try again in \d+ minutes, or call us at /)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expect(dialog.getByLabel('First name')).toHaveValue('Ada');
  expect(await dbQuery('SELECT id FROM leads WHERE email = $1', [email])).toEqual([]);
  // The browser reports the refused request itself ("Failed to load resource: … status of 42x"); nothing else.
  expect(consoleErrors.filter((e) => !/status of 42[89]/.test(e))).toEqual([]);
});

test('past the soft threshold the check appears, is solved with the keyboard alone, and the form goes through', async ({
  page,
  clientAddress,
}) => {
  const consoleErrors = collectConsoleErrors(page);
  await sendLeads(page, clientAddress, 8); // CHALLENGE_AFTER_PER_HOUR gated writes
  const email = uniqueEmail('checked');
  const dialog = await openDialogAndFill(page, email);
  await dialog.getByLabel('Company').focus();
  await page.keyboard.press('Enter'); // submits the form

  const prompt = dialog.getByTestId('challenge-prompt');
  await expect(prompt.getByText(/tick "I'm not a robot"/)).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Email My PDF Quote' });
  await expect(submit).toBeDisabled();

  // Keyboard only: from the last field, Tab skips the honeypot and lands on the check's checkbox.
  await dialog.getByLabel('Company').focus();
  await page.keyboard.press('Tab');
  const checkbox = prompt.getByRole('checkbox');
  await expect(checkbox).toBeFocused();
  // A box people can see: a solid border (the widget draws it with CSS, no native checkbox).
  expect(await checkbox.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
  await page.keyboard.press('Space');
  await expect(prompt.getByText(/verified/i)).toBeVisible({ timeout: 30_000 });
  await expect(submit).toBeEnabled();

  for (let i = 0; i < 6 && !(await submit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden({ timeout: 15_000 });
  const rows = await dbQuery<{ spam_reason: string | null }>('SELECT spam_reason FROM leads WHERE email = $1', [email]);
  expect(rows).toEqual([{ spam_reason: null }]);
  // The browser reports the refused request itself ("Failed to load resource: … status of 42x"); nothing else.
  expect(consoleErrors.filter((e) => !/status of 42[89]/.test(e))).toEqual([]);
});
