/**
 * Navigation helper of the public-site specs: opens a page and waits until React has hydrated
 * it (`<html data-hydrated>`, set by the root layout), so that clicks reach their handlers.
 */
import type { Page } from '@playwright/test';

/** `page.goto(path)`, then waits for hydration. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
