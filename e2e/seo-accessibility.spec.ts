/**
 * SEO and accessibility of every public route: prerendered HTML with
 * real content, unique title and description, canonical, Open Graph, JSON-LD LocalBusiness,
 * sitemap.xml and robots.txt; axe-core reports no serious or critical violation at 1280 px and
 * 390 px; the page is readable without JavaScript.
 */
import { expect, test } from './support/test';
import { seriousA11yViolations } from './support/staff';

const PUBLIC_ROUTES = [
  { path: '/', h1: 'Professional Security Systems for Homes and Businesses' },
  { path: '/residential-security', h1: 'Home Security Systems That Protect What Matters Most' },
  { path: '/business-security', h1: 'Commercial Security Built for How Your Business Runs' },
  { path: '/security-cameras', h1: 'Crystal-Clear 4K Security Cameras, Professionally Installed' },
  { path: '/smart-home-automation', h1: 'A Smarter, Safer Home, Controlled From One App' },
  { path: '/building-video-intercom', h1: 'Video Intercom for Modern Buildings' },
  { path: '/security-monitoring', h1: '24/7 Professional Security Monitoring' },
  { path: '/compare-services', h1: 'Compare Our Security Services Side by Side' },
  { path: '/case-studies', h1: 'Our Work: Security Projects Across the Metro Area' },
  { path: '/calculator', h1: 'Security System Cost Calculator' },
  { path: '/shopping', h1: 'Design Your Security System in 3 Minutes' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/terms', h1: 'Terms of Service' },
  { path: '/warranty', h1: 'Warranty' },
];

/** Public pages that are not indexed (payment status pages, the 404 page): axe checks them too. */
const UNINDEXED_ROUTES = ['/payment-success', '/consultation-success', '/no-such-page'];

test('every public route is prerendered with unique title, description, canonical, Open Graph and JSON-LD', async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const r of PUBLIC_ROUTES) {
    const res = await request.get(r.path);
    expect(res.status(), r.path).toBe(200);
    const html = await res.text();
    expect(html, r.path).toContain(`>${r.h1.replace(/&/g, '&amp;')}</h1>`);
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    expect(title, r.path).toBeTruthy();
    expect(description, r.path).toBeTruthy();
    titles.add(title!);
    descriptions.add(description!);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical, r.path).toMatch(new RegExp(`^https://[^/]+${r.path === '/' ? '/' : r.path}$`));
    expect(html).toContain(`<meta property="og:url" content="${canonical}"`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta property="og:description"');
    const ld = /<script type="application\/ld\+json" id="ld-local-business">([^<]+)<\/script>/.exec(html)?.[1];
    const business = JSON.parse(ld!);
    expect(business).toMatchObject({ '@type': 'LocalBusiness', name: 'Ironclad Security Systems', telephone: expect.any(String) });
    expect(business.address.addressLocality).toBeTruthy();
  }
  expect(titles.size).toBe(PUBLIC_ROUTES.length);
  expect(descriptions.size).toBe(PUBLIC_ROUTES.length);
});

test('sitemap.xml lists the indexable public routes (not the noindex ones); robots.txt disallows the staff routes', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const r of PUBLIC_ROUTES) expect(sitemap).toMatch(new RegExp(`<loc>https://[^<]+${r.path === '/' ? '/' : r.path}</loc>`));
  expect(sitemap).not.toContain('/admin');
  // Prerendered but noindex (payment status pages): not in the sitemap.
  for (const p of ['/payment-success', '/consultation-success']) expect(sitemap).not.toContain(`${p}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  for (const p of ['/admin', '/communications', '/generate-images', '/test-communication']) expect(robots).toContain(`Disallow: ${p}\n`);
  expect(robots).toMatch(/Sitemap: https:\/\/\S+\/sitemap\.xml/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the home page text is readable', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Protecting Our Community' })).toBeVisible();
    await expect(page.getByText('Check Your Email!')).toHaveCount(0);
  });
});

for (const width of [1280, 390]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 800 : 844 } });
    for (const path of [...PUBLIC_ROUTES.map((r) => r.path), ...UNINDEXED_ROUTES]) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' }); // no fades in progress while axe reads colours
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    }
  });
}
