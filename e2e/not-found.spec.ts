/**
 * Unknown paths (public-site.md §2): '404 Page Not Found' with HTTP status 404.
 */
import { expect, test } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { gotoHydrated } from './support/goto';

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);

  // The page hydrates: the link home navigates in the browser.
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('404 Page Not Found');
  // Only the document's own 404 answer is logged by the browser; hydration raised nothing.
  expect(consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});

test('a public route is answered with its prerendered HTML and status 200', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  // Prerendered: the markup and the styles are in the document before any script runs.
  expect(html).toContain('id="contact"');
  expect(html).toContain('data-emotion-server="css '); // the components' styles (entry-server.tsx serverStyleTags)
  expect(html).toContain('data-emotion="css-global '); // the global styles and tokens
});

test("the cascade layers are named once, in Chakra's order, before and after hydration", async ({ page }) => {
  // Two layer statements in the document's style sheets make Chromium lay the whole page out
  // again at every later change to its list of style sheets (entry-server.tsx serverStyleTags).
  const layerStatements = () =>
    page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules]
          .filter((rule) => rule instanceof CSSLayerStatementRule)
          .map((rule) => (rule as CSSLayerStatementRule).nameList.join(',')),
      ),
    );
  await page.route('**/assets/*.js', (route) => route.abort()); // the document as the server wrote it
  await page.goto('/');
  expect(await layerStatements()).toEqual(['reset,base,tokens,recipes']);
  await page.unroute('**/assets/*.js');
  await gotoHydrated(page, '/');
  expect(await layerStatements()).toEqual(['reset,base,tokens,recipes']);
  // The statement still comes first, so the layers rank as Chakra orders them.
  const firstStyle = await page.evaluate(() => document.querySelector('head style')?.textContent);
  expect(firstStyle).toBe('@layer reset,base,tokens,recipes;');
});

test('a staff route gets the client-only shell and renders in the browser', async ({ page }) => {
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
});
