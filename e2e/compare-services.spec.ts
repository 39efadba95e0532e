/**
 * Compare services (public-site.md §2, §4, §9): default selection,
 * toggling, the limit of 3 with disabled buttons, 8/12 rows, and the downloaded PNG's name and
 * size (1200×800, read from the file's IHDR header).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { gotoHydrated } from './support/goto';

test('selection, limit of 3, rows and values', async ({ page }) => {
  await gotoHydrated(page, '/compare-services');
  const toggle = (id: string) => page.getByTestId(`compare-toggle-${id}`);
  await expect(toggle('residential')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle('business')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle('cameras')).toHaveAttribute('aria-pressed', 'false');
  const table = page.getByTestId('comparison-table');
  await expect(table.locator('thead th').filter({ visible: true })).toHaveCount(3);
  await expect(table).toContainText('$49/month', { useInnerText: true });
  await expect(table).toContainText('$199/month', { useInnerText: true });

  await toggle('cameras').click();
  await expect(toggle('cameras')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle('smartHome')).toBeDisabled();
  await expect(table.locator('thead th').filter({ visible: true })).toHaveCount(4);
  await expect(table).toContainText('$299/camera', { useInnerText: true });
  await expect(table).not.toContainText('$199/device', { useInnerText: true });

  await toggle('business').click(); // deselect: the fourth becomes available
  await expect(toggle('smartHome')).toBeEnabled();
  await toggle('smartHome').click();
  await expect(table).toContainText('$199/device', { useInnerText: true });

  const rows = page.getByTestId('feature-row');
  await expect(rows).toHaveCount(8);
  await page.getByRole('button', { name: 'Show All Features' }).click();
  await expect(rows).toHaveCount(12);
  const storage = rows.filter({ hasText: 'Cloud Video Storage' });
  await expect(storage.locator('td').filter({ visible: true })).toHaveText(['30 days', '60 days', '14 days']);
  await expect(rows.filter({ hasText: 'Equipment Warranty' }).locator('td').filter({ visible: true })).toHaveText([
    '3 years',
    '5 years',
    '2 years',
  ]);
  await page.getByRole('button', { name: 'Show Less Features' }).click();
  await expect(rows).toHaveCount(8);
});

test('download saves {product}-comparison.png, a 1200×800 PNG drawn in the browser', async ({ page }) => {
  await gotoHydrated(page, '/compare-services');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Comparison' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('residential-business-comparison.png');
  const file = await readFile(await download.path());
  expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(file.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect(file.readUInt32BE(16)).toBe(1200);
  expect(file.readUInt32BE(20)).toBe(800);
  expect(file.length).toBeGreaterThan(10_000); // real drawing, not an empty canvas
});
