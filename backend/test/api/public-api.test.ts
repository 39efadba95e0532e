/**
 * The public API of public-site.md §7 against the real Nest app, real Postgres and real Redis,
 * with its bad-input cases.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ALL_QUEUES, healthResponseSchema, QueueName } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { ConfigurationCache } from '../../src/platform/config/configuration-cache.js';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;
let ds: DataSource;
let notifications: Queue;

const validContact = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria.lopez@example.com',
  phone: '(212) 555-0188',
  propertyType: 'residential',
  services: ['Security Cameras', 'Smart Home'],
  referralSource: 'google',
  message: 'Two-storey house in Queens, need cameras on all doors.',
};

const validLead = {
  firstName: 'Dan',
  lastName: 'Whitfield',
  email: 'dan@whitfield-logistics.example',
  phone: '718-555-0123',
  company: 'Whitfield Logistics',
  buildingInfo: { type: 'warehouse', squareFootage: '50000', floors: '2', entryPoints: '6 dock doors', specificAreas: 'loading docks' },
  budget: '25k-50k',
  timeline: '1-month',
  additionalFeatures: ['Access Control System', 'Remote Monitoring'],
};

const count = async (table: string) => Number((await ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

beforeAll(async () => {
  db = await createTestDatabase();
  const env = testEnv(db);
  app = await createApp(env, { logger: false });
  await app.init();
  ds = new DataSource(dataSourceOptions(db.url));
  await ds.initialize();
  notifications = new Queue(QueueName.Notifications, { connection: { url: REDIS_URL }, prefix: db.queuePrefix });
});

afterAll(async () => {
  await notifications?.close();
  await app?.close();
  await ds?.destroy();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

describe('POST /api/contacts', () => {
  it('stores the contact, records the staff notification as queued and enqueues its job', async () => {
    const res = await request(app.getHttpServer()).post('/api/contacts').send(validContact).expect(201);
    expect(res.body.contact).toMatchObject({
      firstName: 'Maria',
      email: 'maria.lopez@example.com',
      services: ['Security Cameras', 'Smart Home'],
    });
    expect(res.body.notificationJob).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), queue: 'notifications' });

    const [row] = await ds.query('SELECT * FROM contacts WHERE id = $1', [res.body.contact.id]);
    expect(row.message).toBe(validContact.message);
    const [outbound] = await ds.query('SELECT * FROM outbound_messages WHERE contact_id = $1', [res.body.contact.id]);
    expect(outbound).toMatchObject({
      channel: 'email',
      status: 'queued',
      recipient: 'staff@ironclad.test',
      template: 'staff_new_contact',
      attempts: 0,
    });
    expect(outbound.body).toContain('Maria Lopez');

    const job = await notifications.getJob(res.body.notificationJob.id);
    expect(job?.name).toBe('StaffNotification');
    expect(job?.data).toEqual({ outboundMessageId: outbound.id, kind: 'contact', recordId: res.body.contact.id });
  });

  it('stores optional fields as NULL and services default to []', async () => {
    const { services, referralSource, message, ...required } = validContact;
    const res = await request(app.getHttpServer()).post('/api/contacts').send(required).expect(201);
    expect(res.body.contact).toMatchObject({ services: [], referralSource: null, message: null });
  });

  it('keeps markup as plain text (never interpreted)', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const res = await request(app.getHttpServer())
      .post('/api/contacts')
      .send({ ...validContact, firstName: hostile })
      .expect(201);
    expect(res.body.contact.firstName).toBe(hostile);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  describe('bad input: 400 with field errors, nothing stored', () => {
    const cases: [string, unknown, string[]][] = [
      ['empty body', {}, ['firstName', 'lastName', 'email', 'phone', 'propertyType']],
      ['wrong types', { ...validContact, firstName: 42, services: 'Security Cameras' }, ['firstName', 'services']],
      ['1 MB string', { ...validContact, message: 'x'.repeat(1_000_000) }, ['message']],
      ['unknown field', { ...validContact, isAdmin: true }, ['isAdmin']],
      ['phone of 3 characters', { ...validContact, phone: '123' }, ['phone']],
      ['email without @', { ...validContact, email: 'maria.example.com' }, ['email']],
      ['services not an array', { ...validContact, services: { a: 1 } }, ['services']],
      ['a JSON array body', [validContact], ['_']],
    ];
    it.each(cases)('%s', async (_name, body, fields) => {
      const before = await count('contacts');
      const res = await request(app.getHttpServer())
        .post('/api/contacts')
        .send(body as object)
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.requestId).toEqual(expect.any(String));
      for (const f of fields) expect(res.body.details.fieldErrors[f]?.length).toBeGreaterThan(0);
      expect(await count('contacts')).toBe(before);
    });

    it('gives the §5 messages', async () => {
      const res = await request(app.getHttpServer()).post('/api/contacts').send({ email: 'bad', phone: '1' }).expect(400);
      expect(res.body.details.fieldErrors).toMatchObject({
        firstName: ['First name is required.'],
        lastName: ['Last name is required.'],
        email: ['Valid email is required.'],
        phone: ['Valid phone number is required.'],
        propertyType: ['Property type is required.'],
      });
    });

    it('malformed JSON', async () => {
      const res = await request(app.getHttpServer())
        .post('/api/contacts')
        .set('content-type', 'application/json')
        .send('{"firstName": "Ma')
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON', message: 'Malformed JSON body.' });
    });

    it('a body over the 2 MB limit is 413 with a clear message', async () => {
      const res = await request(app.getHttpServer())
        .post('/api/contacts')
        .send({ ...validContact, message: 'x'.repeat(3_000_000) })
        .expect(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('the server keeps answering after all of it', async () => {
      await request(app.getHttpServer()).get('/api/site-settings').expect(200);
    });
  });

  it('answers 503 with a clear message when the contact forms are switched off (decisions §11)', async () => {
    await ds.query(`UPDATE site_settings SET setting_value = 'false'::jsonb WHERE setting_key = 'contact_forms_enabled'`);
    await app.get(ConfigurationCache).changed('site_settings');
    try {
      const before = await count('contacts');
      const res = await request(app.getHttpServer()).post('/api/contacts').send(validContact).expect(503);
      expect(res.body.code).toBe('FEATURE_DISABLED');
      expect(res.body.message).toMatch(/temporarily unavailable.*call us at \(\d{3}\) \d{3}-\d{4}/);
      expect(await count('contacts')).toBe(before);
    } finally {
      await ds.query(`UPDATE site_settings SET setting_value = 'true'::jsonb WHERE setting_key = 'contact_forms_enabled'`);
      await app.get(ConfigurationCache).changed('site_settings');
    }
  });
});

describe('POST /api/leads', () => {
  it('stores status new, source default ai_shopping, the wizard defaults, and ignores browser money', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/leads')
      .send({
        ...validLead,
        buildingInfo: { type: 'residential' },
        status: 'won',
        totalEstimate: 1,
        aiRecommendation: { pricing: { totalProjectCost: 1 } },
      })
      .expect(201);
    expect(res.body.lead).toMatchObject({ status: 'new', source: 'ai_shopping' });
    // the server's design engine prices a wizard lead; the browser's 1 is ignored
    expect(res.body.lead.totalEstimate).toBe(res.body.lead.aiRecommendation.pricing.totalProjectCost);
    expect(res.body.lead.totalEstimate).toBeGreaterThan(1);
    expect(res.body.lead.buildingInfo).toEqual({ type: 'residential', squareFootage: '2000', floors: 1, entryPoints: 1 });
    const [outbound] = await ds.query('SELECT * FROM outbound_messages WHERE lead_id = $1', [res.body.lead.id]);
    expect(outbound).toMatchObject({ status: 'queued', template: 'staff_new_lead' });
  });

  it('keeps the source of the calculator and accepts status aliases on input', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/leads')
      .send({ ...validLead, source: 'cost_calculator', status: 'quoted' })
      .expect(201);
    expect(res.body.lead).toMatchObject({ source: 'cost_calculator', status: 'new' });
  });

  it.each([
    ['no email', { ...validLead, email: undefined }, 'email'],
    ['no buildingInfo', { ...validLead, buildingInfo: undefined }, 'buildingInfo'],
    ['unknown status', { ...validLead, status: 'maybe' }, 'status'],
    ['unknown source', { ...validLead, source: 'spam' }, 'source'],
    ['unknown buildingInfo field', { ...validLead, buildingInfo: { type: 'office', color: 'red' } }, 'buildingInfo.color'],
  ])('400 for %s, with an `error` field and nothing stored', async (_n, body, field) => {
    const before = await count('leads');
    const res = await request(app.getHttpServer()).post('/api/leads').send(body).expect(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.body.details.fieldErrors[field]).toBeDefined();
    expect(await count('leads')).toBe(before);
    expect(await count('outbound_messages WHERE lead_id IS NOT NULL')).toBe(await count('leads'));
  });
});

describe('read endpoints', () => {
  it('GET /api/case-studies lists published ones only, as {caseStudies}', async () => {
    const res = await request(app.getHttpServer()).get('/api/case-studies').expect(200);
    const [{ n: unpublished }] = await ds.query('SELECT count(*)::int AS n FROM case_studies WHERE NOT published');
    expect(unpublished).toBeGreaterThan(0);
    expect(res.body.caseStudies.length).toBe(await count('case_studies WHERE published'));
    expect(res.body.caseStudies.every((c: { published: boolean }) => c.published)).toBe(true);
  });

  it('GET /api/site-settings lists the three switches', async () => {
    const res = await request(app.getHttpServer()).get('/api/site-settings').expect(200);
    const keys = res.body.map((s: { settingKey: string }) => s.settingKey);
    expect(keys).toEqual(expect.arrayContaining(['calculator_enabled', 'contact_forms_enabled', 'shopping_form_enabled']));
  });

  it('GET /api/public-config gives the company facts and hides the expired JULY4 promotion', async () => {
    const res = await request(app.getHttpServer()).get('/api/public-config').expect(200);
    expect(res.body.company.phone).toEqual(expect.any(String));
    expect(res.body.promotion).toBeNull();
    expect(res.body.features).toEqual({ calculator_enabled: true, contact_forms_enabled: true, shopping_form_enabled: true });
    expect(res.body.generatedImages).toEqual({});
  });

  it('GET /api/public-config lists the active generated image of each key with its srcset and size', async () => {
    const [run] = await ds.query(`INSERT INTO image_runs (kind, model, total) VALUES ('one', 'core', 2) RETURNING id`);
    const images = await ds.query(
      `INSERT INTO generated_images (run_id, image_key, status, prompt, model, aspect_ratio, requested_seed, seed, width, height)
       VALUES ($1, 'heroHome', 'done', 'p', 'core', '16:9', 5, 5, 1344, 768), ($1, 'heroBusiness', 'done', 'p', 'core', '16:9', 6, 6, 1344, 768)
       RETURNING id`,
      [run.id],
    );
    const [home, business] = images.map((r: { id: number }) => r.id);
    await ds.query(
      `INSERT INTO generated_image_variants (image_id, width, height, hash, byte_size, content) VALUES
        ($1, 640, 366, 'aaaaaaaaaaaaaaaa', 1, '\\x00'), ($1, 1280, 731, 'bbbbbbbbbbbbbbbb', 1, '\\x00'), ($1, 1344, 768, 'cccccccccccccccc', 1, '\\x00')`,
      [home],
    );
    // Only the applied one is listed: heroBusiness has an image but it is not active.
    await ds.query(`INSERT INTO site_images (image_key, image_id) VALUES ('heroHome', $1)`, [home]);
    // written behind the api's back: announce it as the staff apply does
    await app.get(ConfigurationCache).changed('site_images');
    try {
      const res = await request(app.getHttpServer()).get('/api/public-config').expect(200);
      expect(res.body.generatedImages).toEqual({
        heroHome: {
          src: `/api/site-images/${home}/1280-bbbbbbbbbbbbbbbb.webp`,
          srcSet: `/api/site-images/${home}/640-aaaaaaaaaaaaaaaa.webp 640w, /api/site-images/${home}/1280-bbbbbbbbbbbbbbbb.webp 1280w, /api/site-images/${home}/1344-cccccccccccccccc.webp 1344w`,
          width: 1344,
          height: 768,
        },
      });
      expect(business).toEqual(expect.any(Number));
    } finally {
      await ds.query(`DELETE FROM image_runs WHERE id = $1`, [run.id]);
      await app.get(ConfigurationCache).changed('site_images');
    }
  });

  it('GET /api/health is 200 with both checks up, and says that no worker runs', async () => {
    const res = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(healthResponseSchema.strict().parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ status: 'ok', checks: { postgres: 'up', redis: 'up' } });
    expect(res.body.workers).toEqual({ status: 'none', message: 'no worker is running: jobs wait' });
    expect(res.body.queues).toHaveLength(ALL_QUEUES.length);
  });

  it('unknown API routes are a JSON 404', async () => {
    const res = await request(app.getHttpServer()).get('/api/nope').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
