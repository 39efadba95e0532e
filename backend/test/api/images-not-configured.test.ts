/**
 * Without STABILITY_API_KEY (decisions.md §14) image generation says it is not configured and
 * how to set it, refuses every generation, and the site keeps its built-in illustrations.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { IMAGE_TEXTS } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';

const PUBLIC_URL = 'http://localhost:3000';
let db: TestDatabase;
let app: NestExpressApplication;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db, { PUBLIC_URL, STABILITY_API_KEY: '' }), { logger: false });
  await app.init();
  await seedUsers(app);
  cookie = await signIn(app, ADMIN);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

it('the generator state says not configured, with no balance and every key on its built-in illustration', async () => {
  const res = await request(app.getHttpServer()).get('/api/images').set('Cookie', cookie).expect(200);
  expect(res.body).toMatchObject({ configured: false, balance: null, run: null, model: 'core', creditsPerImage: 3 });
  expect(res.body.keys).toHaveLength(12);
  expect(res.body.keys.every((k: { active: unknown }) => k.active === null)).toBe(true);
});

it('every generation is refused with 503 IMAGES_NOT_CONFIGURED saying how to set it', async () => {
  for (const [path, body] of [
    ['/api/images/runs', {}],
    ['/api/images/runs', { keys: ['heroHome'], seed: 'locked' }],
    ['/api/generate-image', { prompt: 'a door', width: 1024, height: 1024 }],
    ['/api/images/balance/refresh', {}],
  ] as const) {
    const res = await request(app.getHttpServer()).post(path).set('Cookie', cookie).set('Origin', PUBLIC_URL).send(body).expect(503);
    expect(res.body).toMatchObject({ code: 'IMAGES_NOT_CONFIGURED', message: expect.stringContaining('STABILITY_API_KEY') });
    expect(res.body.message).toContain(IMAGE_TEXTS.notConfigured);
  }
  const [{ n }] = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM image_runs`);
  expect(n).toBe(0);
});

it('the public config lists no generated image and the landing call answers null', async () => {
  expect((await request(app.getHttpServer()).get('/api/public-config').expect(200)).body.generatedImages).toEqual({});
  const landing = await request(app.getHttpServer())
    .post('/api/generate-image')
    .set('Origin', PUBLIC_URL)
    .send({ imageKey: 'heroShopping' })
    .expect(200);
  expect(landing.body).toEqual({ success: true, imageUrl: null, image: null });
});
