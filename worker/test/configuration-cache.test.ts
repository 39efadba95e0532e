/**
 * Configuration read once per process, invalidated everywhere (architecture.md "Configuration is
 * read once per process"): two api processes and a worker on one Postgres and Redis. A staff save
 * of pricing, inventory, a switch, a promotion or the company facts reaches every process's cache
 * within a second and the next quote uses it; a change made behind the api's back (SQL, no
 * message) is noticed on the next poll of the versions; a process that missed the message while
 * its Redis connection was down catches up when it reconnects.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '@ironclad/backend/api';
import { ConfigurationCache, configurationSubscriberName } from '@ironclad/backend/platform';
import { DEFAULT_COMPANY_FACTS, QUOTE_ENGINE_SKUS, TIERED_PRICING_DEFAULTS, type InventoryItem } from '@ironclad/contracts';
import { InventoryService } from '../../backend/src/modules/inventory/index.js';
import { QuotesService } from '../../backend/src/modules/quotes/index.js';
import { PromotionsService, SiteSettingsService } from '../../backend/src/modules/site/index.js';
import { ADMIN, seedUsers, signIn } from '../../backend/test/auth/support.js';
import { REDIS_URL, createTestDatabase, type TestDatabase } from '../../backend/test/support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../../backend/test/support/test-env.js';
import { wizardLead } from '../../backend/test/support/wizard-lead.js';
import { createWorker } from '../src/worker.factory.js';

let db: TestDatabase;
let apiA: NestExpressApplication;
/** Polls the versions only once a minute: only the Redis message (or a reconnect) refreshes it. */
let apiB: NestExpressApplication;
let worker: INestApplicationContext;
let admin: string;

beforeAll(async () => {
  db = await createTestDatabase();
  apiA = await createApp(testEnv(db), { logger: false });
  await apiA.init();
  apiB = await createApp(testEnv(db, { CONFIGURATION_POLL_MS: '60000' }), { logger: false });
  await apiB.init();
  worker = await createWorker(testEnv(db), { logger: false });
  await seedUsers(apiA);
  admin = await signIn(apiA, ADMIN);
  for (const p of [apiA, apiB, worker]) await waitFor(async () => p.get(ConfigurationCache).trusted);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await apiB?.close();
  await apiA?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const processes = () => ({ apiA, apiB, worker }) as Record<string, INestApplicationContext>;
const staff = () => request(apiA.getHttpServer());
/** Waits until `read` holds in every process, at most a second. */
async function everywhereWithin1s(read: (p: INestApplicationContext) => Promise<boolean>): Promise<void> {
  const started = Date.now();
  await Promise.all(Object.values(processes()).map((p) => waitFor(() => read(p), 1000, 10)));
  expect(Date.now() - started).toBeLessThanOrEqual(1000);
}
/** Reads every configuration in every process, so each holds it in its cache. */
async function prime(): Promise<void> {
  for (const p of Object.values(processes())) {
    await p.get(QuotesService).pricingConfiguration();
    await p.get(SiteSettingsService).companyFacts();
  }
}
const totalOf = async (app: NestExpressApplication) =>
  (await request(app.getHttpServer()).post('/api/leads').send(wizardLead).expect(201)).body.lead;

beforeEach(prime);

it('a pricing save reaches every process within a second, and the next quote of the other api uses it', async () => {
  const before = await totalOf(apiB);
  const { configs } = (await staff().get('/api/ai-configs').set('Cookie', admin).expect(200)).body;
  // issue 21: the §9 formulas price the design (the day rate no longer does); the tiers size it
  const components = configs.find((c: { configKey: string }) => c.configKey === 'tiered_pricing');
  const raised = {
    ...TIERED_PRICING_DEFAULTS,
    low: { ...TIERED_PRICING_DEFAULTS.low, range: '10-12' },
    medium: { ...TIERED_PRICING_DEFAULTS.medium, range: '13-20' },
  };
  const saved = await staff().patch(`/api/ai-configs/${components.id}`).set('Cookie', admin).send({ configValue: raised }).expect(200);
  await everywhereWithin1s(async (p) => (await p.get(QuotesService).loadConfig()).tiers.low.range === '10-12');
  const after = await totalOf(apiB);
  expect(after.totalEstimate).toBeGreaterThan(before.totalEstimate);
  const stored = await staff().get(`/api/leads/${after.id}`).set('Cookie', admin).expect(200);
  expect(stored.body.lead.configurationVersions.ai_recommendation_config).toBe(saved.body.configurationVersion);
  await staff().patch(`/api/ai-configs/${components.id}`).set('Cookie', admin).send({ configValue: TIERED_PRICING_DEFAULTS }).expect(200);
});

it('an inventory save reaches every process within a second', async () => {
  const items: InventoryItem[] = (await staff().get('/api/inventory').set('Cookie', admin).expect(200)).body;
  const rack = items.find((i) => i.sku === QUOTE_ENGINE_SKUS.rack)!;
  await staff()
    .put(`/api/inventory/${rack.id}`)
    .set('Cookie', admin)
    .send({ category: rack.category, name: rack.name, unitPrice: rack.unitPrice + 4_200 })
    .expect(200);
  await everywhereWithin1s(async (p) => (await p.get(InventoryService).activeBySku(rack.sku))?.unitPrice === rack.unitPrice + 4_200);
});

it('a switch turned off reaches every process within a second; the other api refuses the submission', async () => {
  await staff().put('/api/site-settings/shopping_form_enabled').set('Cookie', admin).send({ settingValue: false }).expect(200);
  try {
    await everywhereWithin1s(async (p) => !(await p.get(SiteSettingsService).isEnabled('shopping_form_enabled')));
    await request(apiB.getHttpServer()).post('/api/leads').send(wizardLead).expect(503);
  } finally {
    await staff().put('/api/site-settings/shopping_form_enabled').set('Cookie', admin).send({ settingValue: true }).expect(200);
  }
});

it('a promotion and the company facts reach every process within a second', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const created = await staff()
    .post('/api/promotions')
    .set('Cookie', admin)
    .send({ code: 'CACHE10', percent: 10, validFrom: today, validUntil: '2999-01-01', bannerText: '10% off' })
    .expect(201);
  await everywhereWithin1s(async (p) => (await p.get(PromotionsService).active())?.code === 'CACHE10');
  expect((await totalOf(apiB)).aiRecommendation.pricing.july4Discount).toMatchObject({ code: 'CACHE10' });
  await staff().post(`/api/promotions/${created.body.promotion.id}/end`).set('Cookie', admin).send({}).expect(200);
  await everywhereWithin1s(async (p) => (await p.get(PromotionsService).active()) === null);

  const facts = { ...DEFAULT_COMPANY_FACTS, name: 'Cached Co' };
  await staff().put('/api/site-settings/company_facts').set('Cookie', admin).send({ settingValue: facts }).expect(200);
  await everywhereWithin1s(async (p) => (await p.get(SiteSettingsService).companyFacts()).name === 'Cached Co');
  await staff().put('/api/site-settings/company_facts').set('Cookie', admin).send({ settingValue: DEFAULT_COMPANY_FACTS }).expect(200);
});

it('a change made with SQL (no message) is noticed on the next poll of the versions', async () => {
  const ds = apiA.get(DataSource);
  await ds.query(`UPDATE site_settings SET setting_value = 'false'::jsonb WHERE setting_key = 'calculator_enabled'`);
  try {
    // apiA and the worker poll every second (the default)
    for (const p of [apiA, worker])
      await waitFor(async () => !(await p.get(SiteSettingsService).isEnabled('calculator_enabled')), 2500, 20);
  } finally {
    await ds.query(`UPDATE site_settings SET setting_value = 'true'::jsonb WHERE setting_key = 'calculator_enabled'`);
  }
  for (const p of [apiA, worker]) await waitFor(async () => p.get(SiteSettingsService).isEnabled('calculator_enabled'), 2500, 20);
});

it('a process that missed the message while disconnected from Redis catches up when it reconnects', async () => {
  const b = apiB.get(ConfigurationCache);
  const facts = { ...DEFAULT_COMPANY_FACTS, name: 'Missed Co' };
  // the change is committed while apiB hears nothing (a change with no message: as if it was lost)
  await apiA
    .get(DataSource)
    .query(`UPDATE site_settings SET setting_value = $1 WHERE setting_key = 'company_facts'`, [JSON.stringify(facts)]);
  try {
    await new Promise((r) => setTimeout(r, 300));
    expect((await apiB.get(SiteSettingsService).companyFacts()).name).toBe(DEFAULT_COMPANY_FACTS.name); // still the cached value
    // the connections of this test's subscriptions drop (and ioredis reconnects them)
    const redis = new Redis(REDIS_URL);
    try {
      const list = String(await redis.client('LIST'));
      const ids = [...list.matchAll(/^id=(\d+) .*\bname=(\S+)/gm)]
        .filter((m) => m[2] === configurationSubscriberName(db.queuePrefix))
        .map((m) => m[1]!);
      expect(ids).toHaveLength(3);
      for (const id of ids) await redis.client('KILL', 'ID', id);
    } finally {
      redis.disconnect();
    }
    await waitFor(async () => b.trusted, 5000, 10);
    await waitFor(async () => (await apiB.get(SiteSettingsService).companyFacts()).name === 'Missed Co', 1000, 10);
  } finally {
    await staff().put('/api/site-settings/company_facts').set('Cookie', admin).send({ settingValue: DEFAULT_COMPANY_FACTS }).expect(200);
  }
});
