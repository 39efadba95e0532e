/**
 * Section links from every page (public-site.md §2 "Top navigation bar", "Footer"): a link to one
 * of the home page's sections (`/#contact`, `/#about`, `/#services`, `/#projects`) lands on that
 * section from any public route (client-side navigation, or a fresh load of the URL), with the
 * section in the viewport and the keyboard focus on it. On a service page, Contact and Free
 * Estimate scroll to that page's own quote form (its section `#contact`).
 */
import { expect, test, type Page } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { gotoHydrated } from './support/goto';

/** The public routes a visitor browses (the payment pages have no navigation of their own to test). */
const ROUTES = [
  '/',
  '/residential-security',
  '/business-security',
  '/security-cameras',
  '/smart-home-automation',
  '/building-video-intercom',
  '/security-monitoring',
  '/compare-services',
  '/case-studies',
  '/shopping',
  '/calculator',
] as const;

/** Routes whose page has a section `#contact` of its own (the quote form). */
const OWN_CONTACT = new Set<string>([
  '/residential-security',
  '/business-security',
  '/security-cameras',
  '/smart-home-automation',
  '/building-video-intercom',
  '/security-monitoring',
]);

/** Checks that the section `id` is on screen and focused, on `expectedPath`. */
async function expectLanded(page: Page, id: string, expectedPath: string) {
  await expect(page).toHaveURL((url) => url.pathname === expectedPath);
  const section = page.locator(`#${id}`);
  await expect(section).toBeInViewport();
  await expect(section).toBeFocused();
}

/** The path a link to `id` lands on from `route`. */
const landingPath = (route: string, id: string) => (id === 'contact' && OWN_CONTACT.has(route) ? route : '/');

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 180_000 });

  /** The header's section links, by accessible name, and the section each leads to. */
  const HEADER_LINKS = [
    { name: 'About', id: 'about' },
    { name: 'Contact', id: 'contact' },
    { name: 'Free Estimate', id: 'contact' },
  ] as const;

  for (const route of ROUTES) {
    test(`header, Services menu and footer section links land from ${route}`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const header = page.locator('header');
      for (const link of HEADER_LINKS) {
        await gotoHydrated(page, route);
        await header.getByRole('link', { name: link.name, exact: true }).click();
        await expectLanded(page, link.id, landingPath(route, link.id));
      }

      await gotoHydrated(page, route);
      await header.getByRole('button', { name: 'Services' }).click();
      const overview = page.getByRole('menu', { name: 'Services' }).getByRole('menuitem', { name: 'View All Services' });
      await expect(overview).toBeVisible();
      await overview.click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.locator('#services')).toBeInViewport();

      for (const [name, id] of [
        ['About Us', 'about'],
        ['Projects', 'projects'],
        ['Contact', 'contact'],
      ] as const) {
        await gotoHydrated(page, route);
        const footerLink = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });
        await footerLink.scrollIntoViewIfNeeded();
        await footerLink.click();
        await expectLanded(page, id, landingPath(route, id));
      }
      expect(errors).toEqual([]);
    });
  }

  test('the compare page\'s "Get a Free Consultation" lands on the contact form', async ({ page }) => {
    await gotoHydrated(page, '/compare-services');
    await page.getByRole('link', { name: 'Get a Free Consultation' }).click();
    await expectLanded(page, 'contact', '/');
    await expect(page.getByRole('heading', { name: 'Get Your Free Consultation' })).toBeInViewport();
  });

  for (const id of ['contact', 'about', 'services', 'projects']) {
    test(`loading /#${id} directly shows and focuses the section`, async ({ page }) => {
      await gotoHydrated(page, `/#${id}`);
      await expectLanded(page, id, '/');
    });
  }
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 180_000 });

  /** The drawer's section links and the section each leads to. */
  const DRAWER_LINKS = [
    { name: 'Services Overview', id: 'services' },
    { name: 'About', id: 'about' },
    { name: 'Projects', id: 'projects' },
    { name: 'Contact', id: 'contact' },
    { name: 'Free Estimate', id: 'contact' },
  ] as const;

  for (const route of ROUTES) {
    test(`drawer section links land from ${route}`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      for (const link of DRAWER_LINKS) {
        await gotoHydrated(page, route);
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation Menu' });
        await drawer.getByRole('link', { name: link.name, exact: true }).click();
        await expect(drawer).toBeHidden();
        await expectLanded(page, link.id, landingPath(route, link.id));
      }
      expect(errors).toEqual([]);
    });
  }
});
