/**
 * The zod schemas of content.ts's company facts (decisions.md §6) and promotion (decisions.md §7),
 * apart from its plain constants (see content.ts).
 */
import { z } from 'zod';
import { DEFAULT_CUSTOMER_RATING } from './content.js';

/**
 * The customers' rating the site states (public-site.md §1: "4.9 of 5") and the number of reviews
 * it is the average of. Staff keep both up to date in Settings → Company Facts; the site shows them
 * together (hero, trust strip, designer page) and the JSON-LD AggregateRating carries the same two
 * figures, so the page and its structured data cannot disagree. `ratingValue` is out of 5 with one
 * decimal; `reviewCount` is a whole number of reviews (at least 1).
 */
export const customerRatingSchema = z.object({
  ratingValue: z
    .number({ error: 'Rating must be a number from 1 to 5.' })
    .min(1, { error: 'Rating must be a number from 1 to 5.' })
    .max(5, { error: 'Rating must be a number from 1 to 5.' })
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { error: 'Rating has at most one decimal (e.g. 4.9).' }),
  reviewCount: z
    .number({ error: 'Number of reviews must be a whole number.' })
    .int({ error: 'Number of reviews must be a whole number.' })
    .min(1, { error: 'Number of reviews must be at least 1.' }),
});
export type CustomerRating = z.infer<typeof customerRatingSchema>;

/** Company facts (decisions.md §6), one place for every page, PDF and email. */
export const companyFactsSchema = z.object({
  name: z.string().min(1),
  phone: z.string().min(1),
  emergencyPhone: z.string().min(1),
  email: z.string().email(),
  address: z.object({
    street: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  officeHours: z.array(z.object({ days: z.string(), hours: z.string() })),
  serviceArea: z.string(),
  /** Absent in facts stored before it existed: those read as the seed's rating. */
  customerRating: customerRatingSchema.default(DEFAULT_CUSTOMER_RATING),
});
export type CompanyFacts = z.infer<typeof companyFactsSchema>;

/** A promotion (decisions.md §7); shown and applied only while `validUntil` (YYYY-MM-DD, inclusive) is not past. */
export const promotionSchema = z.object({
  code: z.string().min(1),
  percent: z.number().min(0).max(100),
  validUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  bannerText: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;
