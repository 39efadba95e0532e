/**
 * The jobs of a lead and of a campaign: found by the record they belong to (not by queue id),
 * failed ones first with their latest error, and a Retry that is checked and audited.
 * The api runs without a worker here; a BullMQ worker of the test fails the chosen jobs.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UnrecoverableError, Worker } from 'bullmq';
import { QueueName, recordJobsResponseSchema } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';
import { ADMIN, STAFF, seedUsers, signIn } from '../auth/support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let cookie: string;
const workers: Worker[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());

/** A worker of this test on `queue` that fails every job for good with `message`. */
function failingWorker(queue: string, message: string): Worker {
  const worker: Worker = new Worker(
    queue,
    async (): Promise<unknown> => {
      throw new UnrecoverableError(message);
    },
    { connection: { url: REDIS_URL }, prefix: db.queuePrefix },
  );
  workers.push(worker);
  return worker;
}

async function newLead(email: string): Promise<number> {
  const res = await http()
    .post('/api/leads')
    .send({ ...wizardLead, email })
    .expect(201);
  return res.body.lead?.id ?? res.body.id;
}

/** The jobs of a record, checked against the answer's contract (what the browser validates). */
async function jobsOf(path: string): Promise<Record<string, unknown>[]> {
  const body = (await http().get(path).set('Cookie', cookie).expect(200)).body;
  recordJobsResponseSchema.parse(body);
  return body.jobs;
}

describe('GET /api/leads/{id}/jobs', () => {
  it("lists the lead's staff notification, and not another lead's", async () => {
    const a = await newLead('jobs-a@example.com');
    const b = await newLead('jobs-b@example.com');
    const jobs = await jobsOf(`/api/leads/${a}/jobs`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ queue: QueueName.Notifications, name: 'StaffNotification', state: 'waiting', attemptsMade: 0 });
    expect((jobs[0]!.data as { recordId: number }).recordId).toBe(a);
    expect((await jobsOf(`/api/leads/${b}/jobs`)).map((j) => (j.data as { recordId: number }).recordId)).toEqual([b]);
  });

  it('shows a failed job first with its error; Retry re-runs it, is audited, and refuses a job that is not failed', async () => {
    const id = await newLead('jobs-fail@example.com');
    const worker = failingWorker(QueueName.Notifications, 'SendGrid refused the sender');
    const failed = await waitFor(async () => {
      const jobs = await jobsOf(`/api/leads/${id}/jobs`);
      return jobs[0]?.state === 'failed' ? jobs[0] : null;
    });
    await worker.close();
    expect(failed).toMatchObject({ failedReason: 'SendGrid refused the sender', attemptsMade: 1 });

    const retried = await http().post(`/api/jobs/notifications/${failed.id}/retry`).set('Cookie', cookie).expect(200);
    expect(retried.body).toMatchObject({ id: failed.id, state: 'waiting' });
    expect((await jobsOf(`/api/leads/${id}/jobs`))[0]).toMatchObject({ id: failed.id, state: 'waiting' });

    const audit = await app
      .get(DataSource)
      .query(`SELECT user_email, action, entity_type, entity_id, details FROM audit_log WHERE action = 'job.retried'`);
    expect(audit).toEqual([
      {
        user_email: ADMIN.email,
        action: 'job.retried',
        entity_type: 'job',
        entity_id: `notifications:${failed.id}`,
        details: { queue: 'notifications', jobId: failed.id, name: 'StaffNotification' },
      },
    ]);

    const again = await http().post(`/api/jobs/notifications/${failed.id}/retry`).set('Cookie', cookie).expect(409);
    expect(again.body.message).toMatch(/is waiting; only a failed job can be retried/);
  });

  it('answers 404 for an unknown lead, queue or job, 400 for a bad id, 401/403 without an admin session', async () => {
    expect((await http().get('/api/leads/999999/jobs').set('Cookie', cookie).expect(404)).body.code).toBe('NOT_FOUND');
    await http().get('/api/leads/abc/jobs').set('Cookie', cookie).expect(400);
    const q = await http().post('/api/jobs/nope/1/retry').set('Cookie', cookie).expect(404);
    expect(q.body.message).toMatch(/Unknown queue "nope" \(queues: notifications, messages/);
    const j = await http().post('/api/jobs/pdf/no-such-job/retry').set('Cookie', cookie).expect(404);
    expect(j.body.message).toBe('No job no-such-job in queue pdf');
    await http().get('/api/leads/1/jobs').expect(401);
    await http().post('/api/jobs/pdf/x/retry').expect(401);
    const viewer = await signIn(app, STAFF);
    await http().get('/api/leads/1/jobs').set('Cookie', viewer).expect(403);
    await http().post('/api/jobs/pdf/x/retry').set('Cookie', viewer).expect(403);
  });
});

describe('GET /api/campaigns/{id}/jobs', () => {
  it("lists the campaign's fan-out job; 404 for an unknown campaign", async () => {
    const res = await http()
      .post('/api/bulk-communication')
      .set('Cookie', cookie)
      .send({ type: 'email', template: 'welcome', filter: {} })
      .expect(202);
    const jobs = await jobsOf(`/api/campaigns/${res.body.campaignId}/jobs`);
    expect(jobs.map((j) => [j.queue, j.name, j.state])).toEqual([[QueueName.Campaigns, 'CampaignFanOut', 'waiting']]);
    await http().get('/api/campaigns/999999/jobs').set('Cookie', cookie).expect(404);
  });
});
