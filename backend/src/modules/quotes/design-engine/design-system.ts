/**
 * The AI security designer's design engine (decisions.md §10; public-site.md §2, §3).
 *
 * A **pure, deterministic** function: the same {@link DesignInput} and {@link DesignConfig} always
 * give the same {@link AiRecommendation}. No clock, no randomness, no I/O — the caller
 * (QuotesService) loads the configuration (AI configuration records, active inventory, the
 * promotion valid today) and passes it in.
 *
 * Units: money in **whole US dollars** (inventory unit prices arrive in integer cents and are
 * rounded to whole dollars, AI-configuration amounts are rounded to the nearest dollar), durations
 * in **business days**, areas in **square feet**.
 *
 * How a design is made:
 * 1. **Cameras.** base = ⌈sq ft ÷ density(building type)⌉ + entry points + (floors − 1); every
 *    entry point and every named area gets at least one camera; the count is then moved into the
 *    nearest pricing-tier range (tiered_pricing `range`, e.g. 4-6, 7-20, 21-50). Calibrated on the
 *    spec's samples: a 4,500 sq ft, 2-floor home with front and back doors → 8 cameras; a
 *    50,000 sq ft, 3-floor office with 4 entrances → 31 cameras.
 * 2. **Placement.** Entry points are Critical, named areas High, then the remaining cameras go
 *    round-robin to the building type's standard locations (perimeter, parking, corridors per
 *    floor…) as Medium. Camera models follow the location (bullet outdoors, dome indoors, PTZ for
 *    yards/docks of large sites, doorbell at a home's front door) and come from the inventory.
 * 3. **Days.** The §9 calculator timeline (public-site.md §9, which wins over the calibration
 *    sample's "2-day install"): wiring = ⌈⌈cameras ÷ 4⌉ × (1.5 finished | 1 new)⌉, then one day
 *    per installation group of 8 cameras; total = the calculator's business days for the same
 *    cameras and finish. Sites of 5+ days or 20,000+ sq ft are installed in phases.
 * 4. **Prices.** The §9 formulas through the contracts' `priceProject`, at the rates of the stored
 *    configuration and inventory (pricing.ts projectRates): the calculator's total for the same
 *    project (building size and finish, cameras, entry points, access control / intercom /
 *    monitoring); what only the wizard adds (alarm integration, cloud storage, smart home) is
 *    itemised on top. A promotion (only passed in while valid) takes its percent off the whole.
 * 5. **Words.** Summary, description, timeline and notes (budget fit, feature notes, survey).
 *
 * One file per step: normalise.ts (input), placement.ts with placement-slots.data.ts (cameras,
 * placement), schedule.ts (days), pricing.ts (prices), wording.ts (words); shapes in types.ts.
 */
import type { AiRecommendation, CameraLocation, DesignOptionKey, NotCovered } from '@ironclad/contracts';
import { layoutDesign } from './geometry.js';
import { normalizeDesignInput } from './normalise.js';
import { cameraCount, placeCameras, type ShortPlace } from './placement.js';
import { cameraFor, priceDesign, wholeDollarConfig } from './pricing.js';
import { installationSchedule } from './schedule.js';
import type { DesignConfig, DesignInput, NormalizedDesignInput, TierRange } from './types.js';
import { describeDesign } from './wording.js';

/**
 * What one design is made of besides the site: its camera count and tier, the features it prices
 * (a subset or superset of the visitor's), its recording target and notes of its own
 * (options.ts builds the three options' plans; the recommended plan is the visitor's answers).
 */
export interface DesignPlan {
  option: DesignOptionKey;
  /** Cameras, at least 1. */
  cameras: number;
  /** The pricing tier the count falls in (its key is `projectDetails.estimateType`). */
  tier: TierRange;
  /** The features priced; replaces the visitor's (`n.features`) for this design. */
  features: NormalizedDesignInput['features'];
  /** Days of recording the storage must hold; 0 = the recorder's own drives. */
  retentionTargetDays: number;
  /** Notes of this option (what it leaves out or adds), shown after the budget note. */
  notes: readonly string[];
}

/** The plan of the recommended design: the engine's camera count and the visitor's features. */
export function recommendedPlan(n: NormalizedDesignInput, config: DesignConfig): DesignPlan {
  const { cameras, tier } = cameraCount(n, config.tiers);
  return { option: 'recommended', cameras, tier, features: n.features, retentionTargetDays: 0, notes: [] };
}

/**
 * Designs and prices one plan over a normalised input and a whole-dollar configuration
 * ({@link wholeDollarConfig}). Steps 2-5 of the module comment; never throws.
 */
export function designFromPlan(input: NormalizedDesignInput, config: DesignConfig, plan: DesignPlan): AiRecommendation {
  const n: NormalizedDesignInput = plan.features === input.features ? input : { ...input, features: plan.features };
  const { cameras, tier } = plan;

  // 2. placement
  const { buckets, omitted, short } = placeCameras(n, cameras);
  const cameraLocations: CameraLocation[] = buckets.map((b) => {
    const s = b[0]!;
    return {
      location: s.location,
      quantity: b.length,
      priority: s.priority,
      type: cameraFor(s.kind, config).item,
      reason: s.reason,
      coverage: s.coverage,
      floor: s.floor,
    };
  });

  // 2b. the plan: every camera's position, heading, lens and DORI; what is left uncovered and why
  const layout = layoutDesign(n, config, buckets, omitted);
  const notCovered = uncoveredReasons(plan, n, { omitted, short }, layout.plan.places, layout.cameras);

  // 3. days
  const schedule = installationSchedule(n, cameras);

  // 4. equipment, features and prices
  const priced = priceDesign(n, config, cameras, buckets, { retentionTargetDays: plan.retentionTargetDays });

  // 5. words
  const words = describeDesign(n, {
    cameras,
    schedule,
    cameraLocations,
    nvr: priced.nvr,
    totalProjectCost: priced.pricing.totalProjectCost,
    featureNotes: [...plan.notes, ...priced.featureNotes],
  });

  return {
    summary: words.summary,
    description: words.description,
    timeline: words.timeline,
    warranty: words.warranty,
    notes: words.notes,
    pricing: priced.pricing,
    projectDetails: {
      totalCameras: cameras,
      coverage: words.coverage,
      wiringDays: schedule.wiringDays,
      programmingDays: schedule.programmingDays,
      totalProjectDays: schedule.totalProjectDays,
      installationDays: schedule.totalProjectDays,
      buildingSize: words.buildingSize,
      buildingComplexity: schedule.buildingComplexity,
      estimateType: tier.key,
      phased: schedule.phased,
      buildingFinish: n.finish,
    },
    equipmentList: priced.equipmentList,
    cameraLocations,
    option: plan.option,
    storage: priced.storage,
    notCovered,
    cameras: layout.cameras,
    plan: layout.plan,
  };
}

/**
 * The places a design leaves (partly) uncovered, with the reason (issue 21 point 2): entry points
 * and named areas past the last camera (more were named than the design has cameras), those with
 * fewer cameras than their size needs, those past the first 20 of a list, then any place whose
 * cameras do not see it within their observe distance on the plan.
 */
function uncoveredReasons(
  plan: DesignPlan,
  n: NormalizedDesignInput,
  placed: { omitted: readonly { location: string }[]; short: readonly ShortPlace[] },
  places: readonly { name: string; covered: boolean }[],
  cameras: readonly { location: string; doriFt: { observe: number } }[],
): NotCovered[] {
  const { omitted, short } = placed;
  const out: NotCovered[] = omitted.map((o) => ({
    name: o.location,
    reason:
      plan.option === 'essential'
        ? `Not in the Essential design (${plan.cameras} cameras); the Recommended design covers it.`
        : `More entry points and areas were named than the ${plan.cameras} cameras of this design; it is reviewed at the free site survey.`,
  }));
  for (const s of short)
    out.push({
      name: s.location,
      reason: `Partly covered: its size needs ${s.need} cameras and this ${plan.cameras}-camera design has room for ${s.got}.`,
    });
  for (const name of n.overflow ?? [])
    out.push({ name, reason: 'Only the first 20 entry points and 20 areas are designed online; it is reviewed at the free site survey.' });
  const left = new Set(omitted.map((o) => o.location));
  for (const p of places) {
    if (p.covered || left.has(p.name)) continue;
    const own = cameras.filter((c) => c.location === p.name);
    const range = own.length > 0 ? Math.max(...own.map((c) => c.doriFt.observe)) : 0;
    out.push({
      name: p.name,
      reason: `Beyond its cameras' observe distance (${Math.round(range)} ft) on the plan; their positions are set at the free site survey.`,
    });
  }
  return out;
}

/**
 * Designs a system and prices it: the Recommended option (issue 21 point 5; `designOptions`
 * gives all three).
 *
 * @param input  the wizard's answers (raw; normalised with {@link normalizeDesignInput})
 * @param rawConfig AI configuration records (whole dollars), active inventory (cents), valid promotion
 * @returns the AI recommendation of public-site.md §3 (whole dollars, business days, sq ft)
 * Never throws for any input; every amount is a non-negative integer.
 */
export function designSystem(input: DesignInput, rawConfig: DesignConfig): AiRecommendation {
  const n = normalizeDesignInput(input);
  const config = wholeDollarConfig(rawConfig);
  // 1. cameras
  return designFromPlan(n, config, recommendedPlan(n, config));
}
