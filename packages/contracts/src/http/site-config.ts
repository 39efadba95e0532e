/**
 * The staff configuration calls (staff-side.md §2 "AI configuration tab", "Site settings tab",
 * §3, §7, §8; decisions.md §6, §7, §11): the AI recommendation config (list, create, edit, preview
 * of an edit on reference quotes), the site settings (feature switches and company facts) and the
 * promotions (list, create, edit, end). Staff only (401 without a session, 403 for a non-admin).
 *
 * Concurrency: every editable record carries `version`; a save that sends the `version` it was
 * editing is refused with 409 CONFLICT when someone saved the record since (nothing written).
 *
 * Units: AI configuration amounts in whole US dollars; promotion percent 0-100; dates YYYY-MM-DD;
 * timestamps ISO-8601.
 */
import { z } from 'zod';
import { AI_CONFIG_EDIT_SCHEMAS, AI_CONFIG_KEYS, type AiConfigKey } from '../ai-config.js';
import { SITE_SETTING_KEYS } from '../content.js';
import { companyFactsSchema } from '../content-schemas.js';

/** The kinds of configuration that carry a version (configuration_versions), named after their tables. */
export const CONFIGURATION_KINDS = ['site_settings', 'ai_recommendation_config', 'promotions', 'inventory', 'site_images'] as const;
export type ConfigurationKind = (typeof CONFIGURATION_KINDS)[number];

/** The current version of each kind of configuration. */
export const configurationVersionsSchema = z.partialRecord(z.enum(CONFIGURATION_KINDS), z.number().int().nonnegative());
export type ConfigurationVersions = z.output<typeof configurationVersionsSchema>;

/** An edit version as a client sends it back (the `version` of the record it edited). */
const editVersion = z.number({ error: 'Version must be a number.' }).int().positive().optional();

// ─── AI recommendation config ───────────────────────────────────────────────────────────────────

export const AI_CONFIG_CATEGORIES = ['pricing', 'features'] as const;

/** The category each key belongs to (staff-side.md §3). */
export const AI_CONFIG_CATEGORY_OF_KEY: Readonly<Record<AiConfigKey, (typeof AI_CONFIG_CATEGORIES)[number]>> = {
  tiered_pricing: 'pricing',
  component_pricing: 'pricing',
  additional_costs: 'features',
};

/** One `ai_recommendation_config` record (staff-side.md §3). */
export const aiConfigRecordSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  configKey: z.string(),
  configValue: z.unknown(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiConfigRecordDto = z.output<typeof aiConfigRecordSchema>;

/** Answer of GET /api/ai-configs: `{configs}` (staff-side.md §7) and the current configuration versions. */
export const aiConfigListResponseSchema = z.object({ configs: z.array(aiConfigRecordSchema), versions: configurationVersionsSchema });
export type AiConfigListResponse = z.output<typeof aiConfigListResponseSchema>;

const descriptionField = z
  .string({ error: 'Description must be text.' })
  .trim()
  .max(1000, { error: 'Description must be at most 1,000 characters.' })
  .nullable()
  .optional();

const configValueOf = <K extends AiConfigKey>(key: K) =>
  z.object({
    category: z.enum(AI_CONFIG_CATEGORIES, { error: 'Category must be pricing or features.' }),
    configKey: z.literal(key),
    configValue: AI_CONFIG_EDIT_SCHEMAS[key],
    description: descriptionField,
    isActive: z.boolean().default(true),
  });

/**
 * Body of POST /api/ai-configs (staff-side.md §7): `{category, configKey, configValue, description,
 * isActive}`; `configValue` must pass its key's edit schema (whole dollars, bounded, tier ranges
 * readable and disjoint). Creates the key's record, or replaces the value of the existing one.
 */
export const createAiConfigSchema = z.discriminatedUnion(
  'configKey',
  [configValueOf('tiered_pricing'), configValueOf('component_pricing'), configValueOf('additional_costs')],
  { error: `Config key must be one of ${AI_CONFIG_KEYS.join(', ')}.` },
);
export type CreateAiConfig = z.output<typeof createAiConfigSchema>;

/**
 * Body of PATCH /api/ai-configs/{id} (staff-side.md §7): `{configValue, description}` plus the
 * `version` being edited. `configValue` is checked against the edit schema of the record's key.
 */
export const updateAiConfigSchema = z.object({
  configValue: z.unknown().refine((v) => v !== undefined, { error: 'Config value is required.' }),
  description: descriptionField,
  version: editVersion,
});
export type UpdateAiConfig = z.output<typeof updateAiConfigSchema>;

/** Answer of POST/PATCH /api/ai-configs: the saved record and the new configuration version of the AI config. */
export const aiConfigSaveResponseSchema = z.object({ config: aiConfigRecordSchema, configurationVersion: z.number().int() });
export type AiConfigSaveResponse = z.output<typeof aiConfigSaveResponseSchema>;

/** Body of POST /api/ai-configs/preview: a key and the value about to be saved (same checks as a save). */
export const aiConfigPreviewSchema = z.discriminatedUnion(
  'configKey',
  [
    z.object({ configKey: z.literal('tiered_pricing'), configValue: AI_CONFIG_EDIT_SCHEMAS.tiered_pricing }),
    z.object({ configKey: z.literal('component_pricing'), configValue: AI_CONFIG_EDIT_SCHEMAS.component_pricing }),
    z.object({ configKey: z.literal('additional_costs'), configValue: AI_CONFIG_EDIT_SCHEMAS.additional_costs }),
  ],
  { error: `Config key must be one of ${AI_CONFIG_KEYS.join(', ')}.` },
);
export type AiConfigPreview = z.output<typeof aiConfigPreviewSchema>;

/** How many of the latest wizard quotes a preview reprices. */
export const PREVIEW_RECENT_QUOTES = 20;

/** One reference quote of a preview: its total now and with the edit (whole dollars). */
export const previewQuoteSchema = z.object({
  /** e.g. "Spec sample: 4,500 sq ft home" or "Lead #42 — Ana Reyes (office, 12,000 sq ft)". */
  label: z.string(),
  kind: z.enum(['sample', 'lead']),
  leadId: z.number().int().nullable(),
  oldTotal: z.number().int(),
  newTotal: z.number().int(),
  /** newTotal − oldTotal. */
  difference: z.number().int(),
});
export type PreviewQuote = z.output<typeof previewQuoteSchema>;

/**
 * Answer of POST /api/ai-configs/preview: the spec's two samples (4,500 sq ft home, 50,000 sq ft
 * office) and the latest PREVIEW_RECENT_QUOTES wizard quotes, each priced with the configuration
 * as stored and as edited (the same promotion and catalogue for both).
 */
export const aiConfigPreviewResponseSchema = z.object({ quotes: z.array(previewQuoteSchema) });
export type AiConfigPreviewResponse = z.output<typeof aiConfigPreviewResponseSchema>;

// ─── site settings ──────────────────────────────────────────────────────────────────────────────

/** Key of the company-facts setting (decisions.md §6). */
export const COMPANY_FACTS_SETTING_KEY = 'company_facts';

/** The settings staff can set: the three feature switches and the company facts. */
export const EDITABLE_SETTING_KEYS = [...SITE_SETTING_KEYS, COMPANY_FACTS_SETTING_KEY] as const;
export type EditableSettingKey = (typeof EDITABLE_SETTING_KEYS)[number];

/** Schema of each editable setting's `settingValue`. */
export const SETTING_VALUE_SCHEMAS: Readonly<Record<EditableSettingKey, z.ZodType>> = {
  calculator_enabled: z.boolean({ error: 'Setting value must be true or false.' }),
  contact_forms_enabled: z.boolean({ error: 'Setting value must be true or false.' }),
  shopping_form_enabled: z.boolean({ error: 'Setting value must be true or false.' }),
  company_facts: companyFactsSchema,
};

/** Body of PUT /api/site-settings/{settingKey} (staff-side.md §7): `{settingValue, description}` plus the `version` being edited. */
export const updateSiteSettingSchema = z.object({
  settingValue: z.unknown().refine((v) => v !== undefined, { error: 'Setting value is required.' }),
  description: descriptionField,
  version: editVersion,
});
export type UpdateSiteSetting = z.output<typeof updateSiteSettingSchema>;

// ─── promotions ─────────────────────────────────────────────────────────────────────────────────

const day = (label: string) =>
  z.string({ error: `${label} is required.` }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD).` });

/** Where a promotion stands today: not started, shown and applied, past its last day, or ended by staff. */
export const PROMOTION_STATUSES = ['scheduled', 'running', 'expired', 'ended'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** A stored promotion (decisions.md §7) as staff see it. */
export const promotionRecordSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string(),
  bannerText: z.string(),
  isActive: z.boolean(),
  status: z.enum(PROMOTION_STATUSES),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromotionRecordDto = z.output<typeof promotionRecordSchema>;

/** Answer of GET /api/promotions: newest first. */
export const promotionListResponseSchema = z.object({ promotions: z.array(promotionRecordSchema) });
export type PromotionListResponse = z.output<typeof promotionListResponseSchema>;

/** Answer of POST/PATCH /api/promotions and POST /api/promotions/{id}/end. */
export const promotionResponseSchema = z.object({ promotion: promotionRecordSchema });
export type PromotionResponse = z.output<typeof promotionResponseSchema>;

const promotionFields = z.object({
  /** Trimmed, upper-cased: letters, digits, - and _. */
  code: z
    .string({ error: 'Code is required.' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'Code is required.' })
    .max(32, { error: 'Code must be at most 32 characters.' })
    .regex(/^[A-Z0-9_-]+$/, { error: 'Code may hold only letters, digits, - and _.' }),
  percent: z
    .number({ error: 'Percent must be a number.' })
    .int({ error: 'Percent must be a whole number.' })
    .min(1, { error: 'Percent must be at least 1.' })
    .max(100, { error: 'Percent must be at most 100.' }),
  /** First valid day; null = from now. */
  validFrom: day('Valid from').nullable().default(null),
  validUntil: day('Valid until'),
  bannerText: z
    .string({ error: 'Banner text is required.' })
    .trim()
    .min(1, { error: 'Banner text is required.' })
    .max(200, { error: 'Banner text must be at most 200 characters.' }),
});

const fromNotAfterUntil = (p: { validFrom?: string | null; validUntil?: string }) =>
  !p.validFrom || !p.validUntil || p.validFrom <= p.validUntil;

/** Body of POST /api/promotions. */
export const createPromotionSchema = promotionFields.refine(fromNotAfterUntil, {
  error: 'Valid from must not be after valid until.',
  path: ['validFrom'],
});
export type CreatePromotion = z.output<typeof createPromotionSchema>;
export type CreatePromotionInput = z.input<typeof createPromotionSchema>;

/** Body of PATCH /api/promotions/{id}: the fields to change and the `version` being edited. */
export const updatePromotionSchema = promotionFields
  .partial()
  .extend({ validFrom: day('Valid from').nullable().optional(), version: editVersion })
  .refine(fromNotAfterUntil, { error: 'Valid from must not be after valid until.', path: ['validFrom'] });
export type UpdatePromotion = z.output<typeof updatePromotionSchema>;

/** Body of POST /api/promotions/{id}/end: the `version` being ended. */
export const endPromotionSchema = z.object({ version: editVersion });
export type EndPromotion = z.output<typeof endPromotionSchema>;
