/**
 * Walks the AI designer wizard to step 5 as a visitor does, checking the gating of every step.
 * Step 5 is the saved quote's page (issue 21 point 4): the wizard navigates to /quotes/{token},
 * and the returned locator is that page's quote (`#quote`).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export async function walkWizardToQuote(page: Page, email: string) {
  await page.goto('/shopping');
  const wizard = page.locator('#designer');
  const next = wizard.getByRole('button', { name: 'Next' });

  // step 1: Next disabled until type, square footage and floors are given
  await expect(wizard.getByRole('heading', { name: 'Step 1: Building Information' })).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(wizard.getByRole('button', { name: 'Back' })).toHaveCount(0);
  for (const t of ['Residential', 'Apartment', 'Office', 'Retail', 'Warehouse', 'Restaurant', 'Medical', 'School']) {
    await expect(wizard.getByRole('button', { name: t, exact: true })).toBeVisible();
  }
  await wizard.getByRole('button', { name: 'Residential', exact: true }).click();
  await expect(wizard.getByRole('button', { name: 'Residential', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await wizard.getByLabel('Square footage').fill('4500');
  await expect(next).toBeDisabled();
  await expect(wizard.getByLabel('Number of floors').locator('option:not([disabled])')).toHaveText(['1', '2', '3', '4+']);
  await wizard.getByLabel('Number of floors').selectOption('2');
  await expect(next).toBeEnabled();
  await next.click();

  // step 2
  await expect(wizard.getByRole('heading', { name: 'Step 2: Security Requirements' })).toBeFocused();
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Entry points').fill('Front door, back door');
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Specific areas to monitor').fill('Driveway');
  await expect(next).toBeEnabled();
  // Back keeps the answers
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByLabel('Square footage')).toHaveValue('4500');
  await next.click();
  await expect(wizard.getByLabel('Entry points')).toHaveValue('Front door, back door');
  await next.click();

  // step 3
  await expect(wizard.getByRole('heading', { name: 'Step 3: Project Details' })).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Budget range').selectOption('10k-25k');
  await wizard.getByLabel('Timeline').selectOption('asap');
  for (const f of [
    'Access Control System',
    'Video Intercom',
    'Alarm System Integration',
    'Remote Monitoring',
    'Mobile App Access',
    'Cloud Storage',
    'Professional Monitoring',
    'Smart Home Integration',
  ]) {
    await expect(wizard.getByText(f, { exact: true })).toBeVisible();
  }
  await wizard.getByText('Mobile App Access', { exact: true }).click();
  await expect(next).toBeEnabled();
  await next.click();

  // step 4
  await expect(wizard.getByRole('heading', { name: 'Step 4: Contact Information' })).toBeVisible();
  const getQuote = wizard.getByRole('button', { name: 'Get My Quote' });
  await expect(getQuote).toBeDisabled();
  await wizard.getByLabel('First name').fill('Ana');
  await wizard.getByLabel('Last name').fill('Reyes');
  await wizard.getByLabel('Email').fill(email);
  await expect(getQuote).toBeDisabled();
  await wizard.getByLabel('Phone').fill('(718) 555-0142');
  await expect(getQuote).toBeEnabled();

  const posted = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await getQuote.click();
  const res = await posted;
  expect(res.status()).toBe(201);
  const body = res.request().postDataJSON();
  expect(body).toMatchObject({
    source: 'ai_shopping',
    status: 'new',
    buildingInfo: { type: 'residential', squareFootage: '4500', floors: '2' },
    additionalFeatures: ['Mobile App Access'],
  });
  const { depositToken } = (await res.json()) as { depositToken: string };
  await expect(page).toHaveURL(new RegExp(`/quotes/${depositToken}$`));
  // the quote page's chunk and its GET /api/quotes/{token}: a generous wait on a shared 2-core machine
  const quote = page.locator('#quote');
  await expect(quote.getByTestId('quote-total')).toBeVisible({ timeout: 30_000 });
  return quote;
}

/**
 * Approves the option selected on the saved quote page `quote` (Recommended unless the visitor
 * picked another) by typing `name` and ticking the terms (issue 21 point 6), as the deposit requires.
 */
export async function approveSavedQuote(quote: Locator, name = 'Ana Reyes', option = 'Recommended') {
  const form = quote.getByTestId('quote-approval');
  await form.getByLabel('Your full name (signature)').fill(name);
  await form.getByText('I accept the', { exact: false }).click();
  await form.getByRole('button', { name: `Approve ${option} option` }).click();
  await expect(quote.getByTestId('quote-approved')).toContainText(`${option} option approved by ${name}`);
}
