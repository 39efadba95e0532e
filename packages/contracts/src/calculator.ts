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

/** Recorder price by camera count at the §9 constants. */
export function nvrPrice(cameras: number): number {
  return nvrRate(cameras, SECTION_9_RATES);
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
 * The rates the §9 formulas multiply (whole dollars). {@link CALCULATOR_PRICES} are the §9
 * constants; the server builds the rates of the stored configuration and inventory
 * (QuotesService.projectRates: default camera, recorders, rack, door and monitoring prices from
 * the catalogue or the AI configuration; wiring, installation and the recorder above 32 cameras
 * from §9, which has no stored counterpart).
 */
export interface ProjectRates {
  camera: number;
  nvr: { upTo8: number; upTo16: number; upTo32: number; above32: number };
  accessories: number;
  wiringPerCamera: { finished: number; new: number };
  installationPerGroup: { finished: number; new: number };
  accessControlPerEntryPoint: number;
  videoIntercomPerEntryPoint: number;
  monitoringPerCamera: number;
}

/** The project every quote tool prices (calculator specs without the §5 range limits). */
export interface Project {
  /** Square feet (only the timeline reads it: weeks from 50,000). */
  sqft: number;
  /** Cameras, at least 1. */
  cameras: number;
  /** Entry points (doors), at least 1: access control and intercom are priced per entry point. */
  entryPoints: number;
  buildingComplexity: BuildingComplexity;
  hasAccessControl: boolean;
  hasVideoIntercom: boolean;
  hasMonitoring: boolean;
}

/** A line a tool adds on top of the §9 lines (the wizard's alarm integration, cloud storage, smart home). */
export interface ExtraLine {
  item: string;
  description: string;
  quantity: number;
  /** Whole dollars. */
  unitPrice: number;
  total: number;
}

/** A priced project: the §9 lines (all eight, zero quantities included), the extras, breakdown, timeline. */
export interface ProjectPrice {
  /** Every §9 line in BREAKDOWN_LINES order, quantity 0 for a feature not chosen. */
  lines: CalculatorLineItem[];
  extras: ExtraLine[];
  /** subtotal = the §9 lines + the extras; discount = round(subtotal × percent / 100). */
  breakdown: CostBreakdown;
  /** The extras' sum (part of `breakdown.subtotal`), whole dollars. */
  extrasTotal: number;
  timeline: CalculatorTimeline;
}

/** Recorder price by camera count at `rates` (§9 tiers: up to 8, 16, 32, above). */
export function nvrRate(cameras: number, rates: ProjectRates): number {
  if (cameras <= 8) return rates.nvr.upTo8;
  if (cameras <= 16) return rates.nvr.upTo16;
  if (cameras <= 32) return rates.nvr.upTo32;
  return rates.nvr.above32;
}

/** One §9 line with its total (quantity × unit price), built in one object. */
const line = (key: BreakdownLine, item: string, description: string, quantity: number, unitPrice: number): CalculatorLineItem => ({
  key,
  item,
  description,
  quantity,
  unitPrice,
  total: quantity * unitPrice,
});

/**
 * THE pricing of a project (public-site.md §9 formulas; decisions.md §3, §10): the calculator,
 * the AI designer's engine, the calculator PDF and every deposit price through this function,
 * so one project gets one total and one number of business days whichever tool quoted it.
 *
 * cameras × camera + recorder(cameras) + accessories + cameras × wiring(finish)
 * + ⌈cameras / 8⌉ (min 1) × installation(finish) + [access control, intercom] × entry points
 * + [monitoring] × cameras + extras; discount = round(subtotal × percent / 100).
 * Timeline: {@link calculatorTimeline}.
 *
 * @param discountPercent whole percent 0-100 (the promotion valid today, else 0); clamped.
 * Never throws; amounts are whole dollars when the rates are.
 */
export function priceProject(p: Project, rates: ProjectRates, discountPercent: number, extras: readonly ExtraLine[] = []): ProjectPrice {
  const finished = p.buildingComplexity === 'finished';
  const groups = installationGroups(p.cameras);
  const complexity = finished ? 'finished building' : 'new construction';
  const lines: CalculatorLineItem[] = [
    line('cameras', 'Security cameras', '4K IP cameras', p.cameras, rates.camera),
    line('nvr', 'Network video recorder', `Recorder sized for ${p.cameras} cameras`, 1, nvrRate(p.cameras, rates)),
    line('accessories', 'Accessories & infrastructure', 'Mounts, switches, power supplies', 1, rates.accessories),
    line(
      'wiring',
      'Wiring',
      `Cabling per camera, ${complexity}`,
      p.cameras,
      finished ? rates.wiringPerCamera.finished : rates.wiringPerCamera.new,
    ),
    line(
      'installation',
      'Installation',
      `Per group of ${INSTALLATION_GROUP_SIZE} cameras, ${complexity}`,
      groups,
      finished ? rates.installationPerGroup.finished : rates.installationPerGroup.new,
    ),
    line('accessControl', 'Access control', 'Per entry point', p.hasAccessControl ? p.entryPoints : 0, rates.accessControlPerEntryPoint),
    line('videoIntercom', 'Video intercom', 'Per entry point', p.hasVideoIntercom ? p.entryPoints : 0, rates.videoIntercomPerEntryPoint),
    line('monitoring', '24/7 monitoring setup', 'Per camera', p.hasMonitoring ? p.cameras : 0, rates.monitoringPerCamera),
  ];

  const amount = (key: BreakdownLine) => lines.find((l) => l.key === key)!.total;
  const extrasTotal = extras.reduce((sum, l) => sum + l.total, 0);
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0) + extrasTotal;
  const percent = Number.isFinite(discountPercent) ? Math.min(100, Math.max(0, discountPercent)) : 0;
  const discount = Math.round((subtotal * percent) / 100);
  return {
    lines,
    extras: [...extras],
    extrasTotal,
    breakdown: {
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
    },
    timeline: calculatorTimeline(p),
  };
}

/** The §9 constants as {@link ProjectRates} (the browser calculator's rates; the seeded configuration has the same). */
export const SECTION_9_RATES: ProjectRates = {
  camera: CALCULATOR_PRICES.camera,
  nvr: { ...CALCULATOR_PRICES.nvr },
  accessories: CALCULATOR_PRICES.accessories,
  wiringPerCamera: { ...CALCULATOR_PRICES.wiringPerCamera },
  installationPerGroup: { ...CALCULATOR_PRICES.installationPerGroup },
  accessControlPerEntryPoint: CALCULATOR_PRICES.accessControlPerEntryPoint,
  videoIntercomPerEntryPoint: CALCULATOR_PRICES.videoIntercomPerEntryPoint,
  monitoringPerCamera: CALCULATOR_PRICES.monitoringPerCamera,
};

/**
 * Prices a calculator configuration (public-site.md §9; decisions.md §3, §7) through
 * {@link priceProject}.
 *
 * @param specs the configuration; must satisfy {@link calculatorSpecsSchema} (the §5 ranges).
 * @param discountPercent the active promotion's percent (decisions.md §7), 0 when none is valid;
 *   whole percent 0-100. discount = round(subtotal × percent / 100).
 * @param rates the rates (default: the §9 constants; the server passes the stored configuration's).
 * @returns the breakdown in whole dollars, its line items and the timeline.
 * @throws RangeError when `specs` is outside the §5 ranges or `discountPercent` outside 0-100.
 */
export function priceCalculator(
  specs: CalculatorSpecs,
  discountPercent: number,
  rates: ProjectRates = SECTION_9_RATES,
): CalculatorEstimate {
  const parsed = calculatorSpecsSchema.safeParse(specs);
  if (!parsed.success)
    throw new RangeError(`Invalid calculator specs: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (!Number.isFinite(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`discountPercent must be 0-100, got ${discountPercent}`);
  }
  const s = parsed.data;
  const priced = priceProject(s, rates, discountPercent);
  return {
    specs: s,
    discountPercent,
    breakdown: priced.breakdown,
    lineItems: priced.lines.filter((l) => l.quantity > 0),
    timeline: priced.timeline,
  };
}

/** Formats whole dollars as the site shows them: `$12,345` (USD, no decimals). */
export function formatUsd(dollars: number): string {
  return `$${Math.round(dollars).toLocaleString('en-US')}`;
}
