/**
 * The cost calculator (public-site.md §2 "Cost calculator", §3 "Calculator specs" and "Cost
 * breakdown", §5 ranges, §9 "Calculator pricing" and "Calculator timeline"; decisions.md §3, §7).
 *
 * THE one place the calculator's formulas live: the /calculator page shows what
 * {@link priceCalculator} returns, and the API and the PDF worker recompute with the same function
 * from the stored configuration (prices are the server's, decisions.md §3).
 *
 * Units: every amount is in whole US dollars (no cents, §9 "USD, no decimals"); durations are
 * business days (or weeks, see {@link CalculatorTimeline}); square footage in sq ft.
 */
import { z } from 'zod';

/** Ranges of the controls (public-site.md §5). */
export const CALCULATOR_RANGES = {
  /** Square footage, sq ft. */
  sqft: { min: 1_000, max: 100_000, step: 500 },
  cameras: { min: 4, max: 50, step: 1 },
  entryPoints: { min: 1, max: 10, step: 1 },
} as const;

export const CALCULATOR_BUILDING_TYPES = ['residential', 'commercial'] as const;
export type CalculatorBuildingType = (typeof CALCULATOR_BUILDING_TYPES)[number];

/** `new` = new construction (open walls), `finished` = an existing, finished building. */
export const BUILDING_COMPLEXITIES = ['new', 'finished'] as const;
export type BuildingComplexity = (typeof BUILDING_COMPLEXITIES)[number];

/** Unit prices of §9 "Calculator pricing", whole dollars. */
export const CALCULATOR_PRICES = {
  /** Per camera in the breakdown (the quote payload's 950 is not used by the calculator). */
  camera: 250,
  /** Network video recorder by camera count: up to 8, up to 16, up to 32, above 32. */
  nvr: { upTo8: 1386, upTo16: 1500, upTo32: 2000, above32: 2500 },
  /** Accessories / infrastructure, flat. */
  accessories: 500,
  /** Wiring per camera. */
  wiringPerCamera: { finished: 205, new: 150 },
  /** Installation per group of 8 cameras (rounded up, at least one group). */
  installationPerGroup: { finished: 2600, new: 1800 },
  accessControlPerEntryPoint: 1200,
  videoIntercomPerEntryPoint: 3000,
  monitoringPerCamera: 100,
} as const;

/** Cameras per installation group (pricing and timeline). */
export const INSTALLATION_GROUP_SIZE = 8;
/** Cameras per wiring group of the timeline. */
export const TIMELINE_CAMERA_GROUP_SIZE = 4;
/** From this square footage the timeline is shown in weeks (sq ft). */
export const WEEKS_FROM_SQFT = 50_000;
/** Fewest weeks shown in weeks mode. */
export const MIN_WEEKS = 5;

const int = (label: string, r: { min: number; max: number; step: number }) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(r.min, { error: `${label} must be at least ${r.min.toLocaleString('en-US')}.` })
    .max(r.max, { error: `${label} must be at most ${r.max.toLocaleString('en-US')}.` })
    .refine((v) => (v - r.min) % r.step === 0, { error: `${label} must be in steps of ${r.step.toLocaleString('en-US')}.` });

/** Calculator specs (public-site.md §3), validated against the §5 ranges. */
export const calculatorSpecsSchema = z.object({
  buildingType: z.enum(CALCULATOR_BUILDING_TYPES),
  /** Square footage, sq ft: 1,000-100,000 in steps of 500. */
  sqft: int('Square footage', CALCULATOR_RANGES.sqft),
  /** 4-50. */
  cameras: int('Cameras', CALCULATOR_RANGES.cameras),
  /** 1-10. */
  entryPoints: int('Entry points', CALCULATOR_RANGES.entryPoints),
  hasAccessControl: z.boolean(),
  hasVideoIntercom: z.boolean(),
  hasMonitoring: z.boolean(),
  buildingComplexity: z.enum(BUILDING_COMPLEXITIES),
});
export type CalculatorSpecs = z.infer<typeof calculatorSpecsSchema>;

/** The page's starting configuration. */
export const DEFAULT_CALCULATOR_SPECS: CalculatorSpecs = {
  buildingType: 'residential',
  sqft: 2_500,
  cameras: 8,
  entryPoints: 2,
  hasAccessControl: false,
  hasVideoIntercom: false,
  hasMonitoring: false,
  buildingComplexity: 'finished',
};

/** Cost breakdown (public-site.md §3), whole dollars. `total = subtotal - discount`. */
export interface CostBreakdown {
  cameras: number;
  nvr: number;
  accessories: number;
  wiring: number;
  installation: number;
  accessControl: number;
  videoIntercom: number;
  monitoring: number;
  subtotal: number;
  discount: number;
  total: number;
}

/** The parts of the breakdown that are line items, in display order. */
export const BREAKDOWN_LINES = [
  'cameras',
  'nvr',
  'accessories',
  'wiring',
  'installation',
  'accessControl',
  'videoIntercom',
  'monitoring',
] as const;
export type BreakdownLine = (typeof BREAKDOWN_LINES)[number];

/**
 * The calculator timeline (§9): `businessDays` always; shown as 'N business days', or, at
 * 50,000 sq ft and more, as weeks = max(5, ceil(businessDays / 5)).
 */
export interface CalculatorTimeline {
  /** Whole business days (the §9 sum rounded up: a started day is a day on site). */
  businessDays: number;
  unit: 'days' | 'weeks';
  /** businessDays, or the weeks when `unit` is weeks. */
  value: number;
  /** 'N business days' or 'N weeks'. */
  label: string;
}

/** One priced line with its quantity (for the PDF and the stored recommendation). */
export interface CalculatorLineItem {
  key: BreakdownLine;
  item: string;
  description: string;
  quantity: number;
  /** Whole dollars. */
  unitPrice: number;
  /** Whole dollars = quantity × unitPrice. */
  total: number;
}

export interface CalculatorEstimate {
  specs: CalculatorSpecs;
  /** The discount applied, whole percent 0-100. */
  discountPercent: number;
  breakdown: CostBreakdown;
  /** Non-zero lines of the breakdown with quantities and unit prices. */
  lineItems: CalculatorLineItem[];
  timeline: CalculatorTimeline;
}

/** Recorder price by camera count (§9). */
export function nvrPrice(cameras: number): number {
  const p = CALCULATOR_PRICES.nvr;
  if (cameras <= 8) return p.upTo8;
  if (cameras <= 16) return p.upTo16;
  if (cameras <= 32) return p.upTo32;
  return p.above32;
}

/** Installation groups: cameras / 8 rounded up, at least 1 (§9). */
export function installationGroups(cameras: number): number {
  return Math.max(1, Math.ceil(cameras / INSTALLATION_GROUP_SIZE));
}

/**
 * The §9 calculator timeline: ceil(cameras / 4) × (1.5 finished | 1 new) + installation groups,
 * rounded up to whole business days; weeks from 50,000 sq ft.
 */
export function calculatorTimeline(specs: Pick<CalculatorSpecs, 'cameras' | 'sqft' | 'buildingComplexity'>): CalculatorTimeline {
  const wiringDays = Math.ceil(specs.cameras / TIMELINE_CAMERA_GROUP_SIZE) * (specs.buildingComplexity === 'finished' ? 1.5 : 1);
  const businessDays = Math.ceil(wiringDays + installationGroups(specs.cameras));
  if (specs.sqft >= WEEKS_FROM_SQFT) {
    const weeks = Math.max(MIN_WEEKS, Math.ceil(businessDays / 5));
    return { businessDays, unit: 'weeks', value: weeks, label: `${weeks} weeks` };
  }
  return { businessDays, unit: 'days', value: businessDays, label: `${businessDays} business days` };
}

/**
 * Prices a calculator configuration (public-site.md §9; decisions.md §3, §7).
 *
 * @param specs the configuration; must satisfy {@link calculatorSpecsSchema} (the §5 ranges).
 * @param discountPercent the active promotion's percent (decisions.md §7), 0 when none is valid;
 *   whole percent 0-100. discount = round(subtotal × percent / 100).
 * @returns the breakdown in whole dollars, its line items and the timeline.
 * @throws RangeError when `specs` is outside the §5 ranges or `discountPercent` outside 0-100.
 */
export function priceCalculator(specs: CalculatorSpecs, discountPercent: number): CalculatorEstimate {
  const parsed = calculatorSpecsSchema.safeParse(specs);
  if (!parsed.success)
    throw new RangeError(`Invalid calculator specs: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (!Number.isFinite(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`discountPercent must be 0-100, got ${discountPercent}`);
  }
  const s = parsed.data;
  const P = CALCULATOR_PRICES;
  const finished = s.buildingComplexity === 'finished';
  const groups = installationGroups(s.cameras);
  const complexity = finished ? 'finished building' : 'new construction';

  const lineItems: CalculatorLineItem[] = [
    { key: 'cameras', item: 'Security cameras', description: '4K IP cameras', quantity: s.cameras, unitPrice: P.camera },
    {
      key: 'nvr',
      item: 'Network video recorder',
      description: `Recorder sized for ${s.cameras} cameras`,
      quantity: 1,
      unitPrice: nvrPrice(s.cameras),
    },
    {
      key: 'accessories',
      item: 'Accessories & infrastructure',
      description: 'Mounts, switches, power supplies',
      quantity: 1,
      unitPrice: P.accessories,
    },
    {
      key: 'wiring',
      item: 'Wiring',
      description: `Cabling per camera, ${complexity}`,
      quantity: s.cameras,
      unitPrice: finished ? P.wiringPerCamera.finished : P.wiringPerCamera.new,
    },
    {
      key: 'installation',
      item: 'Installation',
      description: `Per group of ${INSTALLATION_GROUP_SIZE} cameras, ${complexity}`,
      quantity: groups,
      unitPrice: finished ? P.installationPerGroup.finished : P.installationPerGroup.new,
    },
    {
      key: 'accessControl',
      item: 'Access control',
      description: 'Per entry point',
      quantity: s.hasAccessControl ? s.entryPoints : 0,
      unitPrice: P.accessControlPerEntryPoint,
    },
    {
      key: 'videoIntercom',
      item: 'Video intercom',
      description: 'Per entry point',
      quantity: s.hasVideoIntercom ? s.entryPoints : 0,
      unitPrice: P.videoIntercomPerEntryPoint,
    },
    {
      key: 'monitoring',
      item: '24/7 monitoring setup',
      description: 'Per camera',
      quantity: s.hasMonitoring ? s.cameras : 0,
      unitPrice: P.monitoringPerCamera,
    },
  ].map((l) => ({ ...(l as Omit<CalculatorLineItem, 'total'>), total: l.quantity * l.unitPrice }));

  const amount = (key: BreakdownLine) => lineItems.find((l) => l.key === key)!.total;
  const subtotal = lineItems.reduce((sum, l) => sum + l.total, 0);
  const discount = Math.round((subtotal * discountPercent) / 100);
  const breakdown: CostBreakdown = {
    cameras: amount('cameras'),
    nvr: amount('nvr'),
    accessories: amount('accessories'),
    wiring: amount('wiring'),
    installation: amount('installation'),
    accessControl: amount('accessControl'),
    videoIntercom: amount('videoIntercom'),
    monitoring: amount('monitoring'),
    subtotal,
    discount,
    total: subtotal - discount,
  };
  return { specs: s, discountPercent, breakdown, lineItems: lineItems.filter((l) => l.quantity > 0), timeline: calculatorTimeline(s) };
}

/** Formats whole dollars as the site shows them: `$12,345` (USD, no decimals). */
export function formatUsd(dollars: number): string {
  return `$${Math.round(dollars).toLocaleString('en-US')}`;
}
