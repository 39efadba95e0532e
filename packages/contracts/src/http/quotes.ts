/**
 * The AI security designer's call (public-site.md §2 "AI security designer", §7 POST /api/leads;
 * decisions.md §3): the wizard sends its lead to POST /api/leads (createLeadSchema, leads.ts) with
 * source `ai_shopping`, and the answer carries the server's quote.
 */
import { z } from 'zod';
import { aiRecommendationSchema } from '../quote.js';
import { createLeadResponseSchema, leadSchema } from './leads.js';

/**
 * 201 answer of POST /api/leads for an `ai_shopping` lead: the lead carries the design engine's
 * `aiRecommendation` and `totalEstimate` (whole US dollars; = the recommendation's
 * `pricing.totalProjectCost`).
 */
export const wizardLeadResponseSchema = createLeadResponseSchema.extend({
  lead: leadSchema.extend({
    totalEstimate: z.number().int(),
    aiRecommendation: aiRecommendationSchema,
  }),
});
export type WizardLeadResponse = z.output<typeof wizardLeadResponseSchema>;
