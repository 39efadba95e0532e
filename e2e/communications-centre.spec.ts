/**
 * The communications centre in Chromium: start a campaign from the
 * Campaigns tab and watch its progress bar reach 100% over Socket.IO with its counts and summary;
 * create, edit and preview a template with a real lead's data (escaped); send an email to a lead
 * and see it arrive on its timeline (live, `lead:activity`); export the filtered leads; axe.
 * The e2e server has no provider credentials: every send ends as not delivered (the outbox).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { QueueName } from '@ironclad/contracts';
import { Queue } from 'bullmq';
import { parse } from 'csv-parse/sync';
import { dbQuery, e2eEnv } from './support/e2e-env';
import { createAdmin, seriousA11yViolations, signIn, type StaffAccount } from './support/staff';

const ADMIN: StaffAccount = { email: 'comms.admin@ironclad.test', password: 'comms admin password 42' };
/** Campaign recipients: `qualified` leads with an estimate of at least $900,000 (no other spec makes such leads). */
const MIN_ESTIMATE = 900_000;
const CAMPAIGN_LEADS = 12;
const HOSTILE_NAME = '<i>Quinn</i>';
const HOSTILE_COMPANY = '=HYPERLINK("http://evil.example")';
const RECIPIENTS = CAMPAIGN_LEADS + 1;
/** Recipients of the pause/resume/cancel campaigns: old `contacted` leads of exactly $654,321. */
const PAUSE_LEADS = 2000;
const PAUSE_ESTIMATE = 654_321;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  await createAdmin(ADMIN);
  const values = Array.from(
    { length: CAMPAIGN_LEADS },
    (_, i) =>
      `('Camp${i}', 'Lead', 'camp${i}@comms.example', '212555${String(1000 + i)}', null, '{}', ${(MIN_ESTIMATE + 1000 * i) * 100}, 'qualified', 'ai_shopping')`,
  );
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, phone, company, building_info, total_estimate_cents, status, source)
     VALUES ${values.join(', ')},
            ($1, 'Preview', 'quinn.preview@comms.example', '(646) 555-0188', $2, '{"type":"office"}', ${(MIN_ESTIMATE + 50_000) * 100}, 'qualified', 'ai_shopping'),
            ('Low', 'Value', 'low.value@comms.example', '6465550100', null, '{}', 100000, 'qualified', 'ai_shopping')`,
    [HOSTILE_NAME, HOSTILE_COMPANY],
  );
});

async function openCentre(page: Page, tab?: string) {
  await signIn(page, ADMIN, '/communications');
  await expect(page.getByRole('heading', { name: 'Communications Center', level: 1 })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

test('start a campaign from the Campaigns tab: the progress bar reaches 100% with its counts and summary', async ({ page }) => {
  await openCentre(page, 'Campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByTestId('bulk-form');
  await form.getByLabel('Campaign name').fill('E2E spring campaign');
  await expect(form.getByRole('button', { name: 'Email', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await form.getByLabel('Email template').selectOption('follow-up');
  await form.getByLabel('Lead status').selectOption('qualified');
  await form.getByLabel('Minimum estimate').fill(String(MIN_ESTIMATE));
  const started = page.waitForResponse((r) => r.url().endsWith('/api/bulk-communication') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Start campaign' }).click();
  const res = await started;
  expect(res.status()).toBe(202);
  expect(res.request().postDataJSON()).toEqual({
    type: 'email',
    name: 'E2E spring campaign',
    template: 'follow-up',
    filter: { status: 'qualified', minValue: MIN_ESTIMATE },
  });
  // The answer comes before any recipient is stored (issue 27): the worker resolves the audience;
  // the card's Total below shows all of them.
  expect(await res.json()).toMatchObject({ recipients: 0, campaign: { status: 'queued', preparing: true } });

  // The list shows the new campaign at once; Socket.IO `campaign:progress` drives it to 100%.
  const card = page.getByTestId('campaign-card').filter({ hasText: 'E2E spring campaign' });
  const bar = card.getByRole('progressbar', { name: 'E2E spring campaign progress' });
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(card.getByTestId('campaign-percent')).toHaveText('100%');
  const counts = card.getByTestId('campaign-counts');
  await expect(counts).toContainText(`Not delivered (outbox) ${RECIPIENTS}`);
  await expect(counts).toContainText('Failed 0');
  await expect(counts).toContainText('Queued 0');
  await expect(counts).toContainText(`Total ${RECIPIENTS}`);
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  // Nothing was delivered (no provider in the e2e env): a warning, never a green success.
  await expect(card.getByTestId('campaign-badge')).toHaveAttribute('data-outcome', 'red');
  await expect(card.getByTestId('campaign-warning')).toHaveText(
    `⚠ Nothing delivered: 0 of ${RECIPIENTS} sent (${RECIPIENTS} not delivered).`,
  );
  await expect(card.getByTestId('campaign-bar-notDelivered')).toBeVisible();
  await expect(card.getByTestId('campaign-bar-sent')).toHaveCount(0);
  await expect(card.getByTestId('campaign-summary')).toHaveText(`Summary: 0 successful, 0 failed, ${RECIPIENTS} total`);

  const [stored] = await dbQuery<{ status: string; total: number }>(
    `SELECT status, total FROM campaigns WHERE name = 'E2E spring campaign'`,
  );
  expect(stored).toEqual({ status: 'sent', total: RECIPIENTS });

  // The details modal: settings, summary and the delivery chart.
  await card.getByRole('button', { name: 'Details of E2E spring campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'E2E spring campaign' });
  await expect(dialog.getByTestId('campaign-details')).toContainText('follow-up');
  await expect(dialog.getByTestId('campaign-details')).toContainText(`status Qualified, estimate ≥ $900,000`);
  await expect(dialog.getByTestId('campaign-details-summary')).toContainText(`Total${RECIPIENTS}`);
  await expect(dialog.getByRole('img', { name: /Delivery by campaign\. E2E spring campaign: 0 sent, 13 not delivered/ })).toBeVisible();
  // Its jobs, found by the campaign: the fan-out and one email job per recipient, all done.
  const jobs = dialog.getByTestId('record-jobs').getByTestId('record-job');
  await expect(jobs.filter({ hasText: 'Campaign fan-out' })).toHaveCount(1);
  await expect(jobs.filter({ hasText: 'Email' })).toHaveCount(RECIPIENTS);
  await expect(jobs.getByTestId('record-job-state').filter({ hasText: 'Done' })).toHaveCount(RECIPIENTS + 1);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toHaveCount(0);

  // The dashboard tab summarises it.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('campaign-summary-card')).toContainText('E2E spring campaign');
  await expect(page.getByTestId('latest-activities').getByTestId('activity-item')).toHaveCount(5);
});

/** Starts a campaign from the Campaigns tab; returns its card. */
async function startCampaign(page: Page, name: string, filter: { status: string; min: number }) {
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByTestId('bulk-form');
  await form.getByLabel('Campaign name').fill(name);
  await form.getByLabel('Lead status').selectOption(filter.status);
  await form.getByLabel('Minimum estimate').fill(String(filter.min));
  await form.getByRole('button', { name: 'Start campaign' }).click();
  return page.getByTestId('campaign-card').filter({ hasText: name });
}

test('pause a running campaign, then resume it to the end; pause another and cancel it', async ({ page }) => {
  // Enough recipients that the outbox (no limiter) is still draining when Pause is pressed.
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, phone, building_info, total_estimate_cents, status, source, created_at)
     SELECT 'Bulk' || g, 'Pause', 'bulk' || g || '@pause.example', NULL, '{}', ${PAUSE_ESTIMATE * 100}, 'contacted', 'ai_shopping', timestamptz '2020-01-01' + g * interval '1 second'
       FROM generate_series(1, ${PAUSE_LEADS}) g`,
  );
  await openCentre(page, 'Campaigns');
  const filter = { status: 'contacted', min: PAUSE_ESTIMATE };

  const resumed = await startCampaign(page, 'E2E paused then resumed', filter);
  await resumed.getByRole('button', { name: 'Pause E2E paused then resumed' }).click();
  await expect(resumed.getByText('Paused', { exact: true })).toBeVisible();
  const bar = resumed.getByRole('progressbar', { name: 'E2E paused then resumed progress' });
  const pausedAt = Number(await bar.getAttribute('aria-valuenow'));
  expect(pausedAt).toBeLessThan(100);
  await resumed.getByRole('button', { name: 'Resume E2E paused then resumed' }).click();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(resumed.getByText('Completed', { exact: true })).toBeVisible();
  await expect(resumed.getByTestId('campaign-summary')).toHaveText(`Summary: 0 successful, 0 failed, ${PAUSE_LEADS} total`);

  // The second campaign must still have messages to cancel however fast the machine drains the
  // outbox (a CI run once drained all of them before the pause arrived): the email queue is held
  // (BullMQ pause, the run's queue prefix) until the campaign is cancelled.
  const redisUrl = new URL(process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const emailQueue = new Queue(QueueName.Messages, {
    connection: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) },
    prefix: (await e2eEnv()).queuePrefix,
  });
  await emailQueue.pause();
  try {
    const cancelled = await startCampaign(page, 'E2E paused then cancelled', filter);
    await cancelled.getByRole('button', { name: 'Pause E2E paused then cancelled' }).click();
    await expect(cancelled.getByText('Paused', { exact: true })).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await cancelled.getByRole('button', { name: 'Cancel campaign E2E paused then cancelled' }).click();
    await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(cancelled.getByRole('button', { name: 'Resume E2E paused then cancelled' })).toHaveCount(0);
    await expect(cancelled.getByTestId('campaign-counts')).toContainText('Cancelled');
  } finally {
    await emailQueue.resume();
    await emailQueue.close();
  }

  const rows = await dbQuery<{ name: string; status: string; cancelled: number; delivered: number }>(
    `SELECT c.name, c.status, count(*) FILTER (WHERE m.status = 'cancelled')::int AS cancelled, count(*) FILTER (WHERE m.status = 'not_delivered')::int AS delivered
       FROM campaigns c JOIN outbound_messages m ON m.campaign_id = c.id WHERE c.name LIKE 'E2E paused then %' GROUP BY c.name, c.status ORDER BY c.name`,
  );
  expect(rows[0]).toMatchObject({ name: 'E2E paused then cancelled', status: 'cancelled' });
  expect(rows[0]!.cancelled).toBeGreaterThan(0);
  expect(rows[0]!.cancelled + rows[0]!.delivered).toBe(PAUSE_LEADS);
  expect(rows[1]).toEqual({ name: 'E2E paused then resumed', status: 'sent', cancelled: 0, delivered: PAUSE_LEADS });
});

test('templates: create, edit, and preview with a real lead’s data (values escaped)', async ({ page }) => {
  await openCentre(page, 'Templates');
  await expect(page.getByTestId('template-card')).toHaveCount(3);
  await page.getByRole('button', { name: 'New template' }).click();
  let dialog = page.getByRole('dialog', { name: 'New template' });
  const save = dialog.getByRole('button', { name: 'Save template' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Name').fill('e2e-offer');
  await dialog.getByLabel('Category').selectOption('marketing');
  await dialog.getByLabel('Subject').fill('Offer for {{firstName}}');
  await dialog.getByLabel('Content').fill('Hello {{firstName}} at ');
  await dialog.getByRole('button', { name: '{{company}}' }).click();
  await dialog.getByLabel('Content').press('End');
  await dialog.getByLabel('Content').pressSequentially(', your estimate is {{estimate}}.');
  await expect(dialog.getByLabel('Content')).toHaveValue('Hello {{firstName}} at {{company}}, your estimate is {{estimate}}.');
  await save.click();
  await expect(page.getByText('Template saved successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId('template-card').filter({ hasText: 'e2e-offer' });
  await expect(card).toContainText('Offer for {{firstName}}');

  await card.getByRole('button', { name: 'Edit e2e-offer' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit template: e2e-offer' });
  await expect(dialog.getByLabel('Subject')).toHaveValue('Offer for {{firstName}}');
  await dialog.getByLabel('Subject').fill('A special offer for {{firstName}}');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toContainText('A special offer for {{firstName}}');
  const [row] = await dbQuery<{ subject: string; category: string }>(
    `SELECT subject, category FROM email_templates WHERE name = 'e2e-offer'`,
  );
  expect(row).toEqual({ subject: 'A special offer for {{firstName}}', category: 'marketing' });

  await card.getByRole('button', { name: 'Preview e2e-offer' }).click();
  dialog = page.getByRole('dialog', { name: 'Preview: e2e-offer' });
  const [{ id: previewLeadId }] = await dbQuery<{ id: number }>(`SELECT id FROM leads WHERE email = 'quinn.preview@comms.example'`);
  const rendered = page.waitForResponse(
    (r) => r.url().endsWith('/api/email-templates/preview') && r.request().postDataJSON()?.leadId === previewLeadId,
  );
  await dialog.getByLabel('Find a lead').fill('quinn.preview');
  await expect(dialog.getByLabel('Lead', { exact: true }).locator('option')).toHaveCount(1);
  expect((await rendered).status()).toBe(200);
  await expect(dialog.getByTestId('preview-subject')).toHaveText(`A special offer for ${HOSTILE_NAME}`);
  const html = dialog.frameLocator('iframe[title="Email preview (HTML)"]');
  await expect(html.locator('body')).toContainText(`Hello ${HOSTILE_NAME} at ${HOSTILE_COMPANY}, your estimate is $950,000.`);
  await expect(html.locator('i')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.getByTestId('preview-text')).toContainText(`Hello ${HOSTILE_NAME} at ${HOSTILE_COMPANY}, your estimate is $950,000.`);
});

test('send an email to a lead from Lead Management and see it on its timeline', async ({ page }) => {
  await openCentre(page, 'Lead Management');
  await page.getByLabel('Status', { exact: true }).selectOption('qualified');
  await page.getByLabel('Minimum estimate').fill(String(MIN_ESTIMATE + 40_000));
  const rows = page.getByTestId('managed-lead');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(HOSTILE_NAME);
  await rows
    .first()
    .getByRole('button', { name: `Send email to ${HOSTILE_NAME} Preview` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Send to ${HOSTILE_NAME} Preview` });
  await dialog.getByLabel('Template').selectOption('proposal');
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email queued', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('send-outcome')).toHaveAttribute('data-status', 'not_delivered', { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // The Lead Activity tab shows it; the worker's outcome arrives live (lead:activity).
  await page.getByRole('tab', { name: 'Lead Activity' }).click();
  await page.getByLabel('Search lead activity').fill('quinn.preview');
  const lead = page.getByTestId('lead-activity');
  await expect(lead).toHaveCount(1);
  const item = lead
    .getByTestId('activity-item')
    .filter({ hasText: 'Your security system proposal from Ironclad Security Systems' })
    .filter({ hasNotText: 'Campaign #' });
  await expect(item).toContainText('Not delivered', { timeout: 15_000 });
  await expect(item).toContainText(ADMIN.email);
  const [msg] = await dbQuery<{ status: string; template: string; kind: string }>(
    `SELECT status, template, kind FROM outbound_messages WHERE recipient = 'quinn.preview@comms.example' AND campaign_id IS NULL`,
  );
  expect(msg).toEqual({ status: 'not_delivered', template: 'proposal', kind: 'transactional' });

  // A call note is stored on the timeline, nothing is sent.
  await lead.getByRole('button', { name: `Add call note for ${HOSTILE_NAME} Preview` }).click();
  const noteDialog = page.getByRole('dialog', { name: `Send to ${HOSTILE_NAME} Preview` });
  await noteDialog.getByLabel('Call note').fill('Called about the proposal; site visit next Tuesday.');
  await noteDialog.getByRole('button', { name: 'Save call note' }).click();
  await expect(page.getByText('Call note saved', { exact: true })).toBeVisible();
  await expect(lead.getByTestId('activity-item').filter({ hasText: 'site visit next Tuesday' })).toHaveAttribute('data-type', 'call');
});

test('export the filtered leads as leads_export.csv with formula cells escaped', async ({ page }) => {
  await openCentre(page, 'Lead Management');
  await page.getByLabel('Status', { exact: true }).selectOption('qualified');
  await page.getByLabel('Minimum estimate').fill(String(MIN_ESTIMATE));
  await expect(page.getByTestId('managed-lead')).toHaveCount(RECIPIENTS);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('leads_export.csv');
  const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual(['firstName', 'lastName', 'email', 'phone', 'company', 'createdAt', 'status', 'totalEstimate']);
  expect(rows).toHaveLength(RECIPIENTS + 1);
  expect(rows.some((r) => r[2] === 'low.value@comms.example')).toBe(false);
  const hostile = rows.find((r) => r[2] === 'quinn.preview@comms.example')!;
  expect(hostile[0]).toBe(HOSTILE_NAME);
  expect(hostile[4]).toBe(`'${HOSTILE_COMPANY}`);
  expect(hostile[7]).toBe(String(MIN_ESTIMATE + 50_000));
});

test('Lead Management filters by the minimum estimate on the server: matches beyond the first page are listed, counted and exported', async ({
  page,
}) => {
  // 55 new `won` leads below the minimum, then 3 old ones above it: none of the 3 is on the first page of `won` leads.
  const MIN = 543_210;
  await dbQuery(
    `INSERT INTO leads (first_name, last_name, email, building_info, total_estimate_cents, status, source, created_at)
     SELECT 'Cheap' || g, 'Won', 'cheap' || g || '@minimum.example', '{}'::jsonb, 100, 'won', 'ai_shopping', now() - g * interval '1 second' FROM generate_series(1, 55) g
     UNION ALL
     SELECT 'Big' || g, 'Won', 'big' || g || '@minimum.example', '{}'::jsonb, ${MIN * 100} + g, 'won', 'ai_shopping', timestamptz '2019-01-01' + g * interval '1 second' FROM generate_series(1, 3) g`,
  );
  const [{ n }] = await dbQuery<{ n: number }>(
    `SELECT count(*)::int AS n FROM leads WHERE status = 'won' AND total_estimate_cents >= ${MIN * 100}`,
  );
  await openCentre(page, 'Lead Management');
  await page.getByLabel('Status', { exact: true }).selectOption('won');
  const listed = page.waitForResponse((r) => r.url().includes('/api/leads?') && r.url().includes(`minEstimate=${MIN}`));
  await page.getByLabel('Minimum estimate').fill(String(MIN));
  await expect(page.getByTestId('managed-lead').filter({ hasText: '@minimum.example' })).toHaveCount(3);
  await expect(page.getByTestId('managed-lead').filter({ hasText: 'cheap' })).toHaveCount(0);
  await expect(page.getByText(`${n} lead${n === 1 ? '' : 's'} with status Won with an estimate of at least $543,210`)).toBeVisible();
  expect((await listed).status()).toBe(200);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('leads_export.csv');
  const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(rows).toHaveLength(n + 1);
  expect(
    rows
      .filter((r) => r[2]!.endsWith('@minimum.example'))
      .map((r) => r[2])
      .sort(),
  ).toEqual(['big1@minimum.example', 'big2@minimum.example', 'big3@minimum.example']);
});

test('Testing tab: a direct test sends {type, recipient} to /api/test-communication and shows the server message', async ({ page }) => {
  await openCentre(page, 'Testing');
  const direct = page.getByTestId('direct-test');
  await expect(direct.getByRole('button', { name: 'Send test email' })).toBeDisabled();
  await direct.getByLabel('Test email address').fill('centre.direct@comms.example');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/test-communication') && r.request().method() === 'POST');
  await direct.getByRole('button', { name: 'Send test email' }).click();
  const res = await answered;
  expect(res.request().postDataJSON()).toEqual({ type: 'email', recipient: 'centre.direct@comms.example' });
  expect(res.status()).toBe(200);
  await expect(direct.getByTestId('test-result')).toContainText('Test email not delivered: provider not configured');
  await expect(direct.getByTestId('test-result')).toContainText('Error');
});

for (const width of [1280, 390]) {
  test(`the centre's tabs have no serious or critical axe violations at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000); // eight axe runs over data-heavy tabs: slow on a busy 2-core machine
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openCentre(page);
    for (const tab of ['Dashboard', 'Campaigns', 'Lead Activity', 'Lead Management', 'Templates', 'Testing', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page, 'main'), tab).toEqual([]);
    }
    // The campaign details modal too.
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'Details of E2E spring campaign' }).click();
    await expect(page.getByRole('dialog', { name: 'E2E spring campaign' }).getByTestId('campaign-details')).toBeVisible();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
  });
}
