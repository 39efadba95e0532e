/**
 * Company facts are configuration (decisions.md §6): a phone number staff
 * change in the company-facts setting shows on the next page load, in the page's text and tel:
 * links once it is interactive, and in the JSON-LD LocalBusiness of the served HTML (what crawlers
 * and visitors without JavaScript get). The customer rating and its review count, set in the
 * staff Settings form, show on the home page and in the JSON-LD AggregateRating alike.
 */
import { expect, test } from './support/test';
import type { CompanyFacts } from '@ironclad/contracts';
import { dbQuery } from './support/e2e-env';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { CONFIG_ADMIN, putSetting, staffApi } from './support/site-config';
import { signIn } from './support/staff';

const EDITED_PHONE = '(212) 555-0177';

test('a phone number changed by staff shows on the next page load, in the text, the tel: links and the JSON-LD', async ({
  page,
  request,
}) => {
  const [row] = await dbQuery<{ setting_value: CompanyFacts }>(
    "SELECT setting_value FROM site_settings WHERE setting_key = 'company_facts'",
  );
  const original = row.setting_value;
  expect(original.phone).not.toBe(EDITED_PHONE);
  // staff change it through the api (every process's configuration cache hears of it at once)
  const staff = await staffApi();
  await putSetting(staff, 'company_facts', { ...original, phone: EDITED_PHONE });
  try {
    const html = await (await request.get('/')).text();
    const ld = /<script type="application\/ld\+json" id="ld-local-business">([^<]+)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld ?? '{}')).toMatchObject({ '@type': 'LocalBusiness', telephone: EDITED_PHONE });

    await gotoHydrated(page, '/');
    const contact = page.locator('#contact');
    await scrollIntoHydratedView(contact);
    const link = contact.getByRole('link', { name: EDITED_PHONE });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', 'tel:2125550177');
  } finally {
    await putSetting(staff, 'company_facts', original);
    await staff.dispose();
  }
});

test('the customer rating staff set in Settings shows with its review count on the home page and in the JSON-LD AggregateRating', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000); // two loads of the home page, a sign-in and the settings tab
  const [row] = await dbQuery<{ setting_value: CompanyFacts }>(
    "SELECT setting_value FROM site_settings WHERE setting_key = 'company_facts'",
  );
  const original = row.setting_value;
  const staff = await staffApi();
  try {
    // as seeded, the page and its structured data state the same rating and count
    const seeded = JSON.parse(
      /<script type="application\/ld\+json" id="ld-local-business">([^<]+)<\/script>/.exec(await (await request.get('/')).text())![1],
    );
    await gotoHydrated(page, '/');
    const rating = page.getByTestId('trust-stat').filter({ hasText: 'Customer rating' });
    await scrollIntoHydratedView(rating);
    await expect(rating.locator('dd')).toHaveText(seeded.aggregateRating.ratingValue);
    await expect(rating.locator('dt')).toHaveText(
      `Customer rating (of 5, ${Number(seeded.aggregateRating.reviewCount).toLocaleString('en-US')} reviews)`,
    );

    await signIn(page, CONFIG_ADMIN, '/admin');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Company Facts' });
    const value = form.getByLabel('Customer rating (of 5, one decimal)');
    const count = form.getByLabel('Number of reviews behind the rating');
    await expect(value).toHaveValue('4.9');
    // out of range: the field's own error, nothing saved
    await value.fill('6');
    await form.getByRole('button', { name: 'Save company facts' }).click();
    await expect(form.getByText('Rating must be a number from 1 to 5.')).toBeVisible();
    const [unchanged] = await dbQuery<{ setting_value: CompanyFacts }>(
      "SELECT setting_value FROM site_settings WHERE setting_key = 'company_facts'",
    );
    expect(unchanged.setting_value.customerRating).toEqual(original.customerRating);

    await value.fill('4.8');
    await count.fill('1204');
    await form.getByRole('button', { name: 'Save company facts' }).click();
    await expect(page.getByText('Company facts saved')).toBeVisible();

    const html = await (await request.get('/')).text();
    const ld = JSON.parse(/<script type="application\/ld\+json" id="ld-local-business">([^<]+)<\/script>/.exec(html)![1]);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: '4.8', bestRating: '5', reviewCount: '1204' });
    await gotoHydrated(page, '/');
    await scrollIntoHydratedView(rating);
    await expect(rating.locator('dd')).toHaveText('4.8');
    await expect(rating.locator('dt')).toHaveText('Customer rating (of 5, 1,204 reviews)');
  } finally {
    await putSetting(staff, 'company_facts', original);
    await staff.dispose();
  }
});
