/**
 * Staff find a lead's jobs in its details panel (not by queue id): the staff notification the
 * visitor's request queued, and a failed PDF job with its error and a Retry button whose action
 * the audit log records. The failed job is one the worker refuses (its payload is invalid), so
 * the retried attempt fails again: what the test shows is the path, not a lucky recovery.
 */
import { Queue } from 'bullmq';
import { QueueName } from '@ironclad/contracts';
import { expect, test } from './support/test';
import { dbQuery, e2eEnv } from './support/e2e-env';
import { createAdmin, signIn, type StaffAccount } from './support/staff';

const ADMIN: StaffAccount = { email: 'jobs.admin@ironclad.test', password: 'jobs admin password 42' };

/** A lead with an EstimatePdf job the worker refuses (invalid payload): failed at once, for good. */
async function leadWithFailedPdf(email: string): Promise<number> {
  const [lead] = await dbQuery<{ id: number }>(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, status, source)
     VALUES ('Queued', 'Jobs', $1, '2125550177', '{}', 'new', 'cost_calculator') RETURNING id`,
    [email],
  );
  const redisUrl = new URL(process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const pdf = new Queue(QueueName.Pdf, {
    connection: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) },
    prefix: (await e2eEnv()).queuePrefix,
  });
  await pdf.add(
    'EstimatePdf',
    { leadId: lead!.id, requestId: 'not-a-uuid', discountPercent: 0, promotionCode: null },
    { jobId: `e2e-bad-pdf-${lead!.id}` },
  );
  await pdf.close();
  return lead!.id;
}

test.beforeAll(async () => {
  await createAdmin(ADMIN);
});

for (const width of [1440, 390]) {
  test(`a lead's failed job shows its error and Retry re-runs it (${width} px)`, async ({ page }) => {
    const email = `queued.jobs.${width}@jobs.example`;
    const leadId = await leadWithFailedPdf(email);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, ADMIN, '/admin');
    await page.getByLabel('Search leads').fill(email);
    await expect(page.getByTestId('lead-card')).toHaveCount(1);
    await page.getByTestId('lead-card').click();
    const jobs = page.getByTestId('lead-details').getByTestId('record-jobs');
    await expect(jobs.getByRole('heading', { name: 'Jobs' })).toBeVisible();
    const failed = jobs.getByTestId('record-job').filter({ hasText: 'PDF estimate' });
    await expect(failed.getByTestId('record-job-state')).toHaveText('Failed', { timeout: 15_000 });
    await expect(failed.getByTestId('record-job-error')).toContainText('invalid EstimatePdf payload: ✖ Invalid UUID');

    const retry = failed.getByRole('button', { name: `Retry PDF estimate job e2e-bad-pdf-${leadId}` });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Job retried')).toBeVisible();
    // The worker takes it again and refuses it again.
    await expect(failed.getByTestId('record-job-state')).toHaveText('Failed', { timeout: 15_000 });
    const rows = await dbQuery<{ user_email: string; entity_id: string }>(
      `SELECT user_email, entity_id FROM audit_log WHERE action = 'job.retried' AND entity_id = $1`,
      [`pdf:e2e-bad-pdf-${leadId}`],
    );
    expect(rows).toEqual([{ user_email: ADMIN.email, entity_id: `pdf:e2e-bad-pdf-${leadId}` }]);
  });
}
