/**
 * Idempotent seed: the reference data a fresh installation needs (AI pricing, inventory, feature
 * switches, company facts, the JULY4 promotion, the default email templates) and the marketing
 * content (case studies, testimonials, site texts).
 *
 * Every row is insert-if-missing on its unique key (`ON CONFLICT … DO NOTHING`): running the seed
 * again never duplicates a row and never overwrites a value staff have edited. (A seeded row staff
 * have *deleted* does come back on the next run; disable it — isActive / published — instead.)
 * All inserts run in one transaction, after the data has been validated.
 */
import type { DataSource } from 'typeorm';
import { CASE_STUDY_CATEGORIES, companyFactsSchema, promotionSchema, QUOTE_ENGINE_SKUS, skuField } from '@ironclad/contracts';
import { EmailTemplateRecord, templateSyntaxError } from '../../modules/communications/index.js';
import { INVENTORY_CATEGORIES, InventoryItemRecord } from '../../modules/inventory/index.js';
import { AI_CONFIG_DEFAULTS, AI_CONFIG_SCHEMAS, AiConfigRecord } from '../../modules/quotes/index.js';
import {
  CaseStudyRecord,
  COMPANY_FACTS_KEY,
  PromotionRecord,
  SiteContentRecord,
  SiteSettingRecord,
  TestimonialRecord,
} from '../../modules/site/index.js';
import { CASE_STUDIES_SEED, SITE_CONTENT_SEED, TESTIMONIALS_SEED } from './content.data.js';
import { EMAIL_TEMPLATES_SEED } from './email-templates.data.js';
import { insertMissing } from './insert-missing.js';
import { INVENTORY_SEED } from './inventory.data.js';
import { PROMOTIONS_SEED, SITE_SETTINGS_SEED } from './settings.data.js';

/** Rows inserted by one run, per table (all 0 when everything was already there). */
export interface SeedReport {
  ai_recommendation_config: number;
  inventory: number;
  site_settings: number;
  promotions: number;
  case_studies: number;
  testimonials: number;
  site_content: number;
  email_templates: number;
}

/** Throws when the seed data itself is inconsistent (checked before anything is written). */
export function validateSeedData(): void {
  for (const c of AI_CONFIG_DEFAULTS) AI_CONFIG_SCHEMAS[c.configKey].parse(c.configValue);
  const facts = SITE_SETTINGS_SEED.find((s) => s.settingKey === COMPANY_FACTS_KEY);
  if (!facts) throw new Error(`seed: ${COMPANY_FACTS_KEY} missing`);
  companyFactsSchema.parse(facts.settingValue);
  for (const p of PROMOTIONS_SEED) promotionSchema.parse(p);
  for (const item of INVENTORY_SEED) {
    if (!INVENTORY_CATEGORIES.includes(item.category)) throw new Error(`seed: bad inventory category ${item.category}`);
    if (!Number.isInteger(item.unitPrice) || item.unitPrice < 0) throw new Error(`seed: ${item.name} unitPrice must be integer cents`);
    if (!skuField.safeParse(item.sku).success || skuField.parse(item.sku) !== item.sku) throw new Error(`seed: bad SKU ${item.sku}`);
  }
  const skus = new Set(INVENTORY_SEED.map((i) => i.sku));
  if (skus.size !== INVENTORY_SEED.length) throw new Error('seed: inventory SKUs must be unique');
  for (const sku of Object.values(QUOTE_ENGINE_SKUS)) {
    // the cloud-storage and smart-home lines are priced at the site survey until staff add such items
    if (!skus.has(sku) && sku !== QUOTE_ENGINE_SKUS.cloudStorage && sku !== QUOTE_ENGINE_SKUS.smartHome)
      throw new Error(`seed: no inventory item for the quote engine's SKU ${sku}`);
  }
  for (const cs of CASE_STUDIES_SEED) {
    if (!CASE_STUDY_CATEGORIES.includes(cs.category)) throw new Error(`seed: bad case-study category ${cs.category}`);
  }
  for (const t of EMAIL_TEMPLATES_SEED) {
    const error = templateSyntaxError(t.subject) ?? templateSyntaxError(t.content);
    if (error) throw new Error(`seed: email template ${t.name}: ${error}`);
  }
  for (const t of TESTIMONIALS_SEED) {
    if (!Number.isInteger(t.rating) || t.rating < 1 || t.rating > 5) throw new Error(`seed: bad rating for ${t.name}`);
  }
}

export async function runSeed(ds: DataSource): Promise<SeedReport> {
  validateSeedData();
  return ds.transaction(async (em) => ({
    ai_recommendation_config: await insertMissing(
      em,
      AiConfigRecord,
      ['configKey'],
      AI_CONFIG_DEFAULTS.map((c) => ({ ...c, isActive: true })),
    ),
    inventory: await insertMissing(em, InventoryItemRecord, ['sku'], INVENTORY_SEED),
    site_settings: await insertMissing(em, SiteSettingRecord, ['settingKey'], SITE_SETTINGS_SEED),
    promotions: await insertMissing(em, PromotionRecord, ['code'], PROMOTIONS_SEED),
    case_studies: await insertMissing(em, CaseStudyRecord, ['title'], CASE_STUDIES_SEED),
    // Key (name, content). The entity's unique index currently covers "name" only (see the
    // migration), so no conflict target is named: either index makes the insert a no-op.
    testimonials: await insertMissing(em, TestimonialRecord, ['name', 'content'], TESTIMONIALS_SEED),
    email_templates: await insertMissing(em, EmailTemplateRecord, ['name'], EMAIL_TEMPLATES_SEED),
    site_content: await insertMissing(em, SiteContentRecord, ['section', 'key'], SITE_CONTENT_SEED),
  }));
}
