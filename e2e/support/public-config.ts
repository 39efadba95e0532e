/**
 * Shows a page the server's public config with a change, without changing the database other
 * specs read: served pages embed the config (`<script type="application/json" id="public-config">`,
 * backend/src/platform/web/serve-frontend.ts) and GET /api/public-config answers it; both are routed
 * through `change`, starting from the server's own answer.
 */
import type { Page } from '@playwright/test';
import type { PublicConfig } from '@ironclad/contracts';

const EMBEDDED = /(<script type="application\/json" id="public-config">)([\s\S]*?)(<\/script>)/;

/** From now on, `page` sees `change(config)` wherever the server gives it the public config. */
export async function changePublicConfig(page: Page, change: (config: PublicConfig) => PublicConfig): Promise<void> {
  await page.route('**/api/public-config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as PublicConfig) });
  });
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      if (!EMBEDDED.test(html)) throw new Error(`${route.request().url()} has no embedded public config`);
      const body = html.replace(EMBEDDED, (_, open: string, json: string, close: string) => {
        const changed = change(JSON.parse(json) as PublicConfig);
        return `${open}${JSON.stringify(changed).replace(/</g, '\\u003c')}${close}`;
      });
      await route.fulfill({ response, body });
    },
  );
}
