/**
 * Installation time in business days (decisions.md §10; public-site.md §3 `projectDetails`):
 * wiring and programming days from the camera count and the building's complexity, and whether
 * the site is installed in phases.
 */
import type { WizardBuildingType } from '@ironclad/contracts';
import { PHASED_FROM_SQFT } from './common.js';
import type { NormalizedDesignInput } from './types.js';

/** Extra wiring effort by building type (ceiling heights, clean rooms, campus runs). */
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

/** Cameras one crew wires per day, and programs per day. */
const WIRING_CAMERAS_PER_DAY = 10;
const PROGRAMMING_CAMERAS_PER_DAY = 16;
/** Phased installation from this many days (or from PHASED_FROM_SQFT square feet). */
const PHASED_FROM_DAYS = 5;

/** The installation's business days. */
export interface InstallationSchedule {
  wiringDays: number;
  programmingDays: number;
  /** wiringDays + programmingDays. */
  totalProjectDays: number;
  phased: boolean;
  buildingComplexity: 'standard' | 'moderate' | 'complex';
}

/**
 * wiring = ⌈cameras × complexity ÷ 10⌉, programming = ⌈cameras ÷ 16⌉, both at least 1, where
 * complexity = 1 + 0.1 per extra floor, × the building type's factor. Phased from 5 days or
 * 20,000 sq ft.
 */
export function installationSchedule(n: NormalizedDesignInput, cameras: number): InstallationSchedule {
  const complexity = (1 + 0.1 * (n.floors - 1)) * TYPE_COMPLEXITY[n.buildingType];
  const wiringDays = Math.max(1, Math.ceil(Math.round(((cameras * complexity) / WIRING_CAMERAS_PER_DAY) * 1000) / 1000));
  const programmingDays = Math.max(1, Math.ceil(cameras / PROGRAMMING_CAMERAS_PER_DAY));
  const totalProjectDays = wiringDays + programmingDays;
  const phased = totalProjectDays >= PHASED_FROM_DAYS || n.squareFootage >= PHASED_FROM_SQFT;
  const buildingComplexity = complexity < 1.1 ? 'standard' : complexity < 1.25 ? 'moderate' : 'complex';
  return { wiringDays, programmingDays, totalProjectDays, phased, buildingComplexity };
}
