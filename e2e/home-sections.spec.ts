/**
 * Home page sections (public-site.md §2, §4, §9): section order,
 * services toggle, testimonials carousel timing (Playwright clock), free-guide confirmation and
 * analytics event, CTA conversion events, promotional banner only while valid, scroll-fade.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { deferredSectionOf, gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { collectConsoleErrors } from './support/console-errors';
import { changePublicConfig } from './support/public-config';

const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []);

test('sections appear in the spec order with their anchors', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await gotoHydrated(page, '/');
  const headings = await page.locator('main h1, main h2').allTextContents();
  const order = [
    'Professional Security Systems for Homes and Businesses',
    'Complete Security Solutions',
    'Security Done Right, the First Time',
    'What Our Customers Say',
    'Real Installations, Real Results',
    'Protecting Our Community',
    'Free Guide: The 47-Point Home & Business Security Checklist',
    'Your Neighbors Trust Us',
    'Ready to Secure Your Property?',
    'Get Your Free Consultation',
  ];
  expect(headings).toEqual(order);
  for (const id of ['home', 'services', 'projects', 'about', 'contact']) await expect(page.locator(`#${id}`)).toHaveCount(1);
  await expect(page.getByTestId('team-member')).toHaveCount(3);
  await expect(page.getByTestId('trust-stat')).toHaveText([/15\+/, /500\+/, /4\.9/, /100%/]);
  await expect(page.getByTestId('recent-installation')).toHaveCount(3);
  // The hero uses its built-in graphic: the server has no generated image yet.
  await expect(page.getByTestId('hero-image')).toHaveAttribute('src', '/images/heroes/heroHome.svg');
  expect(errors).toEqual([]);
});

test('services toggle: 6 residential cards by default, 5 business cards, links and +N more features', async ({ page }) => {
  await gotoHydrated(page, '/');
  const cards = page.getByTestId('service-card').filter({ visible: true });
  const residential = page.getByRole('button', { name: 'Residential', exact: true });
  const business = page.getByRole('button', { name: 'Business', exact: true });
  await expect(residential).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(6);
  await expect(cards.locator('h3')).toHaveText([
    'Security Cameras',
    'Smart Home Automation',
    'Smart Doorbells',
    'Alarm Systems',
    '24/7 Monitoring',
    'Professional Installation',
  ]);
  const residentialLinks = await cards.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(residentialLinks).toEqual([
    '/security-cameras',
    '/smart-home-automation',
    '/security-cameras',
    '/residential-security',
    '/security-monitoring',
    '/residential-security',
  ]);
  // 5 features → 4 listed then '+1 more features'; 6 features → '+2 more features'.
  await expect(cards.nth(0).getByRole('listitem')).toHaveCount(4);
  await expect(cards.nth(0)).toContainText('+1 more features');
  await expect(cards.nth(1)).toContainText('+2 more features');
  await expect(cards.nth(2)).not.toContainText('more features');

  await business.focus();
  await page.keyboard.press('Enter');
  await expect(business).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(5);
  await expect(cards.locator('h3')).toHaveText([
    'Commercial Security',
    'Access Control',
    'Video Surveillance',
    'Building Video Intercom',
    '24/7 Monitoring',
  ]);
  const businessLinks = await cards.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(businessLinks).toEqual([
    '/business-security',
    '/business-security',
    '/security-cameras',
    '/building-video-intercom',
    '/security-monitoring',
  ]);

  await page.getByRole('link', { name: 'Secure Your Property Today - Free Estimate' }).click();
  await expect(page.getByRole('heading', { name: 'Get Your Free Consultation' })).toBeInViewport();
});

test('testimonials carousel advances every 5000 ms, wraps, dots select, pauses on hover and focus', async ({ page }) => {
  // Fake timers, paused once the page has booted (its start-up waits for a painted frame): from
  // then on only runFor() moves time. The carousel's section hydrates after that, on scroll.
  await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
  await gotoHydrated(page, '/');
  await page.clock.pauseAt(new Date('2026-03-02T10:10:00Z'));
  const carousel = page.getByTestId('testimonial-carousel');
  const slide = page.getByTestId('testimonial-slide').filter({ visible: true });
  const dots = carousel.getByRole('button', { name: /^Show testimonial/ });
  await scrollIntoHydratedView(carousel);
  await expect(dots).toHaveCount(3);
  // Wait for the API's testimonials (the featured seed ones) so the order is known.
  await expect(slide).toContainText('Sarah Johnson');
  await page.mouse.move(0, 0);

  await page.clock.runFor(4900);
  await expect(slide).toContainText('Sarah Johnson');
  await page.clock.runFor(200);
  await expect(slide).toContainText('Michael Chen');
  await page.clock.runFor(5000);
  await expect(slide).toContainText('David Thompson');
  await page.clock.runFor(5000);
  await expect(slide).toContainText('Sarah Johnson'); // wraps
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

  await dots.nth(2).click();
  await expect(slide).toContainText('David Thompson');
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');

  // Hover pauses (the pointer is on the dot just clicked).
  await expect(carousel).toHaveAttribute('data-paused', 'true');
  await page.clock.runFor(15_000);
  await expect(slide).toContainText('David Thompson');

  // Keyboard focus inside pauses as well.
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Next testimonial' }).focus();
  await page.clock.runFor(15_000);
  await expect(slide).toContainText('David Thompson');
  await page.keyboard.press('Enter');
  await expect(slide).toContainText('Sarah Johnson');

  // Leaving resumes the rotation.
  await page.getByRole('button', { name: 'Next testimonial' }).blur();
  await expect(carousel).toHaveAttribute('data-paused', 'false');
  await page.clock.runFor(5000);
  await expect(slide).toContainText('Michael Chen');
});

test('with reduced motion the carousel does not auto-advance', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
  await gotoHydrated(page, '/');
  await page.clock.pauseAt(new Date('2026-03-02T10:10:00Z'));
  const slide = page.getByTestId('testimonial-slide').filter({ visible: true });
  await scrollIntoHydratedView(slide);
  await expect(slide).toContainText('Sarah Johnson');
  await page.clock.runFor(20_000);
  await expect(slide).toContainText('Sarah Johnson');
  await page.getByRole('button', { name: 'Next testimonial' }).click();
  await expect(slide).toContainText('Michael Chen');
});

test('free guide: email required, then Check Your Email! and a lead event once the server accepted the request', async ({ page }) => {
  // The page's own loads end first: the testimonials (when their section hydrates, on the way
  // down to the guide). The public config comes embedded in the page.
  await gotoHydrated(page, '/');
  const testimonials = page.waitForResponse('**/api/testimonials');
  await scrollIntoHydratedView(page.getByTestId('testimonial-carousel'));
  await testimonials;
  const form = page.getByRole('form', { name: 'Free guide' });
  await scrollIntoHydratedView(form);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) requests.push(r.url());
  });
  const email = form.getByLabel('Email address');
  await expect(email).toHaveAttribute('type', 'email');
  await form.getByRole('button', { name: 'Get the Free Guide' }).click();
  expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(page.getByText('Check Your Email!')).toHaveCount(0);

  await email.fill('owner@example.com');
  await email.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check Your Email!' })).toBeVisible();
  expect((await dataLayer(page)).map((e) => e.event)).toContain('generate_lead');
  // One call: the request to email the guide (the api stores it; e2e/free-guide.spec.ts follows it to the email).
  expect(requests.map((u) => new URL(u).pathname)).toEqual(['/api/free-guide']);
});

test('call-to-action block fires emergency_call, schedule_quote and ai_quote', async ({ page }) => {
  await gotoHydrated(page, '/');
  const cta = page.locator('section', { has: page.getByRole('heading', { name: 'Ready to Secure Your Property?' }) });
  const call = cta.getByRole('link', { name: /^Call / });
  await expect(call).toHaveAttribute('href', /^tel:\d{10,}$/);
  await call.evaluate((a: HTMLAnchorElement) => a.addEventListener('click', (e) => e.preventDefault()));
  await call.click();
  await cta.getByRole('link', { name: 'Schedule Free Visit' }).click();
  await expect(page.getByRole('heading', { name: 'Get Your Free Consultation' })).toBeInViewport();
  await cta
    .getByRole('link', { name: 'Get My AI Quote' })
    .evaluate((a: HTMLAnchorElement) => a.addEventListener('click', (e) => e.preventDefault(), { capture: false }));
  await expect(cta.getByRole('link', { name: 'Get My AI Quote' })).toHaveAttribute('href', '/shopping');
  await cta.getByRole('link', { name: 'Get My AI Quote' }).click();
  await expect.poll(async () => (await dataLayer(page)).map((e) => e.event)).toEqual(['emergency_call', 'schedule_quote', 'ai_quote']);
});

test('promotional banner shows only while the promotion is valid', async ({ page }) => {
  await gotoHydrated(page, '/');
  await scrollIntoHydratedView(page.getByRole('heading', { name: 'Ready to Secure Your Property?' }));
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('promo-banner')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('JULY4');

  // A promotion the server considers valid (the real one has expired): the page shows it. The
  // answer is the server's own, with a promotion added, so no other test sees a changed database.
  const validUntil = `${new Date().getUTCFullYear() + 1}-07-31`;
  await changePublicConfig(page, (config) => ({
    ...config,
    promotion: { code: 'JULY4', percent: 25, validUntil, bannerText: 'July Special: 25% off new installations — book by July 31st' },
  }));
  await page.reload();
  await scrollIntoHydratedView(page.getByRole('heading', { name: 'Ready to Secure Your Property?' }));
  const banner = page.getByTestId('promo-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('July Special: 25% off new installations');
  await expect(banner).toContainText('25% off with code JULY4');
});

/**
 * Scrolls until the top of `el` is `offset` px above the viewport's bottom edge (below it when
 * negative), measuring again after each frame: sections far from the viewport are laid out at an
 * estimated height until they near it (content-visibility: auto), so one computed scroll can land
 * short or long.
 */
async function scrollTopAboveBottom(el: Locator, offset: number): Promise<void> {
  await el.evaluate(async (node, offset) => {
    for (let i = 0; i < 20; i += 1) {
      const delta = node.getBoundingClientRect().top - (window.innerHeight - offset);
      if (Math.abs(delta) < 1) return;
      window.scrollBy(0, delta);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    throw new Error('the section would not settle');
  }, offset);
}

test('scroll-fade sections appear once within 150 px of the viewport bottom', async ({ page }) => {
  await gotoHydrated(page, '/');
  const about = page.locator('#about');
  // Scrolling down until the section is 300 px below the viewport: its group hydrates, it is hidden.
  await scrollTopAboveBottom(about, -300);
  await expect(deferredSectionOf(about)).toHaveAttribute('data-hydrated', '');
  await expect(about).toHaveAttribute('data-fade', 'hidden');
  await scrollTopAboveBottom(about, 100); // 100 px inside the bottom: not yet
  await page.waitForTimeout(300);
  await expect(about).toHaveAttribute('data-fade', 'hidden');
  await scrollTopAboveBottom(about, 160);
  await expect(about).toHaveAttribute('data-fade', 'visible');
});
