/**
 * Interactive parts of the public site (public-site.md §2 "Top navigation bar", "Home page",
 * §4 states):
 *
 * - the hero's 'Get Your Free Estimate' goes to /shopping;
 * - the desktop Services dropdown (1280 px) opens by mouse and by keyboard (Enter, ArrowDown on
 *   the trigger), lists 'View All Services', the six service pages and Compare Services, closes
 *   on Escape with the focus back on its trigger, and choosing an item navigates (or, for 'View
 *   All Services', scrolls to #services);
 * - axe-core finds no serious or critical violation in the interactive states: the open mobile
 *   drawer (390 px), the open Services menu (1280 px), the home services section in Business
 *   mode, an expanded case study, the home contact form showing its validation errors and the
 *   free-guide confirmation.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { seriousA11yViolations } from './support/staff';

const MENU_ITEMS = [
  'View All Services',
  'Residential Security',
  'Business Security',
  'Security Cameras',
  'Smart Home Automation',
  'Security Monitoring',
  'Building Video Intercom',
  'Compare Services',
];
const MENU_LINKS = [
  '/#services',
  '/residential-security',
  '/business-security',
  '/security-cameras',
  '/smart-home-automation',
  '/security-monitoring',
  '/building-video-intercom',
  '/compare-services',
];

/** The desktop trigger (the look-alike first, then the loaded menu's own trigger: same name, same place). */
const servicesTrigger = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services', exact: true });
const servicesMenu = (page: Page) => page.getByRole('menu', { name: 'Services' });

/** Waits until the CSS animations of `locator` and its descendants (drawer slide, menu fade) have ended. */
async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

// On a freshly loaded page the site footer (a deferred section of the root layout) has not
// hydrated: a client-side navigation must not wait for the visitor to near it (it once did: the
// URL changed and the old page stayed on screen).

test('home: "Get Your Free Estimate" goes to /shopping', async ({ page }) => {
  await gotoHydrated(page, '/');
  const cta = page.locator('#home').getByRole('link', { name: 'Get Your Free Estimate' });
  await expect(cta).toHaveAttribute('href', '/shopping');
  await cta.click();
  await expect(page).toHaveURL(/\/shopping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Design Your Security System in 3 Minutes' })).toBeVisible();
});

test.describe('desktop Services dropdown at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('opens by mouse and lists the service pages; Escape closes it with the focus on the trigger; View All Services scrolls to #services', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const trigger = servicesTrigger(page);
    const menu = servicesMenu(page);
    await expect(trigger).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await trigger.click();
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText(MENU_ITEMS);
    expect(await menu.locator('a[role="menuitem"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual(MENU_LINKS);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();

    await expect(page.locator('#services')).not.toBeInViewport();
    await trigger.click();
    await menu.getByRole('menuitem', { name: 'View All Services' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('opens by keyboard (Enter and ArrowDown on the trigger), arrows move the highlight, Escape returns the focus', async ({ page }) => {
    await gotoHydrated(page, '/');
    const trigger = servicesTrigger(page);
    const menu = servicesMenu(page);
    const item = (name: string) => menu.getByRole('menuitem', { name, exact: true });

    // Tab from Home to the trigger; the focus loads the menu, whose own trigger keeps the focus.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(trigger).toHaveAttribute('data-scope', 'menu');
    await expect(trigger).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(item('View All Services')).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('ArrowDown');
    await expect(item('Residential Security')).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible();
    await expect(item('View All Services')).toHaveAttribute('data-highlighted', '');
    await expect(menu.getByRole('menuitem')).toHaveText(MENU_ITEMS);
    for (const name of MENU_ITEMS.slice(1, 4)) {
      await page.keyboard.press('ArrowDown');
      await expect(item(name)).toHaveAttribute('data-highlighted', '');
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  /** Opens the menu from the keyboard and chooses `name` with the arrows and Enter. */
  async function chooseByKeyboard(page: Page, name: string) {
    const trigger = servicesTrigger(page);
    await trigger.focus();
    await expect(trigger).toHaveAttribute('data-scope', 'menu');
    await expect(trigger).toBeFocused();
    const item = (n: string) => servicesMenu(page).getByRole('menuitem', { name: n, exact: true });
    // One key at a time, each checked, so no press lands while the menu is still opening.
    await page.keyboard.press('ArrowDown');
    await expect(item(MENU_ITEMS[0])).toHaveAttribute('data-highlighted', '');
    for (const n of MENU_ITEMS.slice(1, MENU_ITEMS.indexOf(name) + 1)) {
      await page.keyboard.press('ArrowDown');
      await expect(item(n)).toHaveAttribute('data-highlighted', '');
    }
    await page.keyboard.press('Enter');
  }

  /** Opens the menu with the mouse and chooses Business Security; checks the page it leads to. */
  async function chooseBusinessSecurityByMouse(page: Page) {
    await servicesTrigger(page).click();
    await servicesMenu(page).getByRole('menuitem', { name: 'Business Security' }).click();
    await expect(page).toHaveURL(/\/business-security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Commercial Security Built for How Your Business Runs' })).toBeVisible();
    await expect(servicesMenu(page)).toBeHidden();
  }

  /** Chooses Security Cameras from the keyboard; checks the page it leads to. */
  async function chooseSecurityCamerasByKeyboard(page: Page) {
    await chooseByKeyboard(page, 'Security Cameras');
    await expect(page).toHaveURL(/\/security-cameras$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Crystal-Clear 4K Security Cameras, Professionally Installed' }),
    ).toBeVisible();
  }

  test("View All Services chosen from the keyboard on another page lands on the home page's services section", async ({ page }) => {
    await gotoHydrated(page, '/security-cameras');
    await chooseByKeyboard(page, 'View All Services');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.hash === '#services');
    await expect(page.locator('#services')).toBeInViewport();
    await expect(page.locator('#services')).toBeFocused();
  });

  test('choosing a service page navigates there, by mouse and by keyboard (on a fresh page)', async ({ page }) => {
    await gotoHydrated(page, '/');
    await chooseBusinessSecurityByMouse(page);

    await gotoHydrated(page, '/');
    await chooseSecurityCamerasByKeyboard(page);
  });

  test('choosing a service page navigates there, by mouse and by keyboard (after the visitor has scrolled to the footer)', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await scrollIntoHydratedView(page.locator('footer'));
    await chooseBusinessSecurityByMouse(page);

    // Client-side navigation: the footer is still hydrated on the new page.
    await chooseSecurityCamerasByKeyboard(page);
    await expect(servicesMenu(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Commercial Security Built for How Your Business Runs' })).toHaveCount(0);
  });
});

test.describe('axe on interactive states: no serious or critical violations', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // no fades in progress while axe reads colours
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the open mobile drawer', async ({ page }) => {
      await gotoHydrated(page, '/');
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navigation Menu' });
      await expect(drawer).toBeVisible();
      await animationsDone(drawer);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });

  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the open Services menu', async ({ page }) => {
      await gotoHydrated(page, '/');
      await servicesTrigger(page).click();
      const menu = servicesMenu(page);
      await expect(menu).toBeVisible();
      await animationsDone(menu);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test('the home services section in Business mode', async ({ page }) => {
      await gotoHydrated(page, '/');
      const business = page.locator('#services').getByRole('button', { name: 'Business', exact: true });
      await scrollIntoHydratedView(business);
      await business.click();
      await expect(business).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('service-card').filter({ visible: true }).locator('h3')).toHaveText([
        'Commercial Security',
        'Access Control',
        'Video Surveillance',
        'Building Video Intercom',
        '24/7 Monitoring',
      ]);
      expect(await seriousA11yViolations(page, '#services')).toEqual([]);
    });

    test('an expanded case study', async ({ page }) => {
      await gotoHydrated(page, '/case-studies');
      const card = page.getByTestId('case-study-card').first();
      const toggle = card.getByRole('button', { name: 'View Details' });
      await scrollIntoHydratedView(toggle);
      await toggle.click();
      await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
      await expect(card.getByTestId('image-gallery')).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test('the home contact form showing its validation errors', async ({ page }) => {
      await gotoHydrated(page, '/');
      const form = page.getByRole('form', { name: 'Contact form' });
      await scrollIntoHydratedView(form);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByText('Property type is required.', { exact: true })).toBeVisible();
      await expect(form.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousA11yViolations(page, '#contact')).toEqual([]);
    });

    test('the free-guide confirmation', async ({ page }) => {
      await gotoHydrated(page, '/');
      const form = page.getByRole('form', { name: 'Free guide' });
      await scrollIntoHydratedView(form);
      await form.getByLabel('Email address').fill('owner@example.com');
      await form.getByRole('button', { name: 'Get the Free Guide' }).click();
      const confirmation = page.getByTestId('guide-confirmation');
      await expect(confirmation.getByRole('heading', { name: 'Check Your Email!' })).toBeVisible();
      expect(await seriousA11yViolations(page, 'section[aria-labelledby="guide-heading"]')).toEqual([]);
    });
  });
});
