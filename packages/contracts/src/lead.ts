/**
 * The lead's pipeline status model, sources and building info (public-site.md §3 "Lead",
 * staff-side.md §3 "leads", decisions.md §3 and §5). The calls are in http/leads.ts.
 */
import { z } from 'zod';
import { limitedText, optionalText } from './text.js';
import { WIZARD_FIELD_MAX_LENGTH as MAX } from './quote.js';

/** The canonical pipeline stages, in pipeline order (decisions.md §5). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Aliases accepted on input: the leads tab's `quoted`, the CRM's `closed-won` / `closed-lost`. */
export const LEAD_STATUS_ALIASES: Readonly<Record<string, LeadStatus>> = {
  quoted: 'proposal',
  'closed-won': 'won',
  'closed-lost': 'lost',
  closed_won: 'won',
  closed_lost: 'lost',
};

/** Accepts a canonical status or an alias and yields the canonical name. */
export const leadStatusField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => LEAD_STATUS_ALIASES[v] ?? v)
  .pipe(z.enum(LEAD_STATUSES, { error: `Status must be one of ${LEAD_STATUSES.join(', ')}.` }));

/** Where a lead came from (staff-side.md §3). `unknown` is the client default when absent. */
export const LEAD_SOURCES = ['ai_shopping', 'cost_calculator', 'manual_estimator', 'contact_conversion', 'unknown'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Human labels of the lead sources: staff screens and timelines never show the stored codes. */
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  ai_shopping: 'AI Security Designer',
  cost_calculator: 'Cost Calculator',
  manual_estimator: 'Manual Estimator',
  contact_conversion: 'Converted contact',
  unknown: 'Unknown',
};

/** Wizard budget values (public-site.md §3). */
export const BUDGET_VALUES = ['under-10k', '10k-25k', '25k-50k', '50k-plus'] as const;
/** Wizard timeline values (public-site.md §3). */
export const TIMELINE_VALUES = ['asap', '1-month', '2-3-months', 'flexible'] as const;

/** A string-or-number field such as floors ("4+") or entry points (free text in the wizard). */
const stringOrNumber = z.union([limitedText(MAX.entryPoints), z.number().finite().min(0).max(1_000_000)]);

/** buildingInfo (public-site.md §3): every subfield optional; unknown subfields rejected. */
export const buildingInfoSchema = z
  .object({
    type: optionalText(100),
    size: optionalText(100),
    squareFootage: z.union([limitedText(MAX.squareFootage), z.number().finite().min(0).max(10_000_000)]).optional(),
    floors: stringOrNumber.optional(),
    entryPoints: stringOrNumber.optional(),
    coverage: z.array(limitedText(200)).max(50).optional(),
    description: optionalText(5000),
    budget: optionalText(100),
    timeline: optionalText(100),
    specificAreas: optionalText(MAX.specificAreas),
    buildingSize: optionalText(100),
    buildingComplexity: optionalText(50),
    cameras: z.number().int().min(0).max(10_000).optional(),
    hasAccessControl: z.boolean().optional(),
    hasVideoIntercom: z.boolean().optional(),
    hasMonitoring: z.boolean().optional(),
  })
  .strict();
export type BuildingInfo = z.output<typeof buildingInfoSchema>;
