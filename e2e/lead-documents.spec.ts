/**
 * Staff download the PDF estimate of a calculator lead: a visitor's calculator lead and PDF request (the calls of
 * public-site.md §7; the page itself is covered by calculator.spec.ts), the worker renders and
 * stores the PDF, then an admin opens the lead in the dashboard and downloads it.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { dbQuery, e2eEnv } from './support/e2e-env';

const ADMIN = { email: 'e2e.documents@ironclad.test', password: 'e2e documents password 42' };

test.beforeAll(async () => {
  const { databaseUrl } = await e2eEnv();
  const out = spawnSync(process.execPath, ['backend/dist/cli/admin-create.js', '--email', ADMIN.email, '--password-stdin'], {
    input: `${ADMIN.password}\n`,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  expect(out.status, out.stderr).toBe(0);
});

test('an admin downloads the stored PDF estimate from the lead details', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const email = `documents-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await page.request.post('/api/leads', {
    data: {
      firstName: 'Katherine',
      lastName: 'Johnson',
      email,
      phone: '(212) 555-0161',
      source: 'cost_calculator',
      status: 'new',
      buildingInfo: {
        type: 'commercial',
        squareFootage: '12000',
        cameras: 17,
        entryPoints: 3,
        hasAccessControl: true,
        hasVideoIntercom: false,
        hasMonitoring: true,
        buildingComplexity: 'new',
      },
    },
  });
  expect(created.status()).toBe(201);
  const leadId = (await created.json()).lead.id as number;
  const requested = await page.request.post('/api/generate-estimate-pdf', { data: { leadId, customerInfo: { email } } });
  expect(requested.status()).toBe(202);
  await expect
    .poll(async () => (await dbQuery('SELECT id FROM lead_documents WHERE lead_id = $1', [leadId])).length, { timeout: 30_000 })
    .toBe(1);

  // Not signed in: the download is refused.
  const anonymous = await page.request.get(`/api/leads/${leadId}/documents`);
  expect(anonymous.status()).toBe(401);

  // Sign in (the session cookie lands in the page's context), open the lead, download.
  const login = await page.request.post('/api/auth/login', { data: ADMIN, headers: { origin: new URL(baseURL!).origin } });
  expect(login.status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByLabel('Search leads').fill(email);
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await page.getByTestId('lead-card').first().click();
  const documents = page.getByTestId('lead-details').getByTestId('lead-documents');
  await expect(documents).toContainText(/PDF estimate EST-\d+-[0-9A-F]{8}\.pdf · \$20,000/);
  const link = documents.getByRole('link', { name: /^Download PDF EST-/ });
  await expect(link).toHaveAttribute('href', new RegExp(`^/api/leads/${leadId}/documents/\\d+/pdf$`));

  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^EST-${leadId}-[0-9A-F]{8}\\.pdf$`));
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [stored] = await dbQuery<{ content: Buffer }>('SELECT content FROM lead_documents WHERE lead_id = $1', [leadId]);
  expect(Buffer.compare(bytes, stored!.content)).toBe(0);
});
