/**
 * Staff-side helpers of the browser tests: an admin made with the real CLI
 * (`admin-create.js --password-stdin`, idempotent), sign-in through the Admin Login form that
 * every staff page shows, and the axe check the specs share.
 */
import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { e2eEnv } from './e2e-env';

export interface StaffAccount {
  email: string;
  password: string;
}

/** Creates (or resets) an admin account in the run's database (or in `databaseUrl`, a spec's own server's). */
export async function createAdmin(account: StaffAccount, databaseUrl?: string): Promise<void> {
  databaseUrl ??= (await e2eEnv()).databaseUrl;
  const out = spawnSync(process.execPath, ['backend/dist/cli/admin-create.js', '--email', account.email, '--password-stdin'], {
    input: `${account.password}\n`,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  expect(out.status, out.stderr).toBe(0);
}

/** Opens a staff page and signs in with the Admin Login form it shows; waits until the form is gone. */
export async function signIn(page: Page, account: StaffAccount, path = '/admin'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toHaveCount(0);
}

/** axe-core's serious and critical violations (WCAG 2.1 A/AA and best practices) of the page, or of `include`. */
export async function seriousA11yViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
          .slice(0, 5)
          .join(' | ')}`,
    );
}
