/**
 * Playwright's `test` with one addition every spec gets: each test is its own client address.
 *
 * The api limits public writes per client address (issue "Public endpoints hold up against
 * bots"), and the e2e server runs with the production defaults behind a trusted loopback proxy
 * (TRUSTED_PROXIES=loopback). Every same-origin /api request of a test's browser context carries
 * `X-Forwarded-For: <this test's address>`, as a reverse proxy would add it, so one test's leads
 * never use up another's budget, and a test can act as one visitor over several requests
 * (`clientAddress`). Requests to other origins (the Stripe double) are left untouched.
 */
import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/** A random address in 10.0.0.0/8 (the e2e server trusts only loopback to forward it). */
export const randomClientAddress = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export const test = base.extend<{ clientAddress: string }>({
  clientAddress: [
    async ({ context, baseURL }, use) => {
      const address = randomClientAddress();
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      await context.route(
        (url) => url.origin === origin && url.pathname.startsWith('/api/'),
        (route) => route.fallback({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
      await use(address);
    },
    { auto: true },
  ],
});
