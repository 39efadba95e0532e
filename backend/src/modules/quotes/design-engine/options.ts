/**
 * The three options of a quote (issue 21 point 5): Essential, Recommended (pre-selected, exactly
 * {@link designSystem}'s design) and Complete. They differ in cameras, storage and features, and
 * each is priced by the same path (`priceDesign` → the contracts' `priceProject`, §9 formulas at
 * the stored rates), so "one pricing truth" holds for every option. How each maps to the
 * calculator's input (public-site.md §3 "Calculator specs"):
 *
 * | option      | cameras                                   | §9 options (access control, intercom, monitoring) | itemised on top of the §9 lines                          |
 * | ----------- | ----------------------------------------- | ------------------------------------------------- | -------------------------------------------------------- |
 * | essential   | max(entry points, ⌈0.6 R⌉), at most R − 1 | access control and intercom if chosen; no monitoring | nothing (alarm, cloud, smart home are left out)          |
 * | recommended | R = the engine's count (tier-fitted)      | as chosen                                         | the chosen wizard-only features                          |
 * | complete    | max(R + 1, ⌈1.25 R⌉), at most the top tier's max | as chosen + professional monitoring        | chosen + alarm integration + cloud storage; extra drives for 30 days of recording |
 *
 * So the calculator, given an option's `totalCameras`, entry points, finish and §9 options, prices
 * exactly that option's §9 lines; its extras are the itemised lines (`ProjectPrice.extras`).
 * Pure and deterministic, like the rest of the engine.
 */
import { WIZARD_FEATURES, type DesignOptions, type WizardFeature } from '@ironclad/contracts';
import { designFromPlan, recommendedPlan, type DesignPlan } from './design-system.js';
import { normalizeDesignInput } from './normalise.js';
import { fitToTier, tierRanges } from './placement.js';
import { wholeDollarConfig } from './pricing.js';
import type { DesignConfig, DesignInput, NormalizedDesignInput, TierRange } from './types.js';

/** Share of the recommended cameras the Essential option keeps (at least every entry point). */
export const ESSENTIAL_CAMERA_SHARE = 0.6;
/** Cameras of the Complete option relative to the recommended count (at least one more). */
export const COMPLETE_CAMERA_SHARE = 1.25;
/** Days of continuous recording the Complete option's storage holds. */
export const COMPLETE_RETENTION_DAYS = 30;

/** The features Essential keeps when chosen: door hardware and what every system includes at $0. */
const ESSENTIAL_FEATURES: ReadonlySet<WizardFeature> = new Set([
  'Access Control System',
  'Video Intercom',
  'Remote Monitoring',
  'Mobile App Access',
]);
/** The features Complete adds to the visitor's. */
const COMPLETE_FEATURES: ReadonlySet<WizardFeature> = new Set([
  'Alarm System Integration',
  'Remote Monitoring',
  'Mobile App Access',
  'Cloud Storage',
  'Professional Monitoring',
]);

/** The tier a count falls in; in a gap or below every range, the nearest range below (else the lowest). */
function tierFor(count: number, ranges: readonly TierRange[]): TierRange {
  const inside = ranges.find((t) => count >= t.min && count <= t.max);
  if (inside) return inside;
  const below = ranges.filter((t) => t.max < count);
  return below.length > 0 ? below[below.length - 1]! : ranges[0]!;
}

const listText = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** The Essential plan: fewer cameras (entry points first), the recorder's own storage, no paid add-ons. */
export function essentialPlan(n: NormalizedDesignInput, config: DesignConfig, recommended: DesignPlan): DesignPlan {
  const r = recommended.cameras;
  const cameras = r <= 1 ? 1 : Math.min(r - 1, Math.max(n.entries.length, Math.ceil(r * ESSENTIAL_CAMERA_SHARE)));
  const features = n.features.filter((f) => ESSENTIAL_FEATURES.has(f));
  const left = n.features.filter((f) => !ESSENTIAL_FEATURES.has(f));
  const notes = [
    `Essential: ${cameras} camera${cameras === 1 ? '' : 's'} on the entry points and the most important areas; the Recommended design has ${r}.`,
  ];
  if (left.length > 0)
    notes.push(`Essential leaves out ${listText(left)}; the Recommended design includes ${left.length === 1 ? 'it' : 'them'}.`);
  return {
    option: 'essential',
    cameras,
    tier: tierFor(cameras, tierRanges(config.tiers)),
    features,
    retentionTargetDays: 0,
    notes,
  };
}

/** The Complete plan: more cameras, 30 days of recording, monitoring, alarm integration and cloud backup. */
export function completePlan(n: NormalizedDesignInput, config: DesignConfig, recommended: DesignPlan): DesignPlan {
  const ranges = tierRanges(config.tiers);
  const top = Math.max(...ranges.map((t) => t.max));
  const r = recommended.cameras;
  const wanted = Math.max(r, Math.min(top, Math.max(r + 1, Math.ceil(r * COMPLETE_CAMERA_SHARE))));
  const { cameras, tier } = fitToTier(wanted, ranges);
  const features = WIZARD_FEATURES.filter((f) => n.features.includes(f) || COMPLETE_FEATURES.has(f));
  const added = features.filter((f) => !n.features.includes(f));
  const notes = [
    cameras > r
      ? `Complete: ${cameras - r} more camera${cameras - r === 1 ? '' : 's'} than the Recommended design for wider coverage, and ${COMPLETE_RETENTION_DAYS} days of recording.`
      : `Complete: ${COMPLETE_RETENTION_DAYS} days of recording.`,
  ];
  if (added.length > 0) notes.push(`Complete adds ${listText(added)}.`);
  return { option: 'complete', cameras, tier, features, retentionTargetDays: COMPLETE_RETENTION_DAYS, notes };
}

/**
 * The three options of one wizard answer set (issue 21 point 5; public-site.md §2 step 5, §3,
 * §9; decisions.md §3, §10): `recommended` equals {@link designSystem}(input, config); Essential
 * and Complete differ in cameras, storage (recorder drives / retention) and features, as the
 * table of this module says. Amounts in whole US dollars, durations in business days.
 *
 * @param input  the wizard's answers (raw, as designSystem takes them)
 * @param rawConfig AI configuration (whole dollars), active inventory (integer cents), valid promotion
 * @returns each option a full recommendation with `option` set; never throws.
 */
export function designOptions(input: DesignInput, rawConfig: DesignConfig): DesignOptions {
  const n = normalizeDesignInput(input);
  const config = wholeDollarConfig(rawConfig);
  const recommended = recommendedPlan(n, config);
  return {
    essential: designFromPlan(n, config, essentialPlan(n, config, recommended)),
    recommended: designFromPlan(n, config, recommended),
    complete: designFromPlan(n, config, completePlan(n, config, recommended)),
  };
}
