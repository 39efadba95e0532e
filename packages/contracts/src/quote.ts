/**
 * The AI security designer: wizard options and the AI recommendation shape
 * (public-site.md §2 "AI security designer", §3 "Wizard form state" and "AI recommendation",
 * §9 "Deposits"; decisions.md §3, §10).
 *
 * Units of the recommendation: money in **whole US dollars**, durations in **business days**,
 * areas in **square feet**. The recommendation is always computed by the server's design engine
 * (backend/src/modules/quotes/design-engine.ts); a browser never supplies it.
 */
import { z } from 'zod';
import { cameraGeometrySchema, floorPlanSchema, notCoveredSchema } from './design/coverage.js';

/** Wizard step 1 building types, in the order the buttons show (public-site.md §2). */
export const WIZARD_BUILDING_TYPES = [
  'residential',
  'apartment',
  'office',
  'retail',
  'warehouse',
  'restaurant',
  'medical',
  'school',
] as const;
export type WizardBuildingType = (typeof WIZARD_BUILDING_TYPES)[number];

/** Wizard step 1 floors select values (public-site.md §2). */
export const WIZARD_FLOORS = ['1', '2', '3', '4+'] as const;
export type WizardFloors = (typeof WIZARD_FLOORS)[number];

/** Wizard step 3 additional-feature checkboxes, exact labels (public-site.md §2). */
export const WIZARD_FEATURES = [
  'Access Control System',
  'Video Intercom',
  'Alarm System Integration',
  'Remote Monitoring',
  'Mobile App Access',
  'Cloud Storage',
  'Professional Monitoring',
  'Smart Home Integration',
] as const;
export type WizardFeature = (typeof WIZARD_FEATURES)[number];

/**
 * Longest text each wizard field may hold (characters): the limits POST /api/leads enforces
 * (createLeadSchema), given to the form's inputs as `maxLength` so a visitor cannot type an
 * answer the server would refuse.
 */
export const WIZARD_FIELD_MAX_LENGTH = {
  squareFootage: 20,
  entryPoints: 2000,
  specificAreas: 5000,
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 32,
  company: 200,
} as const;

/** Square-footage limits of the wizard form (sq ft). The engine clamps to them. */
export const WIZARD_SQFT_MIN = 100;
export const WIZARD_SQFT_MAX = 1_000_000;

/** Wizard deposit share of the total project cost, percent (public-site.md §9). */
export const DEPOSIT_PERCENT = 10;
/** Consultation deposit in cents ($250, public-site.md §9). */
export const CONSULTATION_DEPOSIT_CENTS = 25_000;

/** Payment plan stages shown with the quote (public-site.md §9, staff-side.md §9). */
export const PAYMENT_PLAN = [
  { percent: 10, label: 'Deposit', detail: 'Secures your installation date' },
  { percent: 40, label: 'Design approval', detail: 'When you approve the final design' },
  { percent: 30, label: 'Wiring complete', detail: 'When all cabling is in place' },
  { percent: 20, label: 'Project complete', detail: 'After the final walkthrough' },
] as const;

/** The wizard deposit in cents: round(10% × total), total in whole dollars (public-site.md §9). */
export function depositCentsForTotal(totalDollars: number): number {
  return Math.round((totalDollars * 100 * DEPOSIT_PERCENT) / 100);
}

/** Camera placement priorities (public-site.md §2 "Camera Placement": Critical, High, other). */
export const CAMERA_PRIORITIES = ['Critical', 'High', 'Medium'] as const;
export type CameraPriority = (typeof CAMERA_PRIORITIES)[number];

const dollars = z.number().int().nonnegative().describe('whole US dollars');
const days = z.number().int().nonnegative().describe('business days');

/** One line of the equipment list. `total = quantity × unitPrice` (whole dollars). */
export const equipmentLineSchema = z.object({
  /** SKU of the catalogue item that priced the line; absent when a configuration price did. */
  sku: z.string().optional(),
  item: z.string(),
  description: z.string(),
  quantity: z.number().int().nonnegative(),
  unitPrice: dollars,
  total: dollars,
});
export type EquipmentLine = z.infer<typeof equipmentLineSchema>;

/** A category of the equipment list (inventory category label, e.g. "Security Cameras"). */
export const equipmentCategorySchema = z.object({
  category: z.string(),
  items: z.array(equipmentLineSchema),
});
export type EquipmentCategory = z.infer<typeof equipmentCategorySchema>;

/** The promotion line (spec name `july4Discount`), present only while a promotion is valid. */
export const promotionDiscountSchema = z.object({
  code: z.string(),
  /** Percent off, 0-100. */
  percent: z.number().min(0).max(100),
  /** Whole dollars saved. */
  savings: dollars,
  /** Last valid day, YYYY-MM-DD. */
  validUntil: z.string(),
  /** Total after the discount, whole dollars (= pricing.totalProjectCost). */
  finalPrice: dollars,
});
export type PromotionDiscount = z.infer<typeof promotionDiscountSchema>;

/**
 * Pricing, whole dollars. `totalProjectCost = equipmentSubtotal + laborCost + additionalCosts
 * − (july4Discount?.savings ?? 0)`. `equipmentSubtotal` sums every equipment line except the
 * "Additional Features" category, whose lines sum to `additionalCosts`.
 */
export const recommendationPricingSchema = z.object({
  equipmentSubtotal: dollars,
  laborCost: dollars,
  additionalCosts: dollars,
  july4Discount: promotionDiscountSchema.optional(),
  totalProjectCost: dollars,
});
export type RecommendationPricing = z.infer<typeof recommendationPricingSchema>;

/** Project details. `totalProjectDays = wiringDays + programmingDays`; `installationDays` equals it. */
export const projectDetailsSchema = z.object({
  totalCameras: z.number().int().nonnegative(),
  /** Human-readable coverage statement. */
  coverage: z.string(),
  wiringDays: days,
  programmingDays: days,
  totalProjectDays: days,
  installationDays: days,
  /** e.g. "4,500 sq ft, 2 floors". */
  buildingSize: z.string(),
  /** standard | moderate | complex. */
  buildingComplexity: z.enum(['standard', 'moderate', 'complex']),
  /** The pricing tier the camera count falls in: low | medium | high. */
  estimateType: z.string(),
  /** True when the install is delivered in phases (large sites). */
  phased: z.boolean(),
  /** The §9 finish the project was priced at: `finished` (existing building) or `new` construction. */
  buildingFinish: z.enum(['new', 'finished']).optional(),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

/** One camera location. */
export const cameraLocationSchema = z.object({
  location: z.string(),
  quantity: z.number().int().positive(),
  priority: z.enum(CAMERA_PRIORITIES),
  /** Camera model (inventory item name). */
  type: z.string(),
  reason: z.string(),
  coverage: z.string(),
  /** Floor the cameras are on (1-based; 0 = outdoors / site perimeter). */
  floor: z.number().int().nonnegative(),
});
export type CameraLocation = z.infer<typeof cameraLocationSchema>;

// ─── design options (issue 21 point 5) ──────────────────────────────────────────────────────────

/**
 * The three designs the engine proposes for one wizard answer set, cheapest first; `recommended`
 * is pre-selected (issue 21 point 5). Each is a whole {@link AiRecommendation} priced through the
 * same §9 `priceProject` path, so a deposit or a PDF of the chosen option follows its own total.
 */
export const DESIGN_OPTION_KEYS = ['essential', 'recommended', 'complete'] as const;
export type DesignOptionKey = (typeof DESIGN_OPTION_KEYS)[number];

/** The option names the visitor sees. */
export const DESIGN_OPTION_LABELS: Readonly<Record<DesignOptionKey, string>> = {
  essential: 'Essential',
  recommended: 'Recommended',
  complete: 'Complete',
};

/** The option pre-selected on the quote page. */
export const DEFAULT_DESIGN_OPTION: DesignOptionKey = 'recommended';

/**
 * Video storage of a design (issue 21 point 5): the recorder's built-in drives plus extra
 * surveillance drives, and the days of continuous recording they hold at the design's camera
 * count (RECORDING_GB_PER_CAMERA_DAY per camera per day). Terabytes are decimal (1 TB = 1,000 GB).
 */
export const designStorageSchema = z.object({
  /** The recorder's name (catalogue item, else "N-Channel NVR"). */
  recorder: z.string(),
  /** Recorder channels: 8, 16, 32 or 64. */
  channels: z.number().int().positive(),
  /** The recorder's built-in storage, TB. */
  builtInTb: z.number().nonnegative(),
  /** Extra surveillance drives added (each `extraDriveTb`). */
  extraDrives: z.number().int().nonnegative(),
  /** TB of one extra drive (0 when none is added). */
  extraDriveTb: z.number().nonnegative(),
  /** builtInTb + extraDrives × extraDriveTb. */
  totalTb: z.number().nonnegative(),
  /** Whole days of continuous recording of every camera the storage holds. */
  retentionDays: z.number().int().nonnegative(),
  /** True when the design includes the Cloud Storage feature (an off-site copy). */
  cloudBackup: z.boolean(),
});
export type DesignStorage = z.infer<typeof designStorageSchema>;

/**
 * Average recording of one 4K camera with an H.265+ smart codec (about 1.85 Mbit/s continuous),
 * GB per day: the figure the engine sizes retention by.
 */
export const RECORDING_GB_PER_CAMERA_DAY = 20;

/** The AI recommendation (public-site.md §3), as stored on the lead and returned by the API. */
export const aiRecommendationSchema = z.object({
  summary: z.string(),
  description: z.string(),
  timeline: z.string(),
  warranty: z.string(),
  /** Notes of the design, one per line (budget fit, items priced at the site survey, monthly fees). */
  notes: z.string(),
  pricing: recommendationPricingSchema,
  projectDetails: projectDetailsSchema,
  equipmentList: z.array(equipmentCategorySchema),
  cameraLocations: z.array(cameraLocationSchema),
  /** Which of the three options this design is (issue 21 point 5); absent on quotes stored before. */
  option: z.enum(DESIGN_OPTION_KEYS).optional(),
  /** Recorder, drives and retention (issue 21 point 5); absent on quotes stored before. */
  storage: designStorageSchema.optional(),
  /** Named areas and entry points the design does not cover, with the reason (issue 21 point 2). */
  notCovered: z.array(notCoveredSchema).optional(),
  /** Every camera on its floor plan: position, heading, lens, field of view, DORI (issue 21 point 3). */
  cameras: z.array(cameraGeometrySchema).optional(),
  /** The floor outline and the places drawn on it (issue 21 point 3). */
  plan: floorPlanSchema.optional(),
});
export type AiRecommendation = z.infer<typeof aiRecommendationSchema>;

/** The three options of one quote (issue 21 point 5), each a full recommendation. */
export const designOptionsSchema = z.object({
  essential: aiRecommendationSchema,
  recommended: aiRecommendationSchema,
  complete: aiRecommendationSchema,
});
export type DesignOptions = z.infer<typeof designOptionsSchema>;
