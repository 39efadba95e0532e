/**
 * Staff configuration writes for the browser tests: an admin's API session on the shared e2e
 * server (through the real login and staff endpoints, so every process's configuration cache hears
 * of the change at once), and a wait for a change made behind the api's back to reach the public
 * config.
 */
import { expect, request, type APIRequestContext } from '@playwright/test';
import type { PublicConfig } from '@ironclad/contracts';
import { e2eEnv } from './e2e-env';
import { createAdmin, type StaffAccount } from './staff';

export const CONFIG_ADMIN: StaffAccount = { email: 'config-admin@ironclad.test', password: 'configuration admin password 1' };

/** A signed-in admin API session on the shared server (writes carry the site's Origin). */
export async function staffApi(): Promise<APIRequestContext> {
  const { baseURL } = await e2eEnv();
  await createAdmin(CONFIG_ADMIN);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await api.post('/api/auth/login', { data: CONFIG_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** PUT /api/site-settings/{key} as staff; fails the test unless saved. */
export async function putSetting(api: APIRequestContext, key: string, settingValue: unknown): Promise<void> {
  const res = await api.put(`/api/site-settings/${key}`, { data: { settingValue } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Waits until GET {baseURL}/api/public-config satisfies `ready` (a configuration change has reached the api's cache). */
export async function waitForPublicConfig(
  api: APIRequestContext,
  baseURL: string,
  ready: (config: PublicConfig) => boolean,
): Promise<void> {
  await expect
    .poll(async () => ready((await (await api.get(`${baseURL}/api/public-config`)).json()) as PublicConfig), { timeout: 5_000 })
    .toBe(true);
}
