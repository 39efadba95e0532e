/**
 * The job dashboard (Bull Board at /admin/queues) through the real application: the staff rule
 * (401 for its API, a redirect to the Admin Login for its page, 403 for a non-admin), its own CSP,
 * the cross-site check on its writes, the writes that go through the operations service (retry,
 * pause, resume: checked and audited) and those Bull Board performs (audited after success),
 * unknown queues and jobs, and every write route of Bull Board being accounted for.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { appRoutes } from '@bull-board/api/dist/routes.js';
import { UnrecoverableError, Worker, type Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ALL_QUEUES, QueueName } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { DASHBOARD_WRITES, routeKey } from '../../src/modules/operations/job-dashboard.js';
import { QueueRegistry } from '../../src/platform/queue/queue-registry.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn, STAFF } from '../auth/support.js';

const PUBLIC_URL = 'http://localhost:3000';

let db: TestDatabase;
let app: NestExpressApplication;
let admin: string;
let viewer: string;
let images: Queue;
let failedId: string;

const http = () => request(app.getHttpServer());

interface AuditRow {
  action: string;
  user_email: string | null;
  entity_type: string;
  entity_id: string | null;
  details: Record<string, unknown>;
}

const auditRows = (action: string): Promise<AuditRow[]> =>
  app
    .get(DataSource)
    .query<AuditRow[]>(`SELECT action, user_email, entity_type, entity_id, details FROM audit_log WHERE action = $1 ORDER BY id`, [action]);

const auditCount = async (): Promise<number> =>
  Number((await app.get(DataSource).query<{ n: string }[]>(`SELECT count(*) AS n FROM audit_log`))[0]!.n);

/** Adds a job to `queue` and lets a throw-away worker fail it for good; answers its id. */
async function failedJob(queue: Queue, name: string): Promise<string> {
  const job = await queue.add(name, { bad: true }, { attempts: 1 });
  const worker = new Worker(
    queue.name,
    async () => {
      throw new UnrecoverableError(`no handler for ${name}`);
    },
    { connection: { url: REDIS_URL }, prefix: db.queuePrefix },
  );
  try {
    await waitFor(async () => (await job.getState()) === 'failed', 10_000);
  } finally {
    await worker.close();
  }
  return job.id!;
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db, { PUBLIC_URL }), { logger: false });
  await app.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
  viewer = await signIn(app, STAFF);
  images = app.get(QueueRegistry).get(QueueName.Images);
  failedId = await failedJob(images, 'NoSuchJob');
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('access', () => {
  it('answers 401 with the API error body to an anonymous call of its API', async () => {
    for (const path of ['/admin/queues/api/queues', '/admin/queues/api/redis/stats', `/admin/queues/api/queues/images/${failedId}`]) {
      const res = await http().get(path).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentication required' });
    }
    await http().put('/admin/queues/api/queues/images/pause').expect(401);
    expect(await images.isPaused()).toBe(false);
  });

  it('redirects an anonymous visitor of its page to the Admin Login', async () => {
    for (const path of ['/admin/queues', '/admin/queues/', '/admin/queues/queue/images']) {
      const res = await http().get(path).expect(302);
      expect(res.headers.location).toBe('/admin');
    }
  });

  it('answers 403 to a signed-in non-admin, for its API and its page', async () => {
    const api = await http().get('/admin/queues/api/queues').set('Cookie', viewer).expect(403);
    expect(api.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: 'Admin access required' });
    await http().put('/admin/queues/api/queues/images/pause').set('Cookie', viewer).expect(403);
    const page = await http().get('/admin/queues').set('Cookie', viewer).expect(403);
    expect(page.text).toContain('Admin access required');
    expect(await images.isPaused()).toBe(false);
  });

  it('serves an admin the board: its page under its own CSP, its scripts and every queue of the product', async () => {
    const page = await http().get('/admin/queues').set('Cookie', admin).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<base href="/admin/queues/" />');
    expect(page.headers['x-powered-by']).toBeUndefined();
    const csp = page.headers['content-security-policy']!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('strict-dynamic');
    // the board's policy stays on the board: the site's pages keep their nonce policy
    const home = await http().get('/admin').set('Cookie', admin);
    expect(home.headers['content-security-policy'] ?? '').not.toContain("script-src 'self'");

    const script = /<script defer src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)![1]!;
    const js = await http().get(`/admin/queues/${script}`).set('Cookie', admin).expect(200);
    expect(js.headers['content-type']).toMatch(/javascript/);

    const res = await http().get('/admin/queues/api/queues').set('Cookie', admin).expect(200);
    const names = (res.body.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual([...ALL_QUEUES].sort());
  });

  it('shows an admin the failed job with its error', async () => {
    const res = await http()
      .get('/admin/queues/api/queues')
      .query({ activeQueue: 'images', status: 'failed', page: '1', jobsPerPage: '10' })
      .set('Cookie', admin)
      .expect(200);
    const queue = (res.body.queues as { name: string; jobs: { id: string; failedReason: string }[] }[]).find((q) => q.name === 'images')!;
    expect(queue.jobs.map((j) => j.id)).toContain(failedId);
    expect(queue.jobs.find((j) => j.id === failedId)!.failedReason).toBe('no handler for NoSuchJob');
  });
});

describe('writes', () => {
  it('refuses a cross-site write (403) and does nothing', async () => {
    const res = await http()
      .put('/admin/queues/api/queues/images/pause')
      .set('Cookie', admin)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    await http()
      .put(`/admin/queues/api/queues/images/${failedId}/retry`)
      .set('Cookie', admin)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(await images.isPaused()).toBe(false);
    expect(await images.getJobState(failedId)).toBe('failed');
    expect(await auditRows('queue.paused')).toEqual([]);
  });

  it('retries a failed job through the operations service and records who did it', async () => {
    await http().put(`/admin/queues/api/queues/images/${failedId}/retry`).set('Cookie', admin).set('Origin', PUBLIC_URL).expect(200);
    expect(await images.getJobState(failedId)).toBe('waiting');
    const rows = await auditRows('job.retried');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_email: ADMIN.email,
      entity_type: 'job',
      entity_id: `images:${failedId}`,
      details: { queue: 'images', jobId: failedId, name: 'NoSuchJob' },
    });
  });

  it('refuses to retry a job that is not failed (409) and records nothing', async () => {
    const res = await http().put(`/admin/queues/api/queues/images/${failedId}/retry`).set('Cookie', admin).expect(409);
    expect(res.body).toMatchObject({
      code: 'CONFLICT',
      message: `Job ${failedId} of queue images is waiting; only a failed job can be retried`,
    });
    expect(await auditRows('job.retried')).toHaveLength(1);
    const all = await http().put('/admin/queues/api/queues/images/retry/completed').set('Cookie', admin).expect(409);
    expect(all.body.message).toBe('Only failed jobs can be retried (asked: completed jobs)');
  });

  it('pauses and resumes a queue, each recorded', async () => {
    await http().put('/admin/queues/api/queues/pdf/pause').set('Cookie', admin).expect(200);
    expect(await app.get(QueueRegistry).get(QueueName.Pdf).isPaused()).toBe(true);
    await http().put('/admin/queues/api/queues/pdf/resume').set('Cookie', admin).expect(200);
    expect(await app.get(QueueRegistry).get(QueueName.Pdf).isPaused()).toBe(false);
    for (const action of ['queue.paused', 'queue.resumed']) {
      expect(await auditRows(action)).toEqual([
        { action, user_email: ADMIN.email, entity_type: 'queue', entity_id: 'pdf', details: { queue: 'pdf' } },
      ]);
    }
  });

  it('records the writes Bull Board performs itself, once they succeeded', async () => {
    await http().put('/admin/queues/api/queues/sms/concurrency').set('Cookie', admin).send({ concurrency: 3 }).expect(200);
    expect(await auditRows('queue.concurrency_set')).toEqual([
      {
        action: 'queue.concurrency_set',
        user_email: ADMIN.email,
        entity_type: 'queue',
        entity_id: 'sms',
        details: { queue: 'sms', via: 'dashboard', concurrency: 3 },
      },
    ]);
    // Bull Board's validation refuses a bad value: nothing changed, nothing recorded
    await http().put('/admin/queues/api/queues/sms/concurrency').set('Cookie', admin).send({ concurrency: -1 }).expect(400);
    expect(await auditRows('queue.concurrency_set')).toHaveLength(1);

    const added = await http()
      .post('/admin/queues/api/queues/images/add')
      .set('Cookie', admin)
      .send({ name: 'ByHand', data: { secret: 'not in the audit log' } })
      .expect(200);
    const id = String(added.body.job.id);
    const [row] = await auditRows('job.added');
    expect(row).toMatchObject({ entity_type: 'job', entity_id: `images:${id}`, details: { queue: 'images', jobId: id, name: 'ByHand' } });
    expect(JSON.stringify(row!.details)).not.toContain('not in the audit log');

    await http().put(`/admin/queues/api/queues/images/${id}/clean`).set('Cookie', admin).expect(200);
    expect(await images.getJob(id)).toBeUndefined();
    expect(await auditRows('job.removed')).toMatchObject([{ entity_id: `images:${id}`, user_email: ADMIN.email }]);
  });

  it('cleans through the operations service, refusing a state it cannot clean', async () => {
    const bad = await http().put('/admin/queues/api/queues/images/clean/active').set('Cookie', admin).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await http().put('/admin/queues/api/queues/images/clean/completed').set('Cookie', admin).expect(200);
    expect(await auditRows('queue.cleaned')).toMatchObject([
      { entity_id: 'images', details: { queue: 'images', state: 'completed', olderThanMs: 5000 } },
    ]);
  });

  it('every write route of Bull Board is either run by the operations service or audited', () => {
    const writes = appRoutes.api.filter((r) => [r.method].flat().some((m) => m !== 'get')).map(routeKey);
    expect(writes.filter((k) => !(k in DASHBOARD_WRITES))).toEqual([]);
  });
});

describe('unknown queues and jobs', () => {
  it('answers 404 naming the queues for an unknown queue, on reads and writes', async () => {
    const before = await auditCount();
    for (const [method, path] of [
      ['get', '/admin/queues/api/queues/nope/1'],
      ['get', '/admin/queues/api/queues/nope/workers'],
      ['put', '/admin/queues/api/queues/nope/pause'],
      ['put', '/admin/queues/api/queues/nope/1/retry'],
    ] as const) {
      const res = await http()[method](path).set('Cookie', admin).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
      expect(res.body.message).toBe(`Unknown queue "nope" (queues: ${ALL_QUEUES.join(', ')})`);
    }
    expect(await auditCount()).toBe(before);
  });

  it('answers 404 for an unknown job id', async () => {
    const before = await auditCount();
    const retry = await http().put('/admin/queues/api/queues/images/no-such-job/retry').set('Cookie', admin).expect(404);
    expect(retry.body).toMatchObject({ code: 'NOT_FOUND', message: 'No job no-such-job in queue images' });
    await http().put('/admin/queues/api/queues/images/no-such-job/promote').set('Cookie', admin).expect(404);
    const read = await http().get('/admin/queues/api/queues/images/no-such-job').set('Cookie', admin).expect(404);
    expect(read.body.error).toEqual({ key: 'ERRORS.JOB_NOT_FOUND' });
    expect(await auditCount()).toBe(before);
  });
});
