/** The idempotent seed (src/app/seed): content, defaults, re-runs and staff edits. */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { companyFactsSchema, isPromotionActive } from '@ironclad/contracts';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { runSeed, type SeedReport } from '../../src/app/seed/seed.js';
import {
  AI_CONFIG_DEFAULTS,
  componentPricingSchema,
  tieredPricingSchema,
  additionalCostsSchema,
} from '../../src/modules/quotes/ai-config/ai-config.defaults.js';
import { INVENTORY_SEED } from '../../src/app/seed/inventory.data.js';
import { PROMOTIONS_SEED, SITE_SETTINGS_SEED } from '../../src/app/seed/settings.data.js';
import { CASE_STUDIES_SEED, SITE_CONTENT_SEED, TESTIMONIALS_SEED } from '../../src/app/seed/content.data.js';
import { EMAIL_TEMPLATES_SEED } from '../../src/app/seed/email-templates.data.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';

const SEED_TABLES = [
  'ai_recommendation_config',
  'inventory',
  'site_settings',
  'promotions',
  'case_studies',
  'testimonials',
  'site_content',
  'email_templates',
] as const;
const NOTHING_INSERTED: SeedReport = {
  ai_recommendation_config: 0,
  inventory: 0,
  site_settings: 0,
  promotions: 0,
  case_studies: 0,
  testimonials: 0,
  site_content: 0,
  email_templates: 0,
};

describe('runSeed', () => {
  let db: TestDatabase;
  let ds: DataSource;

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const t of SEED_TABLES) {
      const [row] = (await ds.query(`SELECT count(*)::int AS n FROM "${t}"`)) as { n: number }[];
      out[t] = row!.n;
    }
    return out;
  };
  /** Every row of every seeded table, timestamps included. */
  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const t of SEED_TABLES) out[t] = (await ds.query(`SELECT * FROM "${t}" ORDER BY id`)) as unknown[];
    return out;
  };
  const truncateSeedTables = () => ds.query(`TRUNCATE ${SEED_TABLES.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY`);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
    const rows = (await ds.query(sql, params)) as T[];
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  beforeAll(async () => {
    db = await createTestDatabase(); // migrated and already seeded by the global setup
    ds = new DataSource(dataSourceOptions(db.url, { logging: false })); // the rollback test fails a query on purpose
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  describe('idempotence', () => {
    it('changes nothing when run twice on a seeded database', async () => {
      const before = await snapshot();
      expect(await runSeed(ds)).toEqual(NOTHING_INSERTED);
      expect(await runSeed(ds)).toEqual(NOTHING_INSERTED);
      expect(await snapshot()).toEqual(before);
    });

    it('inserts every row into empty tables, then nothing on the next run', async () => {
      await truncateSeedTables();
      expect(await runSeed(ds)).toEqual({
        ai_recommendation_config: AI_CONFIG_DEFAULTS.length,
        inventory: INVENTORY_SEED.length,
        site_settings: SITE_SETTINGS_SEED.length,
        promotions: PROMOTIONS_SEED.length,
        case_studies: CASE_STUDIES_SEED.length,
        testimonials: TESTIMONIALS_SEED.length,
        site_content: SITE_CONTENT_SEED.length,
        email_templates: EMAIL_TEMPLATES_SEED.length,
      });
      const firstCounts = await counts();
      const first = await snapshot();
      expect(await runSeed(ds)).toEqual(NOTHING_INSERTED);
      expect(await counts()).toEqual(firstCounts);
      expect(await snapshot()).toEqual(first);
    });

    it('writes everything or nothing (one transaction)', async () => {
      await truncateSeedTables();
      // site_content is seeded last: make its insert fail and check nothing before it stayed.
      await ds.query(`CREATE FUNCTION seed_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`);
      await ds.query(`CREATE TRIGGER seed_test_fail BEFORE INSERT ON site_content FOR EACH ROW EXECUTE FUNCTION seed_test_fail()`);
      try {
        await expect(runSeed(ds)).rejects.toThrow('boom');
        expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);
      } finally {
        await ds.query(`DROP TRIGGER seed_test_fail ON site_content`);
        await ds.query(`DROP FUNCTION seed_test_fail()`);
      }
      await runSeed(ds);
      expect((await counts()).site_content).toBe(SITE_CONTENT_SEED.length);
    });
  });

  describe('content', () => {
    it('stores the AI pricing defaults (whole dollars)', async () => {
      const rows = (await ds.query(
        `SELECT category, config_key, config_value, description, is_active FROM ai_recommendation_config ORDER BY config_key`,
      )) as {
        category: string;
        config_key: string;
        config_value: unknown;
        description: string;
        is_active: boolean;
      }[];
      expect(rows.map((r) => [r.config_key, r.category, r.is_active])).toEqual([
        ['additional_costs', 'features', true],
        ['component_pricing', 'pricing', true],
        ['tiered_pricing', 'pricing', true],
      ]);
      for (const r of rows) expect(r.description).toMatch(/US dollars/);

      const tiers = tieredPricingSchema.parse(rows.find((r) => r.config_key === 'tiered_pricing')!.config_value);
      expect(tiers.low).toMatchObject({ range: '4-6', avgPerDeviceCost: 800 });
      expect(tiers.medium).toMatchObject({ range: '7-20', avgPerDeviceCost: 1140 });
      expect(tiers.high).toMatchObject({ range: '21-50', avgPerDeviceCost: 1020 });

      const components = componentPricingSchema.parse(rows.find((r) => r.config_key === 'component_pricing')!.config_value);
      expect(components).toEqual({
        camera_unit_price: 250,
        wiring_per_camera: 200,
        installation_per_camera: 350,
        programming_per_camera: 150,
        total_per_camera: 950,
        installation_day_rate: 2200,
        nvr_8ch: 1386,
        nvr_16ch: 1500,
        nvr_32ch: 2000,
        rack_accessories: 500,
      });
      expect(
        components.camera_unit_price +
          components.wiring_per_camera +
          components.installation_per_camera +
          components.programming_per_camera,
      ).toBe(components.total_per_camera);

      const extras = additionalCostsSchema.parse(rows.find((r) => r.config_key === 'additional_costs')!.config_value);
      expect(extras.access_control_system.perDoor).toBe(1200);
      expect(extras.video_intercom_system.perDoor).toBe(3000);
      expect(extras.professional_monitoring).toMatchObject({ setupPerCamera: 100, monthlyPerCamera: 75 });
    });

    it('stocks all five inventory categories with cent prices matching the AI defaults', async () => {
      const rows = (await ds.query(
        `SELECT category, count(*)::int AS n FROM inventory WHERE is_active GROUP BY category ORDER BY category`,
      )) as { category: string; n: number }[];
      expect(rows.map((r) => r.category)).toEqual(['cameras', 'features', 'installation', 'nvr', 'services']);
      for (const r of rows) expect(r.n).toBeGreaterThanOrEqual(3);

      const price = async (name: string) =>
        (await one<{ unit_price: number }>(`SELECT unit_price FROM inventory WHERE name = $1`, [name])).unit_price;
      expect(await price('4K Turret IP Camera')).toBe(25000);
      expect(await price('8-Channel PoE NVR (2 TB)')).toBe(138600);
      expect(await price('16-Channel PoE NVR (4 TB)')).toBe(150000);
      expect(await price('32-Channel NVR (8 TB, RAID)')).toBe(200000);
      expect(await price('Equipment Rack & Accessories')).toBe(50000);
      expect(await price('Cat6 Wiring (per camera)')).toBe(20000);
      expect(await price('Camera Installation (per camera)')).toBe(35000);
      expect(await price('Camera Programming & Configuration (per camera)')).toBe(15000);
      expect(await price('Installation Crew Day')).toBe(220000);
      expect(await price('Access Control System (per door)')).toBe(120000);
      expect(await price('Video Intercom System (per door)')).toBe(300000);
      expect(await price('Professional Monitoring Setup (per camera)')).toBe(10000);

      const turret = await one<{ specifications: Record<string, unknown> }>(
        `SELECT specifications FROM inventory WHERE name = '4K Turret IP Camera'`,
      );
      expect(turret.specifications).toMatchObject({ resolution: expect.stringContaining('3840x2160') });
      const nvr = await one<{ specifications: Record<string, unknown> }>(
        `SELECT specifications FROM inventory WHERE name = '16-Channel PoE NVR (4 TB)'`,
      );
      expect(nvr.specifications).toMatchObject({ channels: 16, storage: '4 TB' });
    });

    it('turns the three feature switches on and stores valid company facts', async () => {
      const rows = (await ds.query(
        `SELECT setting_key, setting_value, description, is_active FROM site_settings ORDER BY setting_key`,
      )) as {
        setting_key: string;
        setting_value: unknown;
        description: string | null;
        is_active: boolean;
      }[];
      const byKey = new Map(rows.map((r) => [r.setting_key, r]));
      for (const key of ['calculator_enabled', 'contact_forms_enabled', 'shopping_form_enabled']) {
        expect(byKey.get(key)).toMatchObject({ setting_value: true, is_active: true });
        expect(byKey.get(key)!.description).toBeTruthy();
      }
      const facts = companyFactsSchema.parse(byKey.get('company_facts')!.setting_value);
      expect(facts).toMatchObject({ name: 'Ironclad Security Systems', phone: '(212) 555-0147', emergencyPhone: '(212) 555-0199' });
      expect(facts.officeHours).toContainEqual({ days: 'Sat', hours: '9AM-4PM' });
    });

    it('seeds JULY4 at 25% until 2025-07-31, i.e. expired today', async () => {
      const promo = await one<{ code: string; percent: number; valid_until: string; banner_text: string; is_active: boolean }>(
        `SELECT code, percent, to_char(valid_until, 'YYYY-MM-DD') AS valid_until, banner_text, is_active FROM promotions WHERE code = 'JULY4'`,
      );
      expect(promo).toEqual({
        code: 'JULY4',
        percent: 25,
        valid_until: '2025-07-31',
        is_active: true,
        banner_text: 'July Special: 25% off new installations — book by July 31st',
      });
      const asPromotion = { code: promo.code, percent: promo.percent, validUntil: promo.valid_until, bannerText: promo.banner_text };
      expect(isPromotionActive(asPromotion, new Date('2025-07-31T12:00:00Z'))).toBe(true);
      expect(isPromotionActive(asPromotion, new Date())).toBe(false);
    });

    it('publishes at least 6 case studies across the four categories, 2 featured, and keeps a draft unpublished', async () => {
      const published = (await ds.query(
        `SELECT title, category, featured, image_url, images, project_value_cents, completion_date, tags, challenge, solution, results FROM case_studies WHERE published`,
      )) as {
        title: string;
        category: string;
        featured: boolean;
        image_url: string;
        images: string[];
        project_value_cents: string;
        completion_date: string | null;
        tags: string[];
        challenge: string;
        solution: string;
        results: string;
      }[];
      expect(published.length).toBeGreaterThanOrEqual(6);
      expect(new Set(published.map((c) => c.category))).toEqual(new Set(['residential', 'commercial', 'industrial', 'smart_home']));
      expect(published.filter((c) => c.featured)).toHaveLength(2);
      for (const c of published) {
        expect(c.images).toHaveLength(2);
        expect(c.images[0]).toMatch(/^\/images\/projects\/[a-z0-9-]+-before\.webp$/);
        expect(c.images[1]).toMatch(/^\/images\/projects\/[a-z0-9-]+-after\.webp$/);
        expect(Number(c.project_value_cents)).toBeGreaterThan(0);
        expect(c.completion_date).not.toBeNull();
        expect(c.tags.length).toBeGreaterThan(0);
        expect(c.challenge && c.solution && c.results).toBeTruthy();
      }
      const text = published.map((c) => `${c.challenge} ${c.solution} ${c.tags.join(' ')}`).join('\n');
      expect(text).toMatch(/4,500 sq ft/);
      expect(text).toMatch(/2 days/);
      expect(text).toMatch(/50,000 sq ft/);
      expect(text).toMatch(/200 employees|200\+ employees/);

      const drafts = (await ds.query(`SELECT title FROM case_studies WHERE NOT published`)) as { title: string }[];
      expect(drafts).toHaveLength(1);
    });

    it('publishes the 3 home-page testimonials plus service-page ones', async () => {
      const rows = (await ds.query(
        `SELECT name, role, content, rating, image_url, location, service_category, featured FROM testimonials WHERE published`,
      )) as {
        name: string;
        role: string;
        content: string;
        rating: number;
        image_url: string;
        location: string;
        service_category: string;
        featured: boolean;
      }[];
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const home = rows.filter((r) => r.featured);
      expect(home).toHaveLength(3);
      for (const t of rows) {
        expect(t.rating).toBe(5);
        expect(t.image_url).toMatch(/^\/images\/testimonials\/[a-z0-9-]+\.webp$/);
        expect(t.role && t.content && t.location && t.service_category).toBeTruthy();
      }
      expect(rows.filter((r) => !r.featured && r.service_category === 'residential').length).toBeGreaterThanOrEqual(2);
      expect(rows.filter((r) => !r.featured && r.service_category === 'business').length).toBeGreaterThanOrEqual(2);
    });

    it('stores hero and about texts in site_content', async () => {
      const rows = (await ds.query(`SELECT section, key, type FROM site_content`)) as { section: string; key: string; type: string }[];
      expect(rows.some((r) => r.section === 'hero')).toBe(true);
      expect(rows.some((r) => r.section === 'about')).toBe(true);
      expect(rows.every((r) => r.type === 'text')).toBe(true);
    });
  });

  describe('staff edits', () => {
    it('survive a re-seed', async () => {
      await ds.query(`UPDATE site_settings SET setting_value = 'false'::jsonb WHERE setting_key = 'calculator_enabled'`);
      await ds.query(
        `UPDATE ai_recommendation_config SET config_value = jsonb_set(config_value, '{camera_unit_price}', '300') WHERE config_key = 'component_pricing'`,
      );
      await ds.query(`UPDATE inventory SET unit_price = 26500, description = 'staff text' WHERE name = '4K Turret IP Camera'`);
      await ds.query(`UPDATE promotions SET valid_until = '2099-07-31' WHERE code = 'JULY4'`);
      await ds.query(`UPDATE case_studies SET published = false WHERE featured`);
      await ds.query(`UPDATE site_content SET value = 'Staff headline' WHERE section = 'hero' AND key = 'headline'`);
      const before = await snapshot();

      expect(await runSeed(ds)).toEqual(NOTHING_INSERTED);

      expect(await snapshot()).toEqual(before);
      expect((await one<{ v: unknown }>(`SELECT setting_value AS v FROM site_settings WHERE setting_key = 'calculator_enabled'`)).v).toBe(
        false,
      );
      expect(
        (
          await one<{ v: number }>(
            `SELECT (config_value->>'camera_unit_price')::int AS v FROM ai_recommendation_config WHERE config_key = 'component_pricing'`,
          )
        ).v,
      ).toBe(300);
      expect((await one<{ v: number }>(`SELECT unit_price AS v FROM inventory WHERE name = '4K Turret IP Camera'`)).v).toBe(26500);
    });
  });
});
