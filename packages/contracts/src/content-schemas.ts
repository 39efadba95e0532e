/**
 * The zod schemas of content.ts's company facts (decisions.md §6) and promotion (decisions.md §7),
 * apart from its plain constants (see content.ts).
 */
import { z } from 'zod';

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
