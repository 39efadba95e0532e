/**
 * GET /metrics beside the built front end and without Redis (README "Metrics and health"): not
 * exposed (404, never the site's 404 page) without METRICS_TOKEN; with it, a scrape answers at
 * once while Redis is down, without the queue figures; pages and files of the front end are
 * grouped under fixed route labels.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';

const TOKEN = 'another-scrape-token-0123456789';

let db: TestDatabase;
let dist: string;
let unset: NestExpressApplication;
let noRedis: NestExpressApplication;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'metrics-dist-'));
  const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body>${title}</body></html>`;
  writeFileSync(path.join(dist, 'index.html'), page('Home'));
  writeFileSync(path.join(dist, '404.html'), page('Not found'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  db = await createTestDatabase();
  unset = await createApp(testEnv(db, { FRONTEND_DIST: dist }), { logger: false });
  await unset.init();
  // Nothing listens on port 1: Redis is "down" for this app.
  noRedis = await createApp(testEnv(db, { FRONTEND_DIST: dist, METRICS_TOKEN: TOKEN, REDIS_URL: 'redis://127.0.0.1:1' }), {
    logger: false,
  });
  await noRedis.init();
});

afterAll(async () => {
  await unset?.close();
  await noRedis?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
});

it('without METRICS_TOKEN, /metrics is a JSON 404 (not the site 404 page), with or without a token', async () => {
  const res = await request(unset.getHttpServer()).get('/metrics').expect(404);
  expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  const bearer = await request(unset.getHttpServer()).get('/metrics').set('Authorization', 'Bearer anything-at-all-here').expect(404);
  expect(bearer.headers['content-type']).toMatch(/^application\/json/);
  // The site itself is still served.
  await request(unset.getHttpServer()).get('/').expect(200).expect(/Home/);
});

it('with Redis down a scrape answers at once: the api families without the queue figures', async () => {
  const server = noRedis.getHttpServer();
  await request(server).get('/').expect(200);
  await request(server).get('/assets/app-1a2b3c.js').expect(200);
  await request(server).get('/no-such-page').expect(404);
  await request(server).get('/metrics').expect(401);
  const started = Date.now();
  const res = await request(server).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  expect(Date.now() - started).toBeLessThan(3000);
  const text = res.text;
  expect(text).toMatch(/^ironclad_queue_metrics_up 0$/m);
  expect(text).not.toMatch(/^ironclad_queue_jobs\{/m);
  expect(text).not.toMatch(/^ironclad_job_duration_seconds_bucket\{/m);
  expect(text).toMatch(/^ironclad_socketio_connections 0$/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(text).toMatch(/^ironclad_http_request_duration_seconds_count\{method="GET",route="\(page\)",status_code="200"\} 1$/m);
  expect(text).toMatch(/^ironclad_http_request_duration_seconds_count\{method="GET",route="\(static\)",status_code="200"\} 1$/m);
  expect(text).toMatch(/^ironclad_http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status_code="404"\} 1$/m);
  expect(text).toMatch(/^ironclad_http_request_duration_seconds_count\{method="GET",route="\/metrics",status_code="401"\} 1$/m);
  expect(text).not.toContain('no-such-page');
  expect(text).not.toContain('app-1a2b3c');
});
