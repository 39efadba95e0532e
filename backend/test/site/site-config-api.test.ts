/**
 * The staff configuration calls on the real api (staff-side.md §2, §7, §8; decisions.md §6, §7,
 * §11): staff-only access; AI configuration values validated against their key's schema (400
 * naming the field, nothing stored); the preview of an edit on reference quotes; a save changing
 * the next quote while a stored quote keeps its prices and the configuration versions it was
 * priced with; 409 on a concurrent edit; every change in the audit log with its old and new value;
 * feature switches refusing submissions at once; promotions (overlap refused, banner and discount
 * only while valid); company facts.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  aiConfigListResponseSchema,
  aiConfigPreviewResponseSchema,
  aiRecommendationSchema,
  COMPONENT_PRICING_DEFAULTS,
  DEFAULT_COMPANY_FACTS,
  DEFAULT_CUSTOMER_RATING,
  TIERED_PRICING_DEFAULTS,
  type AiConfigRecordDto,
  type AiRecommendation,
} from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { ADMIN, STAFF, seedUsers, signIn } from '../auth/support.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';

let db: TestDatabase;
let app: NestExpressApplication;
let admin: string;
let viewer: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
  viewer = await signIn(app, STAFF);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []): Promise<T[]> => app.get(DataSource).query(q, params);
const configs = async () => aiConfigListResponseSchema.parse((await http().get('/api/ai-configs').set('Cookie', admin).expect(200)).body);
const record = async (key: string): Promise<AiConfigRecordDto> => (await configs()).configs.find((c) => c.configKey === key)!;
const quote = async (lead: object = wizardLead): Promise<{ id: number; rec: AiRecommendation; total: number }> => {
  const res = await http().post('/api/leads').send(lead).expect(201);
  return { id: res.body.lead.id, rec: aiRecommendationSchema.parse(res.body.lead.aiRecommendation), total: res.body.lead.totalEstimate };
};
const auditOf = (action: string) =>
  sql<{ user_email: string; entity_id: string; details: Record<string, unknown> }>(
    `SELECT user_email, entity_id, details FROM audit_log WHERE action = $1 ORDER BY id`,
    [action],
  );

describe('access', () => {
  it.each([
    ['GET', '/api/ai-configs'],
    ['POST', '/api/ai-configs/preview'],
    ['PATCH', '/api/ai-configs/1'],
    ['PUT', '/api/site-settings/calculator_enabled'],
    ['GET', '/api/promotions'],
    ['POST', '/api/promotions'],
  ])('%s %s is staff-only (401 signed out, 403 for a non-admin)', async (method, path) => {
    const m = method.toLowerCase() as 'get' | 'post' | 'patch' | 'put';
    await http()[m](path).send({}).expect(401);
    await http()[m](path).set('Cookie', viewer).send({}).expect(403);
  });
});

describe('AI configuration', () => {
  it('lists the three records of §3 with their §9 defaults and the configuration versions', async () => {
    const list = await configs();
    expect(list.configs.map((c) => c.configKey).sort()).toEqual(['additional_costs', 'component_pricing', 'tiered_pricing']);
    expect((await record('component_pricing')).configValue).toEqual(COMPONENT_PRICING_DEFAULTS);
    expect((await record('tiered_pricing')).configValue).toMatchObject({
      low: { range: '4-6', avgPerDeviceCost: 800 },
      medium: { range: '7-20', avgPerDeviceCost: 1140 },
      high: { range: '21-50', avgPerDeviceCost: 1020 },
    });
    expect(list.versions.ai_recommendation_config).toBeGreaterThan(0);
  });

  it.each([
    ['a negative price', { ...COMPONENT_PRICING_DEFAULTS, wiring_per_camera: -1 }, 'configValue.wiring_per_camera', /negative/],
    ['a fraction of a dollar', { ...COMPONENT_PRICING_DEFAULTS, nvr_8ch: 1386.5 }, 'configValue.nvr_8ch', /whole dollars/],
    ['a price past the bound', { ...COMPONENT_PRICING_DEFAULTS, rack_accessories: 2_000_000 }, 'configValue.rack_accessories', /at most/],
    ['a missing price', { ...COMPONENT_PRICING_DEFAULTS, camera_unit_price: undefined }, 'configValue.camera_unit_price', /./],
    ['text for a price', { ...COMPONENT_PRICING_DEFAULTS, installation_day_rate: '2200' }, 'configValue.installation_day_rate', /./],
  ])('refuses %s with 400 naming the field; the stored value stays', async (_what, value, field, message) => {
    const before = await record('component_pricing');
    const res = await http().patch(`/api/ai-configs/${before.id}`).set('Cookie', admin).send({ configValue: value }).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.fieldErrors[field]).toEqual([expect.stringMatching(message)]);
    expect(await record('component_pricing')).toEqual(before);
    expect((await record('tiered_pricing')).configValue).toEqual(TIERED_PRICING_DEFAULTS);
  });

  it('refuses overlapping or unreadable tier ranges', async () => {
    const tiers = await record('tiered_pricing');
    const overlapping = structuredClone(TIERED_PRICING_DEFAULTS);
    overlapping.medium.range = '5-20';
    const res = await http().patch(`/api/ai-configs/${tiers.id}`).set('Cookie', admin).send({ configValue: overlapping }).expect(400);
    expect(res.body.details.fieldErrors['configValue.medium.range']).toEqual([expect.stringMatching(/overlaps the low tier/)]);
    const unreadable = structuredClone(TIERED_PRICING_DEFAULTS);
    unreadable.high.range = 'lots';
    const bad = await http().patch(`/api/ai-configs/${tiers.id}`).set('Cookie', admin).send({ configValue: unreadable }).expect(400);
    expect(Object.keys(bad.body.details.fieldErrors)).toEqual(['configValue.high.range']);
    expect(await record('tiered_pricing')).toEqual(tiers);
  });

  it('POST creates only a missing key (409 for an existing one) and validates like PATCH', async () => {
    const res = await http()
      .post('/api/ai-configs')
      .set('Cookie', admin)
      .send({
        category: 'pricing',
        configKey: 'component_pricing',
        configValue: COMPONENT_PRICING_DEFAULTS,
        description: 'x',
        isActive: true,
      })
      .expect(409);
    expect(res.body.message).toMatch(/already has a configuration record/);
    const bad = await http()
      .post('/api/ai-configs')
      .set('Cookie', admin)
      .send({ category: 'pricing', configKey: 'tiered_pricing', configValue: { low: 1 }, description: 'x', isActive: true })
      .expect(400);
    expect(Object.keys(bad.body.details.fieldErrors)).toContain('configValue.low');
  });

  it('previews an edit on the spec samples and the latest wizard quotes, writing nothing', async () => {
    await quote();
    const before = await record('component_pricing');
    const res = await http()
      .post('/api/ai-configs/preview')
      .set('Cookie', admin)
      // issue 21: labour is the §9 installation per group of 8 cameras (the day rate no longer prices
      // it); the tiers size the design, so raising the low tier's range adds cameras to the home
      .send({
        configKey: 'tiered_pricing',
        configValue: {
          ...TIERED_PRICING_DEFAULTS,
          low: { ...TIERED_PRICING_DEFAULTS.low, range: '10-12' },
          medium: { ...TIERED_PRICING_DEFAULTS.medium, range: '13-20' },
        },
      })
      .expect(200);
    const { quotes } = aiConfigPreviewResponseSchema.parse(res.body);
    expect(quotes.slice(0, 2).map((q) => q.label)).toEqual(['Spec sample: 4,500 sq ft home', 'Spec sample: 50,000 sq ft office']);
    expect(quotes.filter((q) => q.kind === 'lead').length).toBeGreaterThanOrEqual(1);
    expect(quotes.filter((q) => q.kind === 'lead').length).toBeLessThanOrEqual(20);
    for (const q of quotes) expect(q.difference).toBe(q.newTotal - q.oldTotal);
    // the home's 8 cameras become 10
    expect(quotes[0]!.newTotal).toBeGreaterThan(quotes[0]!.oldTotal);
    expect(await record('component_pricing')).toEqual(before);
    await http().post('/api/ai-configs/preview').set('Cookie', admin).send({ configKey: 'component_pricing', configValue: {} }).expect(400);
  });

  it('prices the spec samples from the §9 defaults (snapshot of the quote prices)', async () => {
    const res = await http()
      .post('/api/ai-configs/preview')
      .set('Cookie', admin)
      .send({ configKey: 'component_pricing', configValue: COMPONENT_PRICING_DEFAULTS })
      .expect(200);
    const [home, office] = aiConfigPreviewResponseSchema.parse(res.body).quotes;
    expect({ home: home!.oldTotal, office: office!.oldTotal }).toEqual(SAMPLE_TOTALS);
    expect(home!.difference).toBe(0);
  });

  it('a save changes the next quote; the stored quote keeps its prices and the versions it was priced with; audited', async () => {
    const first = await quote();
    const tiers = await record('tiered_pricing');
    const raised = structuredClone(TIERED_PRICING_DEFAULTS);
    // issue 21: the tiers size the design (the §9 formulas price it): a higher medium tier means more cameras
    raised.low.range = '10-12';
    raised.medium.range = '13-20';
    const saved = await http()
      .patch(`/api/ai-configs/${tiers.id}`)
      .set('Cookie', admin)
      .send({ configValue: raised, description: tiers.description, version: tiers.version })
      .expect(200);
    expect(saved.body.config).toMatchObject({ configValue: raised, version: tiers.version + 1 });
    const next = await quote();
    expect(next.total).toBeGreaterThan(first.total);

    const stored = await http().get(`/api/leads/${first.id}`).set('Cookie', admin).expect(200);
    expect(stored.body.lead.aiRecommendation).toEqual(first.rec);
    expect(stored.body.lead.totalEstimate).toBe(first.total);
    const fresh = await http().get(`/api/leads/${next.id}`).set('Cookie', admin).expect(200);
    expect(fresh.body.lead.configurationVersions.ai_recommendation_config).toBe(saved.body.configurationVersion);
    expect(stored.body.lead.configurationVersions.ai_recommendation_config).toBeLessThan(saved.body.configurationVersion);
    expect(fresh.body.lead.configurationVersions).toEqual({
      ai_recommendation_config: saved.body.configurationVersion,
      inventory: expect.any(Number),
      promotions: expect.any(Number),
    });

    const [entry] = (await auditOf('ai_config.updated')).slice(-1);
    expect(entry).toMatchObject({
      user_email: ADMIN.email,
      entity_id: String(tiers.id),
      details: { configKey: 'tiered_pricing', from: tiers.configValue, to: raised, configurationVersion: saved.body.configurationVersion },
    });
    // put it back for the other tests
    await http().patch(`/api/ai-configs/${tiers.id}`).set('Cookie', admin).send({ configValue: TIERED_PRICING_DEFAULTS }).expect(200);
  });

  it('answers 409 to a save based on an older version, and keeps the first save', async () => {
    const c = await record('component_pricing');
    const mine = { ...COMPONENT_PRICING_DEFAULTS, programming_per_camera: 160 };
    const theirs = { ...COMPONENT_PRICING_DEFAULTS, programming_per_camera: 170 };
    await http().patch(`/api/ai-configs/${c.id}`).set('Cookie', admin).send({ configValue: mine, version: c.version }).expect(200);
    const res = await http()
      .patch(`/api/ai-configs/${c.id}`)
      .set('Cookie', admin)
      .send({ configValue: theirs, version: c.version })
      .expect(409);
    expect(res.body).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(res.body.message).toMatch(/changed by someone else .* Reload/);
    expect((await record('component_pricing')).configValue).toEqual(mine);
    await http().patch(`/api/ai-configs/${c.id}`).set('Cookie', admin).send({ configValue: COMPONENT_PRICING_DEFAULTS }).expect(200);
  });
});

describe('site settings', () => {
  const set = (key: string, body: object) => http().put(`/api/site-settings/${key}`).set('Cookie', admin).send(body);
  const calculatorLead = {
    firstName: 'Cal',
    lastName: 'Q',
    email: 'cal@example.com',
    phone: '2125550100',
    buildingInfo: { type: 'commercial', squareFootage: '10000', cameras: 12, entryPoints: 2, buildingComplexity: 'finished' },
    source: 'cost_calculator',
    status: 'new',
  };

  it('a switch turned off refuses its submissions at once and shows in the public config; audited; turned on again', async () => {
    const off = await set('shopping_form_enabled', { settingValue: false, description: 'AI designer' }).expect(200);
    expect(off.body).toMatchObject({ settingKey: 'shopping_form_enabled', settingValue: false });
    const refused = await http().post('/api/leads').send(wizardLead).expect(503);
    expect(refused.body).toMatchObject({ code: 'FEATURE_DISABLED' });
    expect(refused.body.message).toMatch(/AI security designer is temporarily unavailable — please call us at/);
    expect((await http().get('/api/public-config').expect(200)).body.features.shopping_form_enabled).toBe(false);

    await set('calculator_enabled', { settingValue: false }).expect(200);
    await http().post('/api/leads').send(calculatorLead).expect(503);
    await set('calculator_enabled', { settingValue: true }).expect(200);
    await http().post('/api/leads').send(calculatorLead).expect(201);

    await set('shopping_form_enabled', { settingValue: true }).expect(200);
    await http().post('/api/leads').send(wizardLead).expect(201);
    const entries = await auditOf('site_setting.updated');
    expect(entries.find((e) => e.entity_id === 'shopping_form_enabled')!.details).toMatchObject({ to: false });
    expect(entries.filter((e) => e.entity_id === 'shopping_form_enabled').at(-1)!.details).toMatchObject({ from: false, to: true });
  });

  it('refuses a value that is not a boolean, an unknown key, and a stale version', async () => {
    const res = await set('contact_forms_enabled', { settingValue: 'no' }).expect(400);
    expect(Object.keys(res.body.details.fieldErrors)).toEqual(['settingValue']);
    await set('dark_mode', { settingValue: true }).expect(404);
    const list = (await http().get('/api/site-settings').expect(200)).body as { settingKey: string; version: number }[];
    const contact = list.find((s) => s.settingKey === 'contact_forms_enabled')!;
    await set('contact_forms_enabled', { settingValue: true, version: contact.version }).expect(200);
    const stale = await set('contact_forms_enabled', { settingValue: false, version: contact.version }).expect(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect((await http().get('/api/public-config').expect(200)).body.features.contact_forms_enabled).toBe(true);
  });

  it('company facts: validated, then served at once on the public config', async () => {
    const bad = await set('company_facts', { settingValue: { ...DEFAULT_COMPANY_FACTS, email: 'not an email' } }).expect(400);
    expect(Object.keys(bad.body.details.fieldErrors)).toEqual(['settingValue.email']);
    const facts = { ...DEFAULT_COMPANY_FACTS, name: 'Ironclad Test Co', phone: '(212) 555-0000' };
    await set('company_facts', { settingValue: facts }).expect(200);
    expect((await http().get('/api/public-config').expect(200)).body.company).toEqual(facts);
    const [entry] = (await auditOf('site_setting.updated')).filter((e) => e.entity_id === 'company_facts');
    expect(entry!.details).toMatchObject({ from: DEFAULT_COMPANY_FACTS, to: facts });
    await set('company_facts', { settingValue: DEFAULT_COMPANY_FACTS }).expect(200);
  });

  it('company facts: the customer rating is validated field by field; facts stored without one read as the seeded rating', async () => {
    const refused = [
      {
        rating: { ratingValue: 5.5, reviewCount: 0 },
        errors: ['Rating must be a number from 1 to 5.', 'Number of reviews must be at least 1.'],
      },
      {
        rating: { ratingValue: 4.85, reviewCount: 12.5 },
        errors: ['Rating has at most one decimal (e.g. 4.9).', 'Number of reviews must be a whole number.'],
      },
    ];
    for (const { rating, errors } of refused) {
      const bad = await set('company_facts', { settingValue: { ...DEFAULT_COMPANY_FACTS, customerRating: rating } }).expect(400);
      expect(bad.body.details.fieldErrors).toEqual({
        'settingValue.customerRating.ratingValue': [errors[0]],
        'settingValue.customerRating.reviewCount': [errors[1]],
      });
    }
    expect((await http().get('/api/public-config').expect(200)).body.company).toEqual(DEFAULT_COMPANY_FACTS);

    // facts saved before the rating existed
    const { customerRating: _seeded, ...older } = DEFAULT_COMPANY_FACTS;
    await set('company_facts', { settingValue: older }).expect(200);
    expect((await http().get('/api/public-config').expect(200)).body.company.customerRating).toEqual(DEFAULT_CUSTOMER_RATING);

    const rated = { ...DEFAULT_COMPANY_FACTS, customerRating: { ratingValue: 4.8, reviewCount: 1204 } };
    await set('company_facts', { settingValue: rated }).expect(200);
    expect((await http().get('/api/public-config').expect(200)).body.company).toEqual(rated);
    await set('company_facts', { settingValue: DEFAULT_COMPANY_FACTS }).expect(200);
  });
});

describe('promotions', () => {
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('lists the seeded JULY4, expired', async () => {
    const res = await http().get('/api/promotions').set('Cookie', admin).expect(200);
    expect(res.body.promotions).toContainEqual(
      expect.objectContaining({ code: 'JULY4', percent: 25, validUntil: '2025-07-31', status: 'expired', isActive: true }),
    );
  });

  it('a running promotion is on the public config and in the next quote; an overlapping second one is refused; ended, it is gone', async () => {
    const created = await http()
      .post('/api/promotions')
      .set('Cookie', admin)
      .send({ code: 'spring', percent: 10, validFrom: today, validUntil: inDays(30), bannerText: 'Spring sale: 10% off' })
      .expect(201);
    expect(created.body.promotion).toMatchObject({ code: 'SPRING', status: 'running', version: 1 });
    expect((await http().get('/api/public-config').expect(200)).body.promotion).toEqual({
      code: 'SPRING',
      percent: 10,
      validUntil: inDays(30),
      bannerText: 'Spring sale: 10% off',
    });
    const q = await quote();
    expect(q.rec.pricing.july4Discount).toMatchObject({ code: 'SPRING', percent: 10 });

    const overlap = await http()
      .post('/api/promotions')
      .set('Cookie', admin)
      .send({ code: 'SUMMER', percent: 20, validFrom: inDays(10), validUntil: inDays(60), bannerText: 'Summer' })
      .expect(409);
    expect(overlap.body.message).toMatch(/overlap promotion SPRING/);
    // a later one that starts after it is accepted, scheduled
    const later = await http()
      .post('/api/promotions')
      .set('Cookie', admin)
      .send({ code: 'SUMMER', percent: 20, validFrom: inDays(31), validUntil: inDays(60), bannerText: 'Summer' })
      .expect(201);
    expect(later.body.promotion.status).toBe('scheduled');
    // moving it onto SPRING's dates is refused too
    await http()
      .patch(`/api/promotions/${later.body.promotion.id}`)
      .set('Cookie', admin)
      .send({ validFrom: today, version: 1 })
      .expect(409);

    const id = created.body.promotion.id;
    await http().post(`/api/promotions/${id}/end`).set('Cookie', admin).send({ version: 7 }).expect(409);
    const ended = await http().post(`/api/promotions/${id}/end`).set('Cookie', admin).send({ version: 1 }).expect(200);
    expect(ended.body.promotion).toMatchObject({ status: 'ended', isActive: false, version: 2 });
    expect((await http().get('/api/public-config').expect(200)).body.promotion).toBeNull();
    expect((await quote()).rec.pricing.july4Discount).toBeUndefined();
    expect((await auditOf('promotion.ended'))[0]!.details).toMatchObject({
      code: 'SPRING',
      from: { isActive: true },
      to: { isActive: false },
    });
    await http().post(`/api/promotions/${later.body.promotion.id}/end`).set('Cookie', admin).send({}).expect(200);
  });

  it('a promotion without a first day starts today, after the expired JULY4', async () => {
    const res = await http()
      .post('/api/promotions')
      .set('Cookie', admin)
      .send({ code: 'NOW', percent: 5, validUntil: inDays(3), bannerText: 'Now' })
      .expect(201);
    expect(res.body.promotion).toMatchObject({ validFrom: today, status: 'running' });
    await http().post(`/api/promotions/${res.body.promotion.id}/end`).set('Cookie', admin).send({}).expect(200);
  });

  it('validates its fields', async () => {
    const res = await http()
      .post('/api/promotions')
      .set('Cookie', admin)
      .send({ code: 'bad code!', percent: 150, validFrom: inDays(5), validUntil: inDays(1), bannerText: '' })
      .expect(400);
    expect(Object.keys(res.body.details.fieldErrors).sort()).toEqual(['bannerText', 'code', 'percent', 'validFrom']);
    const order = await http()
      .post('/api/promotions')
      .set('Cookie', admin)
      .send({ code: 'LATE', percent: 5, validFrom: inDays(5), validUntil: inDays(1), bannerText: 'x' })
      .expect(400);
    expect(order.body.details.fieldErrors.validFrom).toEqual(['Valid from must not be after valid until.']);
  });
});

/** Totals of the spec samples at the seeded configuration (whole dollars). */
// issue 21: the §9 formulas (home: 8 cameras, 4 business days; office: 31 cameras, access control at 4 doors)
const SAMPLE_TOTALS = { home: 8_126, office: 31_805 };
