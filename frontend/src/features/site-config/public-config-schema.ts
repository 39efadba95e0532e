/**
 * Runtime schema of the `GET /api/public-config` answer (decisions.md §6, §7, §11). Loaded beside
 * the request by public-config.ts, so zod is not part of the first download of a page.
 */
import { SITE_IMAGE_KEYS, SITE_SETTING_KEYS, companyFactsSchema, promotionSchema, type PublicConfig } from '@ironclad/contracts';
import { z } from 'zod';

export const publicConfigSchema = z.object({
  company: companyFactsSchema,
  promotion: promotionSchema.nullable(),
  features: z.object(
    Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof SITE_SETTING_KEYS)[number], z.ZodBoolean>,
  ),
  stripePublishableKey: z.string().nullable(),
  generatedImages: z.partialRecord(z.enum(SITE_IMAGE_KEYS), z.string()).optional(),
}) satisfies z.ZodType<PublicConfig>;
