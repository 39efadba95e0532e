/**
 * Navigation helpers of the public-site specs.
 *
 * - `gotoHydrated`: opens a page and waits until React has hydrated it (`<html data-hydrated>`,
 *   set by the root layout), so that clicks reach their handlers.
 * - `scrollIntoHydratedView`: sections after the first screen's own components load and hydrate
 *   as the visitor starts using the page and nears them, or points at them
 *   (frontend/src/components/site/deferred-section.tsx); this scrolls to an element and points at
 *   it, as a visitor would, and waits until its section is hydrated (`data-hydrated` on the
 *   `[data-deferred-section]` wrapper).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** `page.goto(path)`, then waits for hydration. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** The deferred section holding `locator` (empty when it is in none). */
export function deferredSectionOf(locator: Locator): Locator {
  return locator.locator('xpath=ancestor-or-self::*[@data-deferred-section][1]');
}

/** Scrolls `locator` into view, points at it and waits until the deferred section holding it, if any, has hydrated. */
export async function scrollIntoHydratedView(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await locator.hover();
  const section = deferredSectionOf(locator);
  if ((await section.count()) > 0) await expect(section).toHaveAttribute('data-hydrated', '');
}
