/**
 * People know when a provider is down (issue 26 point 3): its own e2e server (api + worker) sends
 * email through a local fake SendGrid that answers 503; the circuit breaker (scaled down by
 * configuration: opens after 3 failures, probes every 1–2 s) opens, the admin dashboard shows
 * "Email provider unavailable since HH:MM — N messages waiting, they will be sent when it
 * returns", and the banner goes once SendGrid is back and the waiting emails are sent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { expect, test } from './support/test';
import { startFakeSendGrid, type FakeSendGrid } from '../backend/test/support/fake-sendgrid';
import { createAdmin, seriousA11yViolations, signIn } from './support/staff';

const ADMIN = { email: 'outage-admin@ironclad.test', password: 'a long outage admin password' };

test.describe('the provider banner', () => {
  test.describe.configure({ timeout: 150_000 });
  let server: ChildProcess | undefined;
  let sendgrid: FakeSendGrid;
  let baseURL = '';
  let databaseUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    sendgrid = await startFakeSendGrid();
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const envFile = join(process.cwd(), 'test-results', `.e2e-env-provider-${port}.json`);
    server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_ENV_FILE: envFile,
        E2E_SENDGRID_API_KEY: 'SG.test-key',
        E2E_SENDGRID_BASE_URL: sendgrid.baseUrl,
        BREAKER_FAILURES: '3',
        BREAKER_PROBE_MS: '1000',
        BREAKER_PROBE_MAX_MS: '2000',
        BREAKER_RAMP_MS: '1000',
        MESSAGE_BACKOFF_MS: '200',
        MESSAGE_BACKOFF_MAX_MS: '1000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 140_000;
    for (;;) {
      try {
        ({ baseURL, databaseUrl } = JSON.parse(await readFile(envFile, 'utf8')));
        break;
      } catch {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error('the provider e2e server did not start');
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
    await sendgrid?.close();
  });

  test('appears while SendGrid is down and goes once it is back', async ({ page, request }) => {
    sendgrid.outage(600_000, 503);
    // four contact requests: four staff notifications that SendGrid refuses
    for (let i = 1; i <= 4; i += 1) {
      const res = await request.post(`${baseURL}/api/contacts`, {
        data: {
          firstName: 'Ana',
          lastName: `Outage ${i}`,
          email: `outage-${i}@example.com`,
          phone: '(646) 555-0110',
          propertyType: 'business',
          services: ['Access Control'],
        },
      });
      expect(res.status()).toBe(201);
    }
    await signIn(page, ADMIN, `${baseURL}/admin`);
    const banner = page.getByTestId('provider-outage-banner');
    await expect(banner).toContainText(
      /Email provider unavailable since \d{2}:\d{2} — [1-9]\d* messages? waiting, (they|it) will be sent when it returns/,
      { timeout: 45_000 },
    );
    expect(await seriousA11yViolations(page, '[data-testid="provider-outage-banner"]')).toEqual([]);

    sendgrid.recover();
    await expect(banner).toHaveCount(0, { timeout: 45_000 });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // the waiting notifications go out after the probe that closed the circuit (with its ramp)
      await expect
        .poll(
          async () =>
            (await client.query(`SELECT status, count(*)::int AS n FROM outbound_messages WHERE contact_id IS NOT NULL GROUP BY status`))
              .rows,
          { timeout: 30_000 },
        )
        .toEqual([{ status: 'sent', n: 4 }]);
    } finally {
      await client.end();
    }
  });
});
