/**
 * A message the per-recipient cap held back is visible on the lead's timeline with a clear badge
 * and its reason, and staff can send it by hand ("Send now"); the worker's outcome arrives live.
 * The e2e server has no provider credentials: the released email ends as not delivered (outbox).
 */
import { expect, test } from '@playwright/test';
import { dbQuery } from './support/e2e-env';
import { createAdmin, signIn, type StaffAccount } from './support/staff';

const ADMIN: StaffAccount = { email: 'caps.admin@ironclad.test', password: 'caps admin password 42' };
const EMAIL = 'capped.visitor@caps.example';
const REASON =
  'suppressed: this address already received 3 automated messages in the last 24 h (RECIPIENT_CAP_PER_DAY); staff can send it by hand';

let messageId: number;

test.beforeAll(async () => {
  await createAdmin(ADMIN);
  const [lead] = await dbQuery<{ id: number }>(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, status, source)
     VALUES ('Capped', 'Visitor', $1, '2125550199', '{}', 'new', 'cost_calculator') RETURNING id`,
    [EMAIL],
  );
  const [msg] = await dbQuery<{ id: number }>(
    `INSERT INTO outbound_messages (idempotency_key, channel, kind, recipient, template, subject, body, provider, status, error,
                                    lead_id, visitor_addressed, recipient_key)
     VALUES ($1, 'email', 'transactional', $2, 'free_guide', 'Your free security checklist', 'The checklist you asked for.',
             'pending', 'suppressed', $3, $4, true, $5) RETURNING id`,
    [`e2e-capped:${lead!.id}`, EMAIL, REASON, lead!.id, `email:${EMAIL}`],
  );
  messageId = msg!.id;
});

test('a suppressed message shows its badge and reason, and Send now sends it', async ({ page }) => {
  await signIn(page, ADMIN, '/communications');
  await page.getByRole('tab', { name: 'Lead Activity' }).click();
  await page.getByLabel('Search lead activity').fill('capped.visitor');
  const lead = page.getByTestId('lead-activity');
  await expect(lead).toHaveCount(1);
  const item = lead.getByTestId('activity-item').filter({ hasText: 'Your free security checklist' });
  await expect(item).toContainText('Suppressed (not sent)');
  await expect(item).toContainText('already received 3 automated messages in the last 24 h');

  await item.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Message queued')).toBeVisible();
  await expect(item).toContainText('Not delivered', { timeout: 15_000 });
  await expect(item).toContainText(ADMIN.email);
  await expect(item.getByRole('button', { name: 'Send now' })).toHaveCount(0);
  const [row] = await dbQuery<{ status: string; triggered_by: string }>(
    'SELECT status, triggered_by FROM outbound_messages WHERE id = $1',
    [messageId],
  );
  expect(row).toEqual({ status: 'not_delivered', triggered_by: ADMIN.email });
});
