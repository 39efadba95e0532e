/**
 * Collects the browser's console errors and uncaught exceptions of a page.
 */
import type { Page } from '@playwright/test';

/** Starts collecting; read the returned array after the actions under test. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}
