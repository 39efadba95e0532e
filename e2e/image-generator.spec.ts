/**
 * The image generator as staff use it and the site as visitors see it (staff-side.md §2, §4, §8;
 * decisions.md §13, §14): not configured on the shared server (no STABILITY_API_KEY); on a server
 * of its own with a local fake Stability API, Generate All watched live (and after a reload), one
 * failed image skipped, the result on the home page hero for a visitor (in the HTML as served and
 * after hydration), a key's history and re-applying an earlier version.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { IMAGE_TEXTS } from '@ironclad/contracts';
import { startFakeStability, type FakeStability } from '../backend/test/support/fake-stability';
import { createAdmin, seriousA11yViolations, signIn } from './support/staff';
import { gotoHydrated } from './support/goto';
import { expect, test, type Page } from './support/test';

const ADMIN = { email: 'images-admin@ironclad.test', password: 'a long images admin password' };

test('without STABILITY_API_KEY the generator says it is not configured and how, with its buttons disabled', async ({ page }) => {
  await createAdmin(ADMIN);
  await signIn(page, ADMIN, '/generate-images');
  const notice = page.getByTestId('images-not-configured');
  await expect(notice).toContainText(IMAGE_TEXTS.notConfigured);
  await expect(notice).toContainText('STABILITY_API_KEY');
  await expect(page.getByRole('button', { name: /Generate All/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Regenerate (new seed)' }).first()).toBeDisabled();
  await expect(page.getByTestId('image-key-heroHome')).toContainText('Built-in illustration');
  expect(await seriousA11yViolations(page, 'main')).toEqual([]);
});

test.describe('with a (fake) Stability API: own server', () => {
  test.describe.configure({ mode: 'serial' });
  let stability: FakeStability;
  let server: ChildProcess;
  let baseURL: string;
  let databaseUrl: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    stability = await startFakeStability({ credits: 200 });
    // Slow enough to watch each image: the live view, a reload in the middle of the run.
    stability.delayMs = 900;
    stability.decide = (r) =>
      r.fields.prompt?.includes('office lobby') ? { status: 400, message: 'prompt: flagged as unsupported' } : null;
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const envFile = join(process.cwd(), 'test-results', `.e2e-env-images-${port}.json`);
    server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_ENV_FILE: envFile,
        E2E_STABILITY_API_KEY: stability.apiKey,
        E2E_STABILITY_BASE_URL: stability.baseUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 140_000;
    for (;;) {
      try {
        ({ baseURL, databaseUrl } = JSON.parse(await readFile(envFile, 'utf8')));
        break;
      } catch {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error('the images e2e server did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const out = spawnSync(process.execPath, ['backend/dist/cli/admin-create.js', '--email', ADMIN.email, '--password-stdin'], {
      input: `${ADMIN.password}\n`,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(out.status, out.stderr).toBe(0);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await stability?.close();
  });

  const openGenerator = async (page: Page) => {
    await signIn(page, ADMIN, `${baseURL}/generate-images`);
    await expect(page.getByTestId('balance')).toContainText('Balance: 200 credits', { timeout: 20_000 });
  };

  test('Generate All watched live, through a reload; one failure skipped; the result on the home hero for a visitor', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openGenerator(page);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByRole('button', { name: /Generate All \(11 images · 33 credits\)/ }).click();
    const progress = page.getByTestId('run-progress');
    await expect(progress).toHaveAttribute('data-status', 'running');
    await expect(page.getByTestId('image-key-heroHome')).toHaveAttribute('data-state', /generating|done/);
    await expect(page.getByTestId('run-current')).toContainText('Generating with Stability AI');
    await page.screenshot({ path: 'test-results/screenshots/generate-images-running-1440.png', fullPage: true });

    // A reload in the middle of the run shows the same run, still moving.
    await expect(page.getByTestId('run-count')).toContainText(/Generating: [2-9] of 11/, { timeout: 20_000 });
    // A finished image shows as its key's thumbnail while the run goes on.
    await expect(page.getByTestId('image-key-heroHome').locator('img')).toHaveAttribute('src', /^\/api\/site-images\/\d+\/640-/);
    await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'running');
    await page.reload();
    await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'running');
    await expect(page.getByTestId('run-count')).toContainText(/Generating: \d+ of 11/);

    await expect(page.getByTestId('image-key-heroBusiness')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await expect(page.getByTestId('image-key-heroBusiness')).toContainText('Stability 400: prompt: flagged as unsupported');
    await expect(page.getByTestId('run-progress')).toHaveAttribute('data-status', 'completed', { timeout: 40_000 });
    await expect(page.getByTestId('run-count')).toHaveText('Last run: 10 of 11 images created · 1 skipped');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(IMAGE_TEXTS.generatedTitle);
    await expect(toast).toContainText(IMAGE_TEXTS.generatedDescription(10));
    await expect(page.getByTestId('image-key-heroHome').getByTestId('applied-badge')).toHaveText(IMAGE_TEXTS.appliedBadge);
    await expect(page.getByTestId('image-key-heroBusiness').getByTestId('applied-badge')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/generate-images-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screenshots/generate-images-390.png', fullPage: true });

    // A visitor: the hero <img> of the HTML as served already has the generated image, with its srcset and size.
    const requestsBefore = stability.requests.length;
    const visitor = await browser.newPage({ baseURL });
    const served = await (await visitor.request.get(`${baseURL}/`)).text();
    const heroTag = /<img[^>]*data-testid="hero-image"[^>]*>/.exec(served)?.[0] ?? '';
    expect(heroTag).toMatch(/srcSet="\/api\/site-images\/\d+\/640-[0-9a-f]{16}\.webp 640w, [^"]*1344w"/i);
    expect(heroTag).toMatch(/width="1344"/);
    expect(heroTag).toMatch(/height="768"/);
    expect(served).toMatch(/<link rel="preload" as="image"[^>]*imageSrcSet="\/api\/site-images\//i);
    await visitor.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(visitor, '/');
    const hero = visitor.getByTestId('hero-image');
    await expect(hero).toHaveAttribute('data-generated', 'true');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/site-images\/\d+\/\d+-[0-9a-f]{16}\.webp$/);
    await visitor.screenshot({ path: 'test-results/screenshots/home-hero-1440.png' });
    await visitor.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(visitor, '/');
    await expect(visitor.getByTestId('hero-image')).toHaveAttribute('data-generated', 'true');
    await expect
      .poll(() => visitor.getByTestId('hero-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await visitor.screenshot({ path: 'test-results/screenshots/home-hero-390.png' });
    // A key without an image (the failed one) keeps its built-in illustration.
    await gotoHydrated(visitor, '/business-security');
    await expect(visitor.getByTestId('hero-image')).toHaveAttribute('src', '/images/heroes/heroBusiness.svg');
    await visitor.close();
    // Visitors never reach Stability.
    expect(stability.requests.length).toBe(requestsBefore);
  });

  test('history: regenerate one key with a new seed, apply the earlier version again; a failed and a blocked try', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    stability.delayMs = 200;
    // The balance is lower after the first run (30 credits spent).
    await signIn(page, ADMIN, `${baseURL}/generate-images`);
    await expect(page.getByTestId('balance')).toContainText('Balance: 170 credits', { timeout: 20_000 });
    const card = page.getByTestId('image-key-heroHome');
    const firstSrc = await card.locator('img').getAttribute('src');
    await card.getByRole('button', { name: 'Regenerate (new seed)' }).click();
    // The new image replaces the thumbnail once it is applied.
    await expect.poll(() => card.locator('img').getAttribute('src'), { timeout: 30_000 }).not.toBe(firstSrc);
    await expect(card).toHaveAttribute('data-state', /^(done|applied)$/);
    await card.getByRole('button', { name: /History \(2\)/ }).click();
    const versions = page.getByTestId('history-version');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText(IMAGE_TEXTS.appliedBadge);
    await versions.nth(1).getByRole('button', { name: 'Apply to website' }).click();
    await expect(versions.nth(1)).toContainText(IMAGE_TEXTS.appliedBadge);
    await expect(versions.nth(0).getByRole('button', { name: 'Apply to website' })).toBeVisible();
    const olderId = await versions.nth(1).getAttribute('data-image-id');
    await page.getByRole('button', { name: 'Close' }).click();

    // §8: a non-OK answer for one image, and one whose answer says it failed (filtered).
    const toast = page.getByTestId('toast');
    stability.next = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }];
    await page.getByTestId('image-key-heroSmartHome').getByRole('button', { name: 'Regenerate (new seed)' }).click();
    await expect(toast).toContainText(IMAGE_TEXTS.failedToGenerate('heroSmartHome'), { timeout: 60_000 });
    await expect(page.getByTestId('image-key-heroSmartHome')).toHaveAttribute('data-state', 'failed');
    stability.next = [{ filtered: true }];
    await page.getByTestId('image-key-heroIntercom').getByRole('button', { name: 'Regenerate (new seed)' }).click();
    await expect(toast).toContainText(IMAGE_TEXTS.generationFailedFor('heroIntercom'), { timeout: 30_000 });
    await expect(page.getByTestId('image-key-heroIntercom')).toHaveAttribute('data-state', 'blocked');
    // The applied image of a key whose new try failed stays on the site.
    await expect(page.getByTestId('image-key-heroIntercom').getByTestId('applied-badge')).toBeVisible();

    const visitor = await browser.newPage({ baseURL });
    await gotoHydrated(visitor, '/');
    await expect(visitor.getByTestId('hero-image')).toHaveAttribute('src', new RegExp(`/api/site-images/${olderId}/`));
    await visitor.close();
  });
});
