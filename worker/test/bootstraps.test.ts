/**
 * One back end, two bootstraps: the api application registers no job processor and starts no
 * BullMQ worker; the worker application serves no HTTP and drains every queue that has jobs, one
 * BullMQ worker per queue, from the processors of the features' job modules.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { QueueName } from '@ironclad/contracts';
import { createApp } from '@ironclad/backend/api';
import { JobProcessor, QueueWorkers } from '@ironclad/backend/platform';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv } from '../../backend/test/support/test-env.js';
import { createWorker } from '../src/worker.factory.js';

let db: TestDatabase;
let api: NestExpressApplication;
let worker: INestApplicationContext;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await createApp(testEnv(db), { logger: false });
  await api.init();
  worker = await createWorker(testEnv(db), { logger: false });
});

afterAll(async () => {
  await worker?.close();
  await api?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db.drop();
});

/** The instances of the providers registered in `app`. */
const providersOf = (app: INestApplicationContext) =>
  new DiscoveryService(app.get(ModulesContainer))
    .getProviders()
    .map((w) => w.instance as unknown)
    .filter(Boolean);

it('the api registers no job processor and no job host', () => {
  const providers = providersOf(api);
  expect(providers.length).toBeGreaterThan(20);
  expect(providers.filter((p) => p instanceof JobProcessor)).toEqual([]);
  expect(providers.filter((p) => p instanceof QueueWorkers)).toEqual([]);
});

it('the worker drains each queue that has jobs with one BullMQ worker, and serves no HTTP', () => {
  const host = worker.get(QueueWorkers);
  const queues = host.processors().map((p) => p.queue);
  expect([...queues].sort()).toEqual(
    [
      QueueName.Campaigns,
      QueueName.Exports,
      QueueName.Images,
      QueueName.Messages,
      QueueName.Notifications,
      QueueName.Pdf,
      QueueName.Sms,
    ].sort(),
  );
  expect(host.workers.map((w) => w.name).sort()).toEqual([...queues].sort());
  expect(host.workers.every((w) => w.isRunning())).toBe(true);
  expect('getHttpServer' in worker).toBe(false);
});
