/**
 * Exports are jobs (issue 27) in Chromium: with a few thousand leads, Export Leads starts the
 * server job, shows its live progress (Socket.IO), downloads the finished file from its staff-only
 * link and keeps a Download link that fetches it again; each download is audited. The seeded rows
 * are dated 2001 (below every list's first page) and removed afterwards.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from './support/test';
import { dbQuery } from './support/e2e-env';
import { createAdmin, signIn } from './support/staff';

const ADMIN = { email: 'e2e.exports@ironclad.test', password: 'e2e exports password 42' };
const ROWS = 4000;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createAdmin(ADMIN);
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, status, source, created_at)
     SELECT CASE WHEN g % 9 = 0 THEN '=SUM(A1)' ELSE 'Bulk ' || g END, 'Export', 'bulk' || g || '@export-e2e.test', '2125550000', '{}',
            'lost', 'ai_shopping', timestamptz '2001-01-01' + g * interval '1 minute'
     FROM generate_series(1, ${ROWS}) g`,
  );
});

test.afterAll(async () => {
  await dbQuery(`DELETE FROM leads WHERE email LIKE '%@export-e2e.test'`);
});

test('Export → progress → Download at a few thousand rows', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const exportBox = page.getByTestId('export-leads').first();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    (async () => {
      await page.getByRole('button', { name: 'Export Leads' }).click();
      await expect(exportBox).toHaveAttribute('data-phase', /starting|running|done/);
    })(),
  ]);
  expect(download.suggestedFilename()).toBe('leads_export.csv');
  const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual(['firstName', 'lastName', 'email', 'phone', 'company', 'createdAt']);
  const bulk = rows.filter((r) => r[2]!.endsWith('@export-e2e.test'));
  expect(bulk).toHaveLength(ROWS);
  expect(bulk.find((r) => r[2] === 'bulk9@export-e2e.test')![0]).toBe(`'=SUM(A1)`);

  await expect(exportBox).toHaveAttribute('data-phase', 'done');
  const [{ id, rows: stored }] = await dbQuery<{ id: string; rows: number }>(
    `SELECT id, rows FROM export_files WHERE kind = 'leads' AND status = 'done' ORDER BY created_at DESC LIMIT 1`,
  );
  expect(stored).toBe(rows.length - 1);
  const link = exportBox.getByRole('link', { name: /Download leads_export\.csv/ });
  await expect(link).toHaveAttribute('href', `/api/exports/files/${id}/download`);
  const [again] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(again.suggestedFilename()).toBe('leads_export.csv');
  expect(await readFile((await again.path())!, 'utf8')).toBe(await readFile((await download.path())!, 'utf8'));
  const audits = await dbQuery<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'export.download' AND entity_id = $1`,
    [id],
  );
  expect(audits[0]!.n).toBe(2);
});

test('the progress bar shows rows written while the job runs', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('tab', { name: 'CRM Pipeline' }).click();
  await page.getByRole('tab', { name: 'Reports' }).click();
  const box = page.getByTestId('export-comprehensive');
  const phases: string[] = [];
  await box.evaluate((el) => {
    const seen: string[] = ((window as unknown as { __phases: string[] }).__phases = []);
    new MutationObserver(() => {
      const bar = el.querySelector('[aria-valuetext]');
      seen.push(`${el.getAttribute('data-phase')}|${bar?.getAttribute('aria-valuetext') ?? ''}`);
    }).observe(el, { attributes: true, subtree: true, childList: true });
  });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Export All Leads' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^comprehensive-leads-export-\d{4}-\d{2}-\d{2}\.csv$/);
  phases.push(...(await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases)));
  expect(phases.some((p) => p.startsWith('running|'))).toBe(true);
  expect(phases.some((p) => /^running\|[\d,]+ of [\d,]+ rows$/.test(p))).toBe(true);
  await expect(box.getByRole('link', { name: /Download comprehensive-leads-export/ })).toBeVisible();
});
