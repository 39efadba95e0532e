/**
 * Public site content calls (public-site.md §3, §7; staff-side.md §3, §7; decisions.md §6, §7,
 * §11): the public config, case studies, testimonials and site settings. All public.
 *
 * Units: money in whole US dollars; dates ISO-8601 strings.
 */
import { z } from 'zod';
import { CASE_STUDY_CATEGORIES, SITE_IMAGE_KEYS, SITE_SETTING_KEYS, type SiteSettingKey } from '../content.js';
import { companyFactsSchema, promotionSchema } from '../content-schemas.js';
import { siteImageSchema } from './images.js';

/**
 * Answer of GET /api/public-config: company facts, the promotion while valid, the feature
 * switches (every key of SITE_SETTING_KEYS) and the Stripe publishable key (null when online
 * payment is not configured). Served pages embed the same object (PUBLIC_CONFIG_SCRIPT_ID,
 * content.ts).
 */
export const publicConfigSchema = z.object({
  company: companyFactsSchema,
  promotion: promotionSchema.nullable(),
  features: z.object(Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, z.boolean()])) as Record<SiteSettingKey, z.ZodBoolean>),
  stripePublishableKey: z.string().nullable(),
  /**
   * The active ("Applied to Website") image of each image key that has one (staff-side.md §3, and
   * LANDING_IMAGE_KEY): its WebP variants as `srcSet`, a `src` and its size; a page uses its
   * built-in graphic for a key that is absent. Optional: older servers omit it.
   */
  generatedImages: z.partialRecord(z.enum(SITE_IMAGE_KEYS), siteImageSchema).optional(),
});
export type PublicConfig = z.output<typeof publicConfigSchema>;

/** A published case study. `projectValue` in whole dollars. */
export const caseStudySchema = z.object({
  id: z.number(),
  title: z.string(),
  client: z.string().nullable(),
  category: z.enum(CASE_STUDY_CATEGORIES),
  description: z.string(),
  challenge: z.string(),
  solution: z.string(),
  results: z.string(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  projectValue: z.number().nullable(),
  completionDate: z.string().nullable(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseStudy = z.output<typeof caseStudySchema>;

/** Answer of GET /api/case-studies: published only, featured first, then newest completion. */
export const caseStudiesResponseSchema = z.object({ caseStudies: z.array(caseStudySchema) });
export type CaseStudiesResponse = z.output<typeof caseStudiesResponseSchema>;

/** A published testimonial (staff-side.md §3 "testimonials"). `rating` 1-5. */
export const testimonialSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string().nullable(),
  company: z.string().nullable(),
  content: z.string(),
  rating: z.number(),
  imageUrl: z.string().nullable(),
  location: z.string().nullable(),
  serviceCategory: z.string().nullable(),
  featured: z.boolean(),
  published: z.boolean(),
  createdAt: z.string(),
});
export type Testimonial = z.output<typeof testimonialSchema>;

/** Answer of GET /api/testimonials: published only, featured first. */
export const testimonialsResponseSchema = z.object({ testimonials: z.array(testimonialSchema) });
export type TestimonialsResponse = z.output<typeof testimonialsResponseSchema>;

/** One site setting as GET /api/site-settings lists it; feature switches hold booleans. */
export const siteSettingSchema = z.object({
  id: z.number(),
  settingKey: z.string(),
  settingValue: z.unknown(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  /** Edit version (a staff save sends it back; 409 when someone saved the setting since). */
  version: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SiteSetting = z.output<typeof siteSettingSchema>;

/** Answer of GET /api/site-settings: a bare list of settings (public-site.md §7, staff-side.md §7). */
export const siteSettingsResponseSchema = z.array(siteSettingSchema);
export type SiteSettingsResponse = z.output<typeof siteSettingsResponseSchema>;
