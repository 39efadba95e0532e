/**
 * Staff workspace (issue 22) in Chromium: the send dialog shows template names and previews the
 * message rendered for this lead by the server before sending (point 7), then the real outcome
 * (point 1); deleting archives a lead that staff restore, seen in the audit log (point 9). No provider
 * credentials: sends end as not delivered (the outbox).
 */
import { expect, test } from './support/test';
import { dbQuery } from './support/e2e-env';
import { createAdmin, seriousA11yViolations, signIn, type StaffAccount } from './support/staff';

const ADMIN: StaffAccount = { email: 'workspace.admin@ironclad.test', password: 'workspace admin password 7' };

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  await createAdmin(ADMIN);
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, phone, company, total_estimate_cents, status, building_info, source)
     VALUES ('Prue', 'Preview', 'prue.preview@workspace.example', '(917) 555-0177', 'Prue & Co', 3150000, 'new', '{}'::jsonb, 'ai_shopping')`,
  );
});

test('the send dialog lists template names and previews the rendered message for this lead before sending', async ({ page }) => {
  await signIn(page, ADMIN, '/admin');
  await page.getByLabel('Search leads').fill('prue.preview');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await page.getByTestId('lead-card').click();
  const details = page.getByTestId('lead-details');

  // SMS: the fixed follow-up text, rendered for Prue, to her number in E.164.
  await details.getByRole('button', { name: 'Send SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to Prue Preview' });
  const preview = dialog.getByTestId('send-preview');
  await expect(preview).toContainText('To +19175550177');
  await expect(dialog.getByTestId('send-preview-text')).toHaveText(/^Hi Prue, this is Ironclad Security Systems following up/);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello {{firstName}} of {{company}}, your estimate is {{estimate}}.');
  await expect(dialog.getByTestId('send-preview-text')).toHaveText('Hello Prue of Prue & Co, your estimate is $31,500.');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Broken {{#if firstName}}');
  await expect(preview.getByRole('alert')).toContainText('Template syntax error');

  // Email: the template choices are names, never Handlebars source; the preview follows the choice.
  await dialog.getByRole('button', { name: 'Email', exact: true }).click();
  const select = dialog.getByLabel('Template');
  const labels = await select.locator('option').allTextContents();
  expect(labels).toEqual(expect.arrayContaining(['Welcome', 'Proposal']));
  for (const label of labels) expect(label).not.toContain('{{');
  await select.selectOption('welcome');
  await expect(dialog.getByTestId('send-preview-subject')).toHaveText('Subject: Welcome to Ironclad Security Systems, Prue');
  await expect(dialog.getByTestId('send-preview-text')).toContainText('Hi Prue,');
  await select.selectOption('proposal');
  await expect(dialog.getByTestId('send-preview-subject')).toHaveText(
    'Subject: Your security system proposal from Ironclad Security Systems',
  );
  await expect(preview).toContainText('To prue.preview@workspace.example');
  expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);

  // Sending stores exactly the previewed text; the dialog then shows the real outcome.
  const previewed = await dialog.getByTestId('send-preview-text').textContent();
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email queued', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('send-outcome')).toHaveAttribute('data-status', 'not_delivered', { timeout: 15_000 });
  const [row] = await dbQuery<{ body: string; subject: string }>(
    `SELECT body, subject FROM outbound_messages WHERE recipient = 'prue.preview@workspace.example' ORDER BY id DESC LIMIT 1`,
  );
  expect(row!.subject).toBe('Your security system proposal from Ironclad Security Systems');
  expect(row!.body.replace(/\s+/g, ' ').trim()).toBe(previewed!.replace(/\s+/g, ' ').trim());
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
});

test('deleting a lead archives it; staff restore it from Deleted leads; the audit log shows both', async ({ page }) => {
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, status, building_info, source)
     VALUES ('Archie', 'Restore', 'archie.restore@workspace.example', 'contacted', '{}'::jsonb, 'ai_shopping')`,
  );
  const [{ id }] = (await dbQuery<{ id: number }>(`SELECT id FROM leads WHERE email = 'archie.restore@workspace.example'`)) as [
    { id: number },
  ];
  const confirms: string[] = [];
  page.on('dialog', (d) => {
    confirms.push(d.message());
    void d.accept();
  });
  await signIn(page, ADMIN, '/admin');
  await page.getByLabel('Search leads').fill('archie.restore');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await page.getByTestId('lead-card').click();
  await page.getByTestId('lead-details').getByRole('button', { name: 'Delete Lead' }).click();
  await expect(page.getByText('Lead deleted', { exact: true })).toBeVisible();
  expect(confirms).toEqual([expect.stringContaining('can be restored for 30 days')]);
  await expect(page.getByTestId('lead-card')).toHaveCount(0);
  const [archived] = await dbQuery<{ archived_by: string | null }>(`SELECT archived_by FROM leads WHERE id = $1`, [id]);
  expect(archived).toEqual({ archived_by: ADMIN.email }); // kept, not deleted

  await page.getByRole('tab', { name: 'Settings' }).click();
  const deleted = page.getByTestId('deleted-lead').filter({ hasText: 'archie.restore@workspace.example' });
  await expect(deleted).toContainText('30 days left to restore');
  await deleted.getByRole('button', { name: 'Restore Archie Restore' }).click();
  await expect(page.getByText('Lead restored', { exact: true })).toBeVisible();
  await expect(deleted).toHaveCount(0);

  // The audit log view, filtered by this lead, shows the deletion and the restore.
  await page.getByLabel('Lead ID').fill(String(id));
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('lead.restored');
  await expect(entries.nth(1)).toContainText('lead.deleted');
  await expect(entries.nth(1)).toContainText(ADMIN.email);
  expect(await seriousA11yViolations(page, '[aria-labelledby="audit-log-heading"]')).toEqual([]);

  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByLabel('Search leads').fill('archie.restore');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
});
