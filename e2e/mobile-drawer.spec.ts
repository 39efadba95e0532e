/**
 * Small-screen navigation (public-site.md §2): the right-side drawer 'Navigation Menu'.
 */
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 } });

const DRAWER_LINKS = [
  'Home',
  'Services Overview',
  'Residential Security',
  'Business Security',
  'Security Cameras',
  'Smart Home Automation',
  'Security Monitoring',
  'Building Video Intercom',
  'Compare Services',
  'Cost Calculator',
  'About',
  'Projects',
  'Contact',
  'Emergency Call',
  'Free Estimate',
];

test('the menu button opens the drawer; Contact scrolls there and closes it; Escape closes it', async ({ page }) => {
  await page.goto('/');

  // The desktop links are in the page but hidden on a small screen.
  const desktopShop = page.locator('header nav[aria-label="Main"] a[href="/shopping"]');
  await expect(desktopShop).toHaveCount(1);
  await expect(desktopShop).toBeHidden();
  const desktopSignIn = page.locator('header button', { hasText: 'Client Sign In' });
  await expect(desktopSignIn).toHaveCount(1);
  await expect(desktopSignIn).toBeHidden();

  const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link')).toHaveText(DRAWER_LINKS);
  await expect(drawer.getByRole('button', { name: 'Client Sign In' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Emergency Call' })).toHaveAttribute('href', /^tel:\+?\d{10,}$/);

  const contact = page.locator('#contact');
  await expect(contact).not.toBeInViewport();
  await drawer.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(contact).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Get Your Free Consultation' })).toBeInViewport();

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});
