/**
 * The manual estimator (staff-side.md §2 "Manual estimator tab", §5, §9): defaults, minimums and
 * formulas, shared by the browser form (live summary) and the server (which recomputes the total).
 * Amounts are US dollars (2 decimals allowed for prices, step 0.01). The call,
 * POST /api/leads/manual-estimate, is in http/estimates.ts.
 */
import type { ManualEstimate } from './http/estimates.js';

/** Building types of the estimator (§9). */
export const ESTIMATOR_BUILDING_TYPES = ['residential', 'commercial', 'retail', 'industrial', 'warehouse'] as const;
/** Size categories (§9): small under 2,000 sq ft, medium 2,000–10,000, large over 10,000. */
export const ESTIMATOR_SIZES = ['small', 'medium', 'large'] as const;

/** The form's defaults (§9). */
export const ESTIMATOR_DEFAULTS = {
  buildingType: 'commercial',
  buildingSize: 'medium',
  squareFootage: 5000,
  floors: 1,
  entryPoints: 2,
  cameras: 8,
  cameraPrice: 950,
  nvrCost: 1500,
  installationDays: 2,
  laborRate: 2200,
  additionalCosts: 0,
} as const;

/** §5 texts. */
export const ESTIMATOR_TEXTS = {
  missingTitle: 'Required Fields Missing',
  missingDescription: 'Please fill in all customer information fields.',
  savedTitle: 'Estimate Saved! 💼',
  savedDescription: 'Manual estimate has been saved to leads database and customer will be contacted.',
  errorTitle: 'Save Error',
  errorDescription: 'Failed to save estimate. Please try again.',
} as const;

export interface EstimateBreakdown {
  /** cameras × camera price + NVR, dollars. */
  equipment: number;
  /** installation days × labour rate, dollars. */
  labor: number;
  additional: number;
  /** equipment + labour + additional, dollars (rounded to cents). */
  total: number;
  /** "{days} business days". */
  timeline: string;
}

const cents = (v: number) => Math.round(v * 100);

/** The §9 formulas, computed in integer cents to avoid float drift; answers dollars. */
export function computeManualEstimate(
  e: Pick<ManualEstimate, 'cameras' | 'cameraPrice' | 'nvrCost' | 'installationDays' | 'laborRate' | 'additionalCosts'>,
): EstimateBreakdown {
  const equipment = e.cameras * cents(e.cameraPrice) + cents(e.nvrCost);
  const labor = e.installationDays * cents(e.laborRate);
  const additional = cents(e.additionalCosts);
  return {
    equipment: equipment / 100,
    labor: labor / 100,
    additional: additional / 100,
    total: (equipment + labor + additional) / 100,
    timeline: `${e.installationDays} business days`,
  };
}
