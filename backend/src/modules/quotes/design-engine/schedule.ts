/**
 * Installation time in business days (public-site.md §9 "Calculator timeline", which wins over the
 * designer's calibration sample; decisions.md §10; public-site.md §3 `projectDetails`): the same
 * business days as the calculator for the same cameras, square footage and finish.
 */
import { calculatorTimeline, installationGroups, TIMELINE_CAMERA_GROUP_SIZE, type WizardBuildingType } from '@ironclad/contracts';
import { PHASED_FROM_SQFT } from './common.js';
import type { NormalizedDesignInput } from './types.js';

/** Extra effort by building type (ceiling heights, clean rooms, campus runs): only `buildingComplexity`'s label. */
const TYPE_COMPLEXITY: Record<WizardBuildingType, number> = {
  residential: 1,
  apartment: 1,
  office: 1,
  retail: 1,
  warehouse: 1.2,
  restaurant: 1,
  medical: 1.15,
  school: 1.1,
};

/** Phased installation from this many days (or from PHASED_FROM_SQFT square feet). */
const PHASED_FROM_DAYS = 5;

/** The installation's business days. */
export interface InstallationSchedule {
  /** ⌈⌈cameras ÷ 4⌉ × (1.5 finished | 1 new)⌉: pulling cable, a group of 4 cameras a day (1.5 days in finished walls). */
  wiringDays: number;
  /** Installation groups ⌈cameras ÷ 8⌉ (min 1): mounting, programming and testing, a group of 8 a day. */
  programmingDays: number;
  /** wiringDays + programmingDays = the calculator's business days. */
  totalProjectDays: number;
  /** The calculator's label: "N business days", or weeks from 50,000 sq ft. */
  label: string;
  phased: boolean;
  buildingComplexity: 'standard' | 'moderate' | 'complex';
}

/**
 * The §9 timeline of the design: wiring = ⌈cameras ÷ 4⌉ × (1.5 finished | 1 new), plus one day per
 * installation group of 8 cameras; total = the calculator's `businessDays`. Phased from 5 days or
 * 20,000 sq ft. `buildingComplexity` (a label) = 1 + 0.1 per extra floor × the building type's factor.
 */
export function installationSchedule(n: NormalizedDesignInput, cameras: number): InstallationSchedule {
  const timeline = calculatorTimeline({ cameras, sqft: n.squareFootage, buildingComplexity: n.finish });
  const programmingDays = installationGroups(cameras);
  const wiringDays = Math.ceil(Math.ceil(cameras / TIMELINE_CAMERA_GROUP_SIZE) * (n.finish === 'finished' ? 1.5 : 1));
  const totalProjectDays = timeline.businessDays;
  const phased = totalProjectDays >= PHASED_FROM_DAYS || n.squareFootage >= PHASED_FROM_SQFT;
  const complexity = (1 + 0.1 * (n.floors - 1)) * TYPE_COMPLEXITY[n.buildingType];
  const buildingComplexity = complexity < 1.1 ? 'standard' : complexity < 1.25 ? 'moderate' : 'complex';
  return { wiringDays, programmingDays, totalProjectDays, label: timeline.label, phased, buildingComplexity };
}
