/**
 * What staff control of what visitors see (staff-side.md §2, §4, §7; decisions.md §7, §11), in
 * Chromium: a component price edited in the AI Config tab, previewed on the reference quotes, then
 * saved changes the next wizard quote; the calculator switched off in the Settings tab disappears
 * for a visitor (the /calculator page and the nav link); a promotion created there shows its banner.
 *
 * These change the configuration every quote and page reads, so they run on a server of their own
 * (scripts/e2e-server.mjs on a free port, its own database), never on the shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';
import { createAdmin, seriousA11yViolations, signIn } from './support/staff';

const ADMIN = { email: 'site-config@ironclad.test', password: 'site configuration admin 123' };

const wizardLead = {
  firstName: 'Ana',
  lastName: 'Reyes',
  email: 'ana.reyes@example.com',
  phone: '(718) 555-0142',
  buildingInfo: {
    type: 'residential',
    squareFootage: '4500',
    floors: '2',
    entryPoints: 'Front door, back door',
    specificAreas: 'Driveway',
  },
  budget: '10k-25k',
  timeline: 'asap',
  specificAreas: 'Driveway',
  additionalFeatures: ['Mobile App Access'],
  status: 'new',
  source: 'ai_shopping',
};

test.describe('staff configuration (own server)', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  let server: ChildProcess;
  let baseURL: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const envFile = join(process.cwd(), 'test-results', `.e2e-env-site-config-${port}.json`);
    server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      cwd: process.cwd(),
      env: { ...process.env, E2E_PORT: String(port), E2E_ENV_FILE: envFile },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 110_000;
    let databaseUrl: string;
    for (;;) {
      try {
        ({ baseURL, databaseUrl } = JSON.parse(await readFile(envFile, 'utf8')));
        break;
      } catch {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error('the site-config e2e server did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    await createAdmin(ADMIN, databaseUrl);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  });

  const wizardTotal = async (api: APIRequestContext): Promise<number> => {
    const res = await api.post(`${baseURL}/api/leads`, { data: wizardLead });
    expect(res.status()).toBe(201);
    return (await res.json()).lead.totalEstimate as number;
  };
  const openTab = async (page: Page, name: string) => {
    await signIn(page, ADMIN, `${baseURL}/admin`);
    await page.getByRole('tab', { name, exact: true }).click();
  };

  test('a tier range edited in the AI Config tab is previewed, then the next wizard quote uses it', async ({ page }) => {
    const before = await wizardTotal(page.request);
    await openTab(page, 'AI Config');
    await expect(page.getByRole('status').filter({ hasText: 'Loading configurations...' })).toHaveCount(0);
    // issue 21: the §9 formulas price a design and the tiers size it (the installation day rate no
    // longer prices anything): a higher medium tier means more cameras, so a higher total
    await page.getByRole('tab', { name: 'Pricing Tiers' }).click();
    await page.getByLabel('Low tier: cameras (range)').fill('10-12');
    await page.getByLabel('Medium tier: cameras (range)').fill('13-20');

    await page.getByRole('button', { name: 'Preview changes' }).click();
    const preview = page.getByTestId('ai-config-preview');
    await expect(preview).toBeVisible();
    const home = preview.getByRole('row').filter({ hasText: 'Spec sample: 4,500 sq ft home' });
    await expect(home).toContainText('+');
    await expect(
      preview
        .getByRole('row')
        .filter({ hasText: /Lead #\d+/ })
        .first(),
    ).toBeVisible();
    // nothing saved yet
    expect(await wizardTotal(page.request)).toBe(before);
    expect(await seriousA11yViolations(page, '[role="tabpanel"]')).toEqual([]);

    await page.getByRole('button', { name: 'Save Pricing Tiers' }).click();
    await expect(page.getByText('Configuration saved')).toBeVisible();
    await expect(page.getByLabel('Medium tier: cameras (range)')).toHaveValue('13-20');
    expect(await wizardTotal(page.request)).toBeGreaterThan(before);
  });

  test('the calculator switched off in the Settings tab: /calculator and the nav change for a visitor at once', async ({
    page,
    browser,
  }) => {
    await openTab(page, 'Settings');
    const status = page.getByTestId('feature-status');
    await expect(status.getByRole('listitem').filter({ hasText: 'Cost Calculator' })).toContainText('Active');
    // flipped from the keyboard, as a screen-reader user would
    const toggle = page.getByRole('checkbox', { name: 'Cost Calculator' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Setting updated')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(status.getByRole('listitem').filter({ hasText: 'Cost Calculator' })).toContainText('Disabled');

    const visitor = await browser.newPage();
    try {
      await gotoHydrated(visitor, `${baseURL}/calculator`);
      await expect(visitor.getByTestId('calculator-unavailable')).toContainText('temporarily unavailable');
      await expect(visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cost Calculator' })).toHaveCount(0);
      const refused = await visitor.request.post(`${baseURL}/api/leads`, {
        data: { email: 'off@example.com', buildingInfo: { type: 'residential', cameras: 8 }, source: 'cost_calculator' },
      });
      expect(refused.status()).toBe(503);
    } finally {
      await visitor.close();
    }

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(status.getByRole('listitem').filter({ hasText: 'Cost Calculator' })).toContainText('Active');
  });

  test('a promotion created in the Settings tab shows its banner on the site', async ({ page, browser }) => {
    await openTab(page, 'Settings');
    await page.getByRole('button', { name: 'New promotion' }).click();
    const form = page.getByRole('form', { name: 'New promotion' });
    await form.getByLabel('Code').fill('spring15');
    await form.getByLabel('Percent off').fill('15');
    await form.getByLabel('Valid until').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await form.getByLabel('Banner text').fill('Spring security sale');
    await form.getByRole('button', { name: 'Create promotion' }).click();
    await expect(page.getByText('Promotion created')).toBeVisible();
    const card = page.getByTestId('promotion-list').getByRole('listitem').filter({ hasText: 'SPRING15' });
    await expect(card).toContainText('Running');

    const visitor = await browser.newPage();
    try {
      await gotoHydrated(visitor, `${baseURL}/`);
      // the banner sits in the closing sections, which hydrate when scrolled to
      await scrollIntoHydratedView(visitor.getByRole('heading', { name: 'Ready to Secure Your Property?' }));
      await expect(visitor.getByTestId('promo-banner')).toContainText('Spring security sale');
      await expect(visitor.getByTestId('promo-banner')).toContainText('15% off with code SPRING15');
    } finally {
      await visitor.close();
    }

    // a second promotion on the same dates is refused
    await page.getByRole('button', { name: 'New promotion' }).click();
    await form.getByLabel('Code').fill('OVERLAP');
    await form.getByLabel('Percent off').fill('5');
    await form.getByLabel('Valid until').fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
    await form.getByLabel('Banner text').fill('Overlap');
    await form.getByRole('button', { name: 'Create promotion' }).click();
    await expect(page.getByText(/overlap promotion SPRING15/)).toBeVisible();
  });
});
