/**
 * What the jobs use outlives the drain: on SIGTERM the worker's QueueWorkers let their active jobs
 * finish in `onModuleDestroy`, so the provider circuits (and the flow producer, and the limiter
 * store) are shut down only after every module is destroyed (`beforeApplicationShutdown` /
 * `onApplicationShutdown`). A circuit shut down earlier fails the provider call of a job that was
 * active at SIGTERM but had not called the provider yet ("The circuit has been shutdown."), so
 * that job went back to be retried instead of finishing (seen in scale-out.test.ts).
 */
import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, ModulesContainer } from '@nestjs/core';
import { QueueWorkers } from '@ironclad/backend/platform';
import { createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv } from '../../backend/test/support/test-env.js';
import { createWorker } from '../src/worker.factory.js';

interface Circuit {
  fire<T>(call: () => Promise<T>): Promise<T>;
}

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await flushRedisPrefix(db.queuePrefix);
  await db.drop();
});

/** The provider instance of class `name` registered in `app`. */
const providerNamed = <T>(app: INestApplicationContext, name: string): T =>
  new DiscoveryService(app.get(ModulesContainer))
    .getProviders()
    .map((w) => w.instance as { constructor: { name: string } } | undefined)
    .find((p) => p?.constructor.name === name) as T;

it('the provider circuits still answer while the workers drain, and are shut down after', async () => {
  const worker = await createWorker(testEnv(db, { SENDGRID_API_KEY: 'SG.test-key' }), { logger: false });
  const circuits = providerNamed<{ get(provider: string): Circuit }>(worker, 'ProviderCircuits');
  expect(circuits).toBeDefined();
  const sendgrid = circuits.get('sendgrid'); // a worker that has sent has its circuit
  const call = () => sendgrid.fire(async () => 'sent').catch((err: Error) => `failed: ${err.message}`);

  // a job still running while the workers close calls its provider before and after the drain
  const host = worker.get(QueueWorkers);
  const drain = host.onModuleDestroy.bind(host);
  const during: string[] = [];
  host.onModuleDestroy = async () => {
    during.push(await call());
    await drain();
    during.push(await call());
  };
  await worker.close();

  expect(during).toEqual(['sent', 'sent']);
  expect(await call()).toMatch(/failed: .*shutdown/i);
});
