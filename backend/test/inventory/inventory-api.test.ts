/**
 * The inventory calls on the real api (staff-side.md §7): staff-only access, CRUD with
 * validation errors and audit entries, delete of a referenced item deactivating it, and the
 * catalogue driving the quotes: an edited price in the next wizard quote (in this process and in
 * a second api process, through the Redis bump), a deactivated item not proposed, a stored quote
 * keeping its prices, the manual estimator priced by SKU.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { aiRecommendationSchema, QUOTE_ENGINE_SKUS, type AiRecommendation, type InventoryItem } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { ConfigurationCache } from '../../src/platform/config/configuration-cache.js';
import { ADMIN, STAFF, seedUsers, signIn } from '../auth/support.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv, waitFor } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';

let db: TestDatabase;
let app: NestExpressApplication;
let other: NestExpressApplication;
let admin: string;
let viewer: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  // a second api process on the same Postgres and Redis
  other = await createApp(testEnv(db), { logger: false });
  await other.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
  viewer = await signIn(app, STAFF);
});

afterAll(async () => {
  await other?.close();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = (a: NestExpressApplication = app) => request(a.getHttpServer());
const items = async (): Promise<InventoryItem[]> => (await http().get('/api/inventory').set('Cookie', admin).expect(200)).body;
const bySku = async (sku: string) => (await items()).find((i) => i.sku === sku)!;
const quote = async (a: NestExpressApplication = app): Promise<{ id: number; rec: AiRecommendation }> => {
  const res = await http(a).post('/api/leads').send(wizardLead).expect(201);
  return { id: res.body.lead.id, rec: aiRecommendationSchema.parse(res.body.lead.aiRecommendation) };
};
const cameraLines = (r: AiRecommendation) => r.equipmentList.find((c) => c.category === 'Security Cameras')!.items;
const audit = (action: string) =>
  app.get(DataSource).query(`SELECT user_email, entity_id, details FROM audit_log WHERE action = $1 ORDER BY id`, [action]);
const body = {
  sku: 'cam-fish-12mp',
  category: 'cameras',
  name: '12MP Fisheye Camera',
  description: '360° fisheye for open offices.',
  manufacturer: 'Hanwha Vision',
  model: 'XNF-9010RV',
  unitPrice: 74_900,
  unitCost: 51_000,
  labourHours: 1.75,
  specifications: { resolution: '12MP', lens: '1.6 mm fisheye' },
};

describe('access', () => {
  it('answers 401 without a session and 403 for a non-admin, on every call', async () => {
    await http().get('/api/inventory').expect(401);
    await http().post('/api/inventory').send(body).expect(401);
    await http().get('/api/inventory/export-excel').expect(401);
    await http().post('/api/inventory/upload-excel').attach('excel', Buffer.from('x'), 'a.xlsx').expect(401);
    await http().get('/api/inventory').set('Cookie', viewer).expect(403);
    await http().put('/api/inventory/1').set('Cookie', viewer).send(body).expect(403);
    await http().delete('/api/inventory/1').set('Cookie', viewer).expect(403);
  });
});

describe('GET /api/inventory', () => {
  it('lists every seeded item with a SKU, active first, then in the category order of §3 and by name', async () => {
    const list = await items();
    expect(list.length).toBeGreaterThanOrEqual(23);
    expect(list.every((i) => /^[A-Z0-9][A-Z0-9._/-]*$/.test(i.sku))).toBe(true);
    const order = ['cameras', 'nvr', 'installation', 'features', 'services'];
    const keys = list.map((i) => [i.isActive ? 0 : 1, order.indexOf(i.category), i.name.toLowerCase()] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]));
    expect(keys).toEqual(sorted);
    expect(list.find((i) => i.sku === QUOTE_ENGINE_SKUS.defaultCamera)).toMatchObject({
      unitPrice: 25_000,
      unitCost: 14_000,
      labourHours: 1.5,
    });
  });

  it('filters by category; an unknown category is a 400', async () => {
    const nvr = (await http().get('/api/inventory?category=nvr').set('Cookie', admin).expect(200)).body as InventoryItem[];
    expect(nvr.length).toBe(4);
    expect(new Set(nvr.map((i) => i.category))).toEqual(new Set(['nvr']));
    const res = await http().get('/api/inventory?category=drones').set('Cookie', admin).expect(400);
    expect(res.body.details.fieldErrors.category).toBeDefined();
  });
});

describe('POST / PUT / DELETE /api/inventory', () => {
  let created: InventoryItem;

  it('creates an item (SKU upper-cased, cents kept) and audits it', async () => {
    const res = await http().post('/api/inventory').set('Cookie', admin).send(body).expect(201);
    created = res.body;
    expect(created).toMatchObject({ sku: 'CAM-FISH-12MP', unitPrice: 74_900, unitCost: 51_000, labourHours: 1.75, isActive: true });
    expect(await audit('inventory.created')).toEqual([
      expect.objectContaining({
        user_email: ADMIN.email,
        entity_id: String(created.id),
        details: expect.objectContaining({ sku: 'CAM-FISH-12MP' }),
      }),
    ]);
  });

  it("accepts the spec's body without a SKU and generates one", async () => {
    const res = await http()
      .post('/api/inventory')
      .set('Cookie', admin)
      .send({
        category: 'services',
        name: 'Night Patrol Review',
        description: 'Weekly footage review.',
        unitPrice: 9_900,
        specifications: {},
      })
      .expect(201);
    expect(res.body.sku).toBe(`SERVICES-${String(res.body.id).padStart(6, '0')}`);
  });

  it('answers 400 with field errors for invalid bodies and 409 for a SKU taken', async () => {
    const bad = async (payload: object) =>
      (await http().post('/api/inventory').set('Cookie', admin).send(payload).expect(400)).body.details.fieldErrors;
    expect(Object.keys(await bad({ ...body, sku: 'NEW-1', category: 'drones' }))).toEqual(['category']);
    expect(Object.keys(await bad({ ...body, sku: 'NEW-1', unitPrice: -1 }))).toEqual(['unitPrice']);
    expect(Object.keys(await bad({ ...body, sku: 'NEW-1', unitPrice: 12.5 }))).toEqual(['unitPrice']);
    expect(Object.keys(await bad({ ...body, sku: 'NEW-1', name: '  ' }))).toEqual(['name']);
    expect(Object.keys(await bad({ ...body, sku: 'bad sku!' }))).toEqual(['sku']);
    expect(Object.keys(await bad({ ...body, sku: 'NEW-1', labourHours: 1.234 }))).toEqual(['labourHours']);
    expect(Object.keys(await bad({ ...body, sku: 'NEW-1', specifications: [1, 2] }))).toEqual(['specifications']);
    expect(Object.keys(await bad({ ...body, sku: 'NEW-1', colour: 'red' }))).toEqual(['colour']);
    const taken = await http().post('/api/inventory').set('Cookie', admin).send(body).expect(409);
    expect(taken.body.message).toMatch(/CAM-FISH-12MP/);
    await http()
      .post('/api/inventory')
      .set('Cookie', admin)
      .set('Origin', 'https://evil.example')
      .send({ ...body, sku: 'X-2' })
      .expect(403);
  });

  it('updates an item and audits each changed field', async () => {
    const res = await http()
      .put(`/api/inventory/${created.id}`)
      .set('Cookie', admin)
      .send({ ...body, unitPrice: 79_900, model: '' })
      .expect(200);
    expect(res.body).toMatchObject({ unitPrice: 79_900, model: null, manufacturer: 'Hanwha Vision' });
    const [entry] = await audit('inventory.updated');
    expect(entry.details.changes).toEqual({ unitPrice: { from: 74_900, to: 79_900 }, model: { from: 'XNF-9010RV', to: null } });
    await http().put('/api/inventory/999999').set('Cookie', admin).send(body).expect(404);
    const other = (await items()).find((i) => i.sku === QUOTE_ENGINE_SKUS.domeCamera)!;
    await http()
      .put(`/api/inventory/${other.id}`)
      .set('Cookie', admin)
      .send({ ...body, sku: 'CAM-FISH-12MP' })
      .expect(409);
  });

  it('deletes an item no quote refers to', async () => {
    const res = await http().delete(`/api/inventory/${created.id}`).set('Cookie', admin).expect(200);
    expect(res.body).toMatchObject({ outcome: 'deleted', references: 0 });
    expect((await items()).some((i) => i.id === created.id)).toBe(false);
    expect(await audit('inventory.deleted')).toHaveLength(1);
    await http().delete(`/api/inventory/${created.id}`).set('Cookie', admin).expect(404);
  });
});

describe('the catalogue drives the quotes', () => {
  it('an edited price is in the next wizard quote; the stored quote keeps the price it was made with', async () => {
    const first = await quote();
    // issue 21 (one pricing truth, §9): every camera is priced at the default camera's price
    const camera = await bySku(QUOTE_ENGINE_SKUS.defaultCamera);
    const cameras = first.rec.projectDetails.totalCameras;
    expect(cameraLines(first.rec)).toContainEqual(expect.objectContaining({ sku: camera.sku, unitPrice: camera.unitPrice / 100 }));

    await http()
      .put(`/api/inventory/${camera.id}`)
      .set('Cookie', admin)
      .send({ category: camera.category, name: camera.name, unitPrice: camera.unitPrice + 10_000 })
      .expect(200);
    const second = await quote();
    expect(second.rec.pricing.equipmentSubtotal).toBe(first.rec.pricing.equipmentSubtotal + 100 * cameras);
    expect(cameraLines(second.rec)).toContainEqual(expect.objectContaining({ sku: camera.sku, unitPrice: camera.unitPrice / 100 + 100 }));

    const stored = await http().get(`/api/leads/${first.id}`).set('Cookie', admin).expect(200);
    expect(stored.body.lead.aiRecommendation).toEqual(first.rec);
  });

  it('a second api process sees the edit at once (the bump travels over Redis)', async () => {
    await waitFor(async () => other.get(ConfigurationCache).trusted);
    const before = await quote(other); // primes the other process's cache
    const rack = await bySku(QUOTE_ENGINE_SKUS.rack);
    await http()
      .put(`/api/inventory/${rack.id}`)
      .set('Cookie', admin)
      .send({ category: rack.category, name: rack.name, unitPrice: rack.unitPrice + 12_300 })
      .expect(200);
    const after = await waitFor(async () => {
      const q = await quote(other);
      return q.rec.pricing.equipmentSubtotal !== before.rec.pricing.equipmentSubtotal && q;
    }, 5_000);
    expect(after.rec.pricing.equipmentSubtotal).toBe(before.rec.pricing.equipmentSubtotal + 123);
  });

  it('an item a stored quote refers to is deactivated, not deleted, and no longer proposed', async () => {
    const doorbell = await bySku(QUOTE_ENGINE_SKUS.doorbellCamera);
    const res = await http().delete(`/api/inventory/${doorbell.id}`).set('Cookie', admin).expect(200);
    expect(res.body.outcome).toBe('deactivated');
    expect(res.body.references).toBeGreaterThanOrEqual(2);
    expect(await bySku(doorbell.sku)).toMatchObject({ id: doorbell.id, isActive: false });
    const [entry] = await audit('inventory.deactivated');
    expect(entry.details).toMatchObject({ sku: doorbell.sku });

    const next = await quote();
    expect(cameraLines(next.rec).map((l) => l.sku)).not.toContain(doorbell.sku);
    expect(cameraLines(next.rec).reduce((a, l) => a + l.quantity, 0)).toBe(next.rec.projectDetails.totalCameras);
  });

  it('a quote made before SKUs (matched by item name) also keeps its item', async () => {
    const ups = await bySku(QUOTE_ENGINE_SKUS.ups);
    await app
      .get(DataSource)
      .query(`INSERT INTO leads (email, building_info, ai_recommendation, source) VALUES ('old@example.com', '{}', $1, 'ai_shopping')`, [
        JSON.stringify({ equipmentList: [{ category: 'Installation & Infrastructure', items: [{ item: ups.name, quantity: 1 }] }] }),
      ]);
    const res = await http().delete(`/api/inventory/${ups.id}`).set('Cookie', admin).expect(200);
    expect(res.body).toMatchObject({ outcome: 'deactivated', references: 1 });
  });

  it('the manual estimator prices a camera and an NVR chosen by SKU from the catalogue', async () => {
    const cam = await bySku(QUOTE_ENGINE_SKUS.domeCamera);
    const nvr = await bySku(QUOTE_ENGINE_SKUS.nvr16);
    const estimate = {
      firstName: 'Mo',
      lastName: 'Diaz',
      email: 'mo@example.com',
      phone: '3125550100',
      buildingType: 'commercial',
      buildingSize: 'medium',
      squareFootage: 5000,
      floors: 1,
      entryPoints: 2,
      cameras: 10,
      cameraPrice: 1,
      nvrCost: 1,
      installationDays: 2,
      laborRate: 2200,
      additionalCosts: 0,
      cameraSku: cam.sku.toLowerCase(),
      nvrSku: nvr.sku,
    };
    const res = await http().post('/api/leads/manual-estimate').set('Cookie', admin).send(estimate).expect(201);
    const equipment = (10 * cam.unitPrice + nvr.unitPrice) / 100;
    expect(res.body.lead.totalEstimate).toBe(equipment + 2 * 2200);
    expect(res.body.lead.aiRecommendation.equipmentList[0].items[0]).toMatchObject({
      sku: cam.sku,
      quantity: 10,
      unitPrice: cam.unitPrice / 100,
    });

    const doorbell = QUOTE_ENGINE_SKUS.doorbellCamera; // deactivated above
    const bad = await http()
      .post('/api/leads/manual-estimate')
      .set('Cookie', admin)
      .send({ ...estimate, cameraSku: doorbell })
      .expect(400);
    expect(bad.body.details.fieldErrors.cameraSku).toEqual([`No active inventory item has SKU ${doorbell}.`]);
  });
});
