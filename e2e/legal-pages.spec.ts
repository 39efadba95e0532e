/**
 * Legal and trust pages: /privacy, /terms and /warranty are prerendered with real content for this
 * business (forms, Stripe, email/SMS consent and opt-out, the 5-year equipment and 2-year labour
 * warranties, the consultation deposit's 24-hour refund), linked from the footer and the forms;
 * every indexable page has its own og:image (a PNG card that exists) and its own JSON-LD by page
 * type (Service on service pages, BreadcrumbList below the home page, AggregateRating with a
 * review count).
 */
import { DEFAULT_CUSTOMER_RATING } from '@ironclad/contracts';
import { expect, test } from './support/test';
import { collectConsoleErrors } from './support/console-errors';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { seriousA11yViolations } from './support/staff';

const LEGAL = [
  {
    path: '/privacy',
    h1: 'Privacy Policy',
    mentions: [/Stripe/, /never see or store your card number/, /Reply STOP/, /unsubscribe link/, /email address and the time you asked/],
  },
  { path: '/terms', h1: 'Terms of Service', mentions: [/\$250/, /fully refundable if you ask within 24 hours/, /10% of the quoted total/] },
  { path: '/warranty', h1: 'Warranty', mentions: [/5-year equipment warranty/, /2-year labour warranty/, /covered for 5\s+years/] },
];

const SERVICE_PAGES = [
  '/residential-security',
  '/business-security',
  '/security-cameras',
  '/smart-home-automation',
  '/building-video-intercom',
  '/security-monitoring',
];
const OTHER_INDEXED = [
  '/compare-services',
  '/case-studies',
  '/calculator',
  '/shopping',
  '/consultation-payment',
  '/privacy',
  '/terms',
  '/warranty',
];

for (const page of LEGAL) {
  test(`${page.path} is prerendered with its content and passes axe`, async ({ request, page: browser }) => {
    const res = await request.get(page.path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`>${page.h1}</h1>`);
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ');
    for (const m of page.mentions) expect(text).toMatch(m);

    const errors = collectConsoleErrors(browser);
    await browser.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(browser, page.path);
    await expect(browser.getByRole('heading', { level: 1, name: page.h1 })).toBeVisible();
    expect(await seriousA11yViolations(browser)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the footer links the three legal pages, and they navigate', async ({ page }) => {
  await gotoHydrated(page, '/');
  const legal = page.getByRole('navigation', { name: 'Legal' });
  await scrollIntoHydratedView(legal);
  await expect(legal.getByRole('link')).toHaveText(['Privacy Policy', 'Terms of Service', 'Warranty']);
  await legal.getByRole('link', { name: 'Warranty' }).click();
  await expect(page).toHaveURL(/\/warranty$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Warranty' })).toBeVisible();
  await expect(page).toHaveTitle(/^Warranty: 5 Years on Equipment/);
});

test('the forms link the privacy policy', async ({ page }) => {
  await gotoHydrated(page, '/');
  for (const name of ['Free guide']) {
    const form = page.getByRole('form', { name });
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  }
  await expect(page.locator('#contact').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await gotoHydrated(page, '/security-cameras');
  await expect(page.locator('#contact').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await gotoHydrated(page, '/consultation-payment');
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
});

test('every indexable page has its own og:image (a PNG card) and JSON-LD for its type', async ({ request }) => {
  const images = new Set<string>();
  for (const path of ['/', ...SERVICE_PAGES, ...OTHER_INDEXED]) {
    const html = await (await request.get(path)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image, path).toMatch(/^https:\/\/[^/]+\/og\/[a-z-]+\.png$/);
    images.add(image!);
    const png = await request.get(new URL(image!).pathname);
    expect(png.status(), image).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);

    const business = JSON.parse(/<script type="application\/ld\+json" id="ld-local-business">([^<]+)<\/script>/.exec(html)![1]);
    expect(business.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.9',
      bestRating: '5',
      worstRating: '1',
      reviewCount: String(DEFAULT_CUSTOMER_RATING.reviewCount),
    });

    const pageLd = /<script type="application\/ld\+json" id="ld-page">([^<]+)<\/script>/.exec(html)?.[1];
    if (path === '/') {
      expect(pageLd).toBeUndefined();
      continue;
    }
    const graph = JSON.parse(pageLd!)['@graph'] as { '@type': string; itemListElement?: { item: string }[]; provider?: unknown }[];
    const types = graph.map((g) => g['@type']);
    expect(types, path).toEqual(SERVICE_PAGES.includes(path) ? ['BreadcrumbList', 'Service'] : ['BreadcrumbList']);
    expect(graph[0].itemListElement!.at(-1)!.item).toMatch(new RegExp(`${path}$`));
    if (SERVICE_PAGES.includes(path)) expect(graph[1].provider).toEqual({ '@id': expect.stringMatching(/\/#business$/) });
  }
  expect(images.size).toBe(1 + SERVICE_PAGES.length + OTHER_INDEXED.length);
});
