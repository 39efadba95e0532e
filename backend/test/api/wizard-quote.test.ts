/**
 * Server-side pricing of AI-designer leads (decisions.md §3, §7, §10): POST /api/leads
 * with source ai_shopping stores the design engine's recommendation and total, whatever the
 * browser sends; the quote follows the stored configuration, inventory and promotion.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { aiRecommendationSchema } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { InventoryService } from '../../src/modules/inventory/index.js';
import { ConfigurationCache } from '../../src/platform/config/configuration-cache.js';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;

const post = (body: unknown) =>
  request(app.getHttpServer())
    .post('/api/leads')
    .send(body as object);

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
});

afterAll(async () => {
  await app?.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('POST /api/leads from the AI designer', () => {
  it('stores the server quote; tampered totalEstimate / aiRecommendation change nothing', async () => {
    const honest = await post(wizardLead).expect(201);
    const tampered = await post({
      ...wizardLead,
      totalEstimate: 1,
      aiRecommendation: { pricing: { totalProjectCost: 1, equipmentSubtotal: 1 }, projectDetails: { totalCameras: 1 } },
    }).expect(201);

    const rec = aiRecommendationSchema.parse(honest.body.lead.aiRecommendation);
    expect(rec.projectDetails.totalCameras).toBe(8);
    expect(honest.body.lead.totalEstimate).toBe(rec.pricing.totalProjectCost);
    expect(tampered.body.lead.aiRecommendation).toEqual(rec);
    expect(tampered.body.lead.totalEstimate).toBe(honest.body.lead.totalEstimate);

    const [row] = await ds.query('SELECT total_estimate_cents, ai_recommendation FROM leads WHERE id = $1', [tampered.body.lead.id]);
    expect(Number(row.total_estimate_cents)).toBe(rec.pricing.totalProjectCost * 100);
    expect(row.ai_recommendation).toEqual(rec);
  });

  it('a staff change to the AI configuration or inventory changes the next quote; a valid promotion adds its line', async () => {
    const before = aiRecommendationSchema.parse((await post(wizardLead).expect(201)).body.lead.aiRecommendation);
    expect(before.pricing.july4Discount).toBeUndefined(); // JULY4 expired (2025-07-31)

    await ds.query(
      `UPDATE ai_recommendation_config SET config_value = jsonb_set(config_value, '{nvr_8ch}', '2386') WHERE config_key = 'component_pricing'`,
    );
    // the component price prices the NVR line once the catalogue has no active 8-channel NVR
    await ds.query(`UPDATE inventory SET is_active = false WHERE sku = 'NVR-8CH-2TB'`);
    // issue 21: every camera is priced at the default camera's price (the §9 camera rate)
    await ds.query(`UPDATE inventory SET unit_price = unit_price + 10000 WHERE sku = 'CAM-TURRET-4K'`);
    // what every configuration write through the api does after its commit (the SQL above bypasses it)
    await app.get(InventoryService).catalogueChanged();
    await app.get(ConfigurationCache).changed('ai_recommendation_config');
    const after = aiRecommendationSchema.parse((await post(wizardLead).expect(201)).body.lead.aiRecommendation);
    expect(after.pricing.equipmentSubtotal).toBe(before.pricing.equipmentSubtotal + 1000 + 100 * before.projectDetails.totalCameras);

    await ds.query(`UPDATE promotions SET valid_until = '2999-07-31' WHERE code = 'JULY4'`);
    await app.get(ConfigurationCache).changed('promotions');
    const promo = aiRecommendationSchema.parse((await post(wizardLead).expect(201)).body.lead.aiRecommendation);
    const gross = promo.pricing.equipmentSubtotal + promo.pricing.laborCost + promo.pricing.additionalCosts;
    expect(promo.pricing.july4Discount).toMatchObject({
      code: 'JULY4',
      percent: 25,
      savings: Math.round(gross / 4),
      validUntil: '2999-07-31',
    });
    expect(promo.pricing.totalProjectCost).toBe(gross - Math.round(gross / 4));
    await ds.query(`UPDATE promotions SET valid_until = '2025-07-31' WHERE code = 'JULY4'`);
    await app.get(ConfigurationCache).changed('promotions');
  });

  it('an invalid stored configuration falls back to the defaults instead of failing the visitor', async () => {
    const before = (await post(wizardLead).expect(201)).body.lead.aiRecommendation;
    await ds.query(`UPDATE ai_recommendation_config SET config_value = '"oops"' WHERE config_key = 'tiered_pricing'`);
    await app.get(ConfigurationCache).changed('ai_recommendation_config');
    const after = (await post(wizardLead).expect(201)).body.lead.aiRecommendation;
    expect(after.projectDetails.totalCameras).toBe(before.projectDetails.totalCameras);
  });
});
