/**
 * Company facts are configuration (decisions.md §6): a phone number staff
 * change in the company-facts setting shows on the next page load, in the page's text and tel:
 * links once it is interactive, and in the JSON-LD LocalBusiness of the served HTML (what crawlers
 * and visitors without JavaScript get).
 */
import { expect, test } from './support/test';
import type { CompanyFacts } from '@ironclad/contracts';
import { dbQuery } from './support/e2e-env';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { putSetting, staffApi } from './support/site-config';

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
