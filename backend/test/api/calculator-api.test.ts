/**
 * The calculator's calls (public-site.md §7 calculator sequence; decisions.md §3, §7, §11): the
 * stored lead carries the server's numbers whatever the browser
 * sent, and POST /api/generate-estimate-pdf validates, enqueues and answers 202 at once.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { QueueName, buildingInfoOfCalculatorSpecs, priceCalculator, type CalculatorSpecs } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { ConfigurationCache } from '../../src/platform/config/configuration-cache.js';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let pdf: Queue;

const specs: CalculatorSpecs = {
  buildingType: 'commercial',
  sqft: 12_000,
  cameras: 17,
  entryPoints: 3,
  hasAccessControl: true,
  hasVideoIntercom: false,
  hasMonitoring: true,
  buildingComplexity: 'new',
};
// 4250 + 2000 + 500 + 2550 + 5400 + 3600 + 1700 = 20,000 (no valid promotion: JULY4 expired).
const EXPECTED_TOTAL = 20_000;

const calculatorLead = (email: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  phone: '(212) 555-0101',
  company: 'Hopper Labs',
  buildingInfo: buildingInfoOfCalculatorSpecs(specs),
  source: 'cost_calculator',
  status: 'new',
  ...over,
});

const pdfBody = (email: string, leadId?: number) => ({
  ...(leadId ? { leadId } : {}),
  estimate: { pricing: { total: 1 }, projectDetails: { cameras: 17 }, timeline: '1 business days', warranty: '5 years', equipmentList: [] },
  customerInfo: {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    phone: '(212) 555-0101',
    company: 'Hopper Labs',
    buildingType: 'commercial',
    buildingSize: '12000',
    description: 'Office',
  },
});

const count = async (table: string) => Number((await ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
// a change made with SQL, then what every configuration write through the api does after its commit
const setCalculator = async (on: boolean) => {
  await ds.query(`UPDATE site_settings SET setting_value = $1::jsonb WHERE setting_key = 'calculator_enabled'`, [JSON.stringify(on)]);
  await app.get(ConfigurationCache).changed('site_settings');
};

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  pdf = new Queue(QueueName.Pdf, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
});

afterAll(async () => {
  await pdf?.close();
  await app?.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('POST /api/leads from the calculator', () => {
  it('stores the server breakdown and total whatever the browser sent', async () => {
    expect(priceCalculator(specs, 0).breakdown.total).toBe(EXPECTED_TOTAL);
    const res = await request(app.getHttpServer())
      .post('/api/leads')
      .send(
        calculatorLead('grace@example.com', {
          totalEstimate: 1,
          aiRecommendation: { pricing: { totalProjectCost: 1 }, breakdown: { total: 1 } },
        }),
      )
      .expect(201);
    expect(res.body.lead).toMatchObject({ source: 'cost_calculator', status: 'new', totalEstimate: EXPECTED_TOTAL });
    const [row] = await ds.query('SELECT total_estimate_cents, ai_recommendation FROM leads WHERE id = $1', [res.body.lead.id]);
    expect(Number(row.total_estimate_cents)).toBe(EXPECTED_TOTAL * 100);
    expect(row.ai_recommendation.projectDetails).toMatchObject({
      estimateType: 'calculator',
      totalCameras: 17,
      installationDays: 8,
      buildingComplexity: 'new',
    });
    expect(row.ai_recommendation.breakdown).toEqual(priceCalculator(specs, 0).breakdown);
    expect(row.ai_recommendation.pricing).toMatchObject({
      equipmentSubtotal: 6750,
      laborCost: 7950,
      additionalCosts: 5300,
      july4Discount: null,
      totalProjectCost: EXPECTED_TOTAL,
    });
    expect(row.ai_recommendation.timeline).toBe('8 business days');
  });

  it('applies the promotion while it is valid (decisions.md §7)', async () => {
    await ds.query(`UPDATE promotions SET valid_until = '2099-12-31' WHERE code = 'JULY4'`);
    await app.get(ConfigurationCache).changed('promotions');
    try {
      const res = await request(app.getHttpServer()).post('/api/leads').send(calculatorLead('promo@example.com')).expect(201);
      expect(res.body.lead.totalEstimate).toBe(15_000);
      expect(res.body.lead.aiRecommendation.pricing.july4Discount).toEqual({
        code: 'JULY4',
        savings: 5000,
        validUntil: '2099-12-31',
        finalPrice: 15_000,
      });
    } finally {
      await ds.query(`UPDATE promotions SET valid_until = '2025-07-31' WHERE code = 'JULY4'`);
      await app.get(ConfigurationCache).changed('promotions');
    }
  });

  it.each([
    ['51 cameras', { cameras: 51 }, 'buildingInfo.cameras'],
    ['999 sq ft', { squareFootage: '999' }, 'buildingInfo.squareFootage'],
    ['11 entry points', { entryPoints: 11 }, 'buildingInfo.entryPoints'],
    ['an unknown complexity', { buildingComplexity: 'ancient' }, 'buildingInfo.buildingComplexity'],
  ])('400 for %s, nothing stored', async (_n, over, field) => {
    const before = await count('leads');
    const res = await request(app.getHttpServer())
      .post('/api/leads')
      .send(calculatorLead('bad@example.com', { buildingInfo: { ...buildingInfoOfCalculatorSpecs(specs), ...over } }))
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.fieldErrors[field]?.length).toBeGreaterThan(0);
    expect(await count('leads')).toBe(before);
  });
});

describe('POST /api/generate-estimate-pdf', () => {
  it('enqueues the PDF job of the stored lead and answers 202 {jobId, queue} at once', async () => {
    const lead = await request(app.getHttpServer()).post('/api/leads').send(calculatorLead('pdf@example.com')).expect(201);
    const res = await request(app.getHttpServer())
      .post('/api/generate-estimate-pdf')
      .send(pdfBody('pdf@example.com', lead.body.lead.id))
      .expect(202);
    expect(res.body).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), queue: 'pdf', leadId: lead.body.lead.id });
    const job = await pdf.getJob(res.body.jobId);
    expect(job?.name).toBe('EstimatePdf');
    expect(job?.data).toEqual({ leadId: lead.body.lead.id, requestId: res.body.jobId, discountPercent: 0, promotionCode: null });
    // issue 26: the job follows the delivery policy (MESSAGE_ATTEMPTS, default 1000: patience decides);
    // rendering keeps its own budget of PDF_RENDER_ATTEMPTS (4) inside the processor
    expect(job?.opts.attempts).toBe(1000);
  });

  it('finds the newest calculator lead by email when no leadId is sent', async () => {
    await request(app.getHttpServer()).post('/api/leads').send(calculatorLead('byemail@example.com')).expect(201);
    const newest = await request(app.getHttpServer()).post('/api/leads').send(calculatorLead('ByEmail@example.com')).expect(201);
    const res = await request(app.getHttpServer()).post('/api/generate-estimate-pdf').send(pdfBody('byemail@example.com')).expect(202);
    expect(res.body.leadId).toBe(newest.body.lead.id);
  });

  it('404 when the lead id does not belong to that email, or there is no calculator lead', async () => {
    const lead = await request(app.getHttpServer()).post('/api/leads').send(calculatorLead('owner@example.com')).expect(201);
    const other = await request(app.getHttpServer())
      .post('/api/generate-estimate-pdf')
      .send(pdfBody('intruder@example.com', lead.body.lead.id))
      .expect(404);
    expect(other.body.code).toBe('NOT_FOUND');
    await request(app.getHttpServer()).post('/api/generate-estimate-pdf').send(pdfBody('nobody@example.com')).expect(404);
  });

  it.each([
    ['no customerInfo', { estimate: {} }, 'customerInfo'],
    ['a bad email', { customerInfo: { email: 'nope' } }, 'customerInfo.email'],
    ['a negative leadId', { leadId: -3, customerInfo: { email: 'a@example.com' } }, 'leadId'],
    ['an unknown field', { customerInfo: { email: 'a@example.com' }, isAdmin: true }, 'isAdmin'],
  ])('400 for %s', async (_n, body, field) => {
    const res = await request(app.getHttpServer()).post('/api/generate-estimate-pdf').send(body).expect(400);
    expect(res.body.details.fieldErrors[field]?.length).toBeGreaterThan(0);
  });
});

describe('calculator switched off (decisions.md §11)', () => {
  it('both calls answer 503 FEATURE_DISABLED and nothing is stored or enqueued', async () => {
    const lead = await request(app.getHttpServer()).post('/api/leads').send(calculatorLead('off@example.com')).expect(201);
    await setCalculator(false);
    try {
      const before = await count('leads');
      const a = await request(app.getHttpServer()).post('/api/leads').send(calculatorLead('off@example.com')).expect(503);
      expect(a.body.code).toBe('FEATURE_DISABLED');
      expect(a.body.message).toMatch(/cost calculator is temporarily unavailable/);
      const b = await request(app.getHttpServer())
        .post('/api/generate-estimate-pdf')
        .send(pdfBody('off@example.com', lead.body.lead.id))
        .expect(503);
      expect(b.body.code).toBe('FEATURE_DISABLED');
      expect(await count('leads')).toBe(before);
    } finally {
      await setCalculator(true);
    }
  });
});
