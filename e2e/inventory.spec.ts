/**
 * The Inventory tab in Chromium (staff-side.md §2, §4, §5, §8): category tabs with counts,
 * search, the status filter, add / edit / delete with the §8 toasts, Export Excel (the download
 * opened as a workbook), Upload Excel with its dry-run report (cell references of the errors,
 * Apply disabled until the file is clean) and Apply; the layout at 1440 and 390 px with no
 * horizontal overflow, and no serious accessibility violation.
 */
import ExcelJS from 'exceljs';
import { INVENTORY_COLUMNS } from '@ironclad/contracts';
import { expect, test, type Page } from './support/test';
import { createAdmin, seriousA11yViolations, signIn } from './support/staff';
import { dbQuery } from './support/e2e-env';

const ADMIN = { email: 'e2e.inventory@ironclad.test', password: 'e2e inventory password 7' };
const HEADERS = Object.values(INVENTORY_COLUMNS);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createAdmin(ADMIN);
});

async function openInventory(page: Page) {
  await signIn(page, ADMIN);
  await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();
  await expect(page.getByTestId('inventory-card').first()).toBeVisible();
}
const card = (page: Page, name: string) =>
  page.getByTestId('inventory-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

async function workbookFile(rows: unknown[][]): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Inventory');
  for (const r of rows) ws.addRow(r);
  return {
    name: 'catalogue.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

test('category tabs with counts, search by SKU / manufacturer / model, and the status filter', async ({ page }) => {
  test.setTimeout(90_000); // a 25-item catalogue filtered several ways, then an axe run: slow on a busy 2-core machine
  await openInventory(page);
  const tabs = page.getByRole('tablist', { name: 'Inventory categories' });
  await expect(tabs.getByRole('tab', { name: /^All Items \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  // keyboard: the arrow keys move between the category tabs
  await tabs.getByRole('tab', { name: /^All Items/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Security Cameras (5)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('inventory-card')).toHaveCount(5);
  await tabs.getByRole('tab', { name: 'NVR Systems (4)' }).click();
  await expect(page.getByTestId('inventory-card')).toHaveCount(4);
  await expect(card(page, '16-Channel PoE NVR (4 TB)')).toBeVisible();
  await expect(card(page, '4K Turret IP Camera')).toHaveCount(0);

  await tabs.getByRole('tab', { name: /^All Items/ }).click();
  const search = page.getByRole('searchbox', { name: 'Search inventory' });
  await search.fill('cam-ptz');
  await expect(page.getByTestId('inventory-card')).toHaveCount(1);
  await expect(card(page, '4MP PTZ Camera (25x Optical Zoom)')).toBeVisible();
  await search.fill('axis communications');
  await expect(page.getByTestId('inventory-card')).toHaveCount(2);
  await expect(tabs.getByRole('tab', { name: 'Security Cameras (2)' })).toBeVisible();
  await search.fill('WD43PURZ');
  await expect(card(page, '4 TB Surveillance Hard Drive')).toBeVisible();
  await search.fill('');

  await page.getByRole('combobox', { name: 'Status filter' }).selectOption('inactive');
  await expect(page.getByText('No items match the search and filter.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status filter' }).selectOption('all');
  expect(await seriousA11yViolations(page, 'main')).toEqual([]);
});

test('add, edit and delete an item, with the §8 toasts', async ({ page }) => {
  test.setTimeout(90_000); // three dialogs, each saved through the api and the catalogue's cache bump
  await openInventory(page);
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Fisheye Camera');
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption('cameras');
  await dialog.getByRole('textbox', { name: 'SKU' }).fill('e2e-fish-1');
  await dialog.getByRole('textbox', { name: 'Manufacturer' }).fill('Hanwha Vision');
  await dialog.getByRole('spinbutton', { name: 'Unit price (USD)' }).fill('749.99');
  await dialog.getByRole('spinbutton', { name: 'Unit cost (USD)' }).fill('500');
  await dialog.getByRole('textbox', { name: 'Specifications (JSON)' }).fill('{"resolution": "12MP"}');
  expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(toast(page, 'Inventory item created successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const created = card(page, 'E2E Fisheye Camera');
  await expect(created).toContainText('E2E-FISH-1');
  await expect(created).toContainText('$749.99');
  await expect(created).toContainText('margin 33.3%');

  await page.getByRole('button', { name: 'Edit E2E Fisheye Camera' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByRole('spinbutton', { name: 'Unit price (USD)' })).toHaveValue('749.99');
  await edit.getByRole('spinbutton', { name: 'Unit price (USD)' }).fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Inventory item updated successfully')).toBeVisible();
  // an empty (invalid) price is sent as 0 cents (§5)
  await expect(card(page, 'E2E Fisheye Camera')).toContainText('$0.00');
  await page.getByRole('button', { name: 'Edit E2E Fisheye Camera' }).click();
  await edit.getByRole('spinbutton', { name: 'Unit price (USD)' }).fill('799.5');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Inventory item updated successfully')).toBeVisible();
  await expect(card(page, 'E2E Fisheye Camera')).toContainText('$799.50');

  await page.getByRole('button', { name: 'Delete E2E Fisheye Camera' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete inventory item' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'E2E Fisheye Camera')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete E2E Fisheye Camera' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Inventory item deleted successfully')).toBeVisible();
  await expect(card(page, 'E2E Fisheye Camera')).toHaveCount(0);
});

test('Export Excel downloads inventory-export.xlsx with the catalogue', async ({ page }) => {
  await openInventory(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
  expect(download.suggestedFilename()).toBe('inventory-export.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const ws = wb.worksheets[0]!;
  expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
  const skus = ws.getColumn(1).values.slice(2);
  expect(skus).toContain('CAM-TURRET-4K');
});

test('Upload Excel: the dry-run report with cell references, then Apply', async ({ page }) => {
  await openInventory(page);
  await page.getByRole('button', { name: 'Upload Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Excel' });
  const input = dialog.locator('input[type="file"]');
  const apply = dialog.getByRole('button', { name: 'Apply' });

  const row = (sku: string, name: string, price: unknown) => [sku, 'cameras', name, null, 'Acme', null, price, null, 1, true, null];
  await input.setInputFiles(await workbookFile([HEADERS, row('E2E-UP-1', 'Uploaded Camera', 99), row('E2E-UP-2', 'Broken Camera', -3)]));
  const report = dialog.getByTestId('import-report');
  await expect(report.getByRole('status', { name: 'Dry run summary' })).toContainText('1 with errors');
  await expect(report).toContainText('G3 Unit Price (USD): Cannot be negative.');
  await expect(apply).toBeDisabled();

  await input.setInputFiles(
    await workbookFile([HEADERS, row('E2E-UP-1', 'Uploaded Camera', 99), row('CAM-TURRET-4K', '4K Turret IP Camera', 260)]),
  );
  await expect(report.getByRole('status', { name: 'Dry run summary' })).toContainText('1 new');
  await expect(report.getByRole('status', { name: 'Dry run summary' })).toContainText('1 to update');
  await expect(report).toContainText('Unit Price (USD): 250 → 260');
  await expect(card(page, 'Uploaded Camera')).toHaveCount(0); // a dry run writes nothing
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(toast(page, 'Inventory imported: 1 created, 1 updated, 0 unchanged.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card(page, 'Uploaded Camera')).toContainText('$99.00');
  await expect(card(page, '4K Turret IP Camera')).toContainText('$260.00');
  // The catalogue prices every quote: later specs expect the seeded price of the default camera.
  await dbQuery(`UPDATE inventory SET unit_price = 25000 WHERE sku = 'CAM-TURRET-4K'`);
  await dbQuery(`DELETE FROM inventory WHERE sku = 'E2E-UP-1'`);

  // a file that is not a workbook: the §8 toast and the api's reason
  await page.getByRole('button', { name: 'Upload Excel' }).click();
  await input.setInputFiles({ name: 'prices.xlsx', mimeType: 'text/csv', buffer: Buffer.from('SKU,Name\nA,B\n') });
  await expect(toast(page, 'Failed to upload Excel file')).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('not an .xlsx workbook');
});

test('the tab at 1440 px and at 390 px: no horizontal overflow', async ({ page }) => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openInventory(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/inventory-${width}.png`, fullPage: false });
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.screenshot({ path: `test-results/inventory-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.context().clearCookies();
  }
});
