import { Injectable } from '@nestjs/common';
import {
  BUILDING_INFO_FIELD_OF_SPEC,
  ErrorCode,
  calculatorSpecsOfBuildingInfo,
  hasCalculatorSpecs,
  priceCalculator,
  type BuildingInfo,
  type CalculatorRecommendation,
  type CalculatorSpecs,
  type FieldErrors,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { PromotionsService } from '../site/index.js';
import { calculatorRecommendation } from './calculator-recommendation.js';

/** The server's price of a calculator lead. */
export interface PricedLead {
  aiRecommendation: CalculatorRecommendation;
  /** Integer cents. */
  totalEstimateCents: number;
  /** The configuration versions it was priced with (the calculator's prices are the §9 constants; the promotion is stored). */
  configurationVersions: { promotions: number };
}

/**
 * Cost calculator quotes (public-site.md §5, §9; decisions.md §3, §7): prices come only from
 * `priceCalculator` over the configuration and the promotion valid today, whatever the browser
 * claimed.
 */
@Injectable()
export class CalculatorPricing {
  constructor(private readonly promotions: PromotionsService) {}

  /**
   * Hook of POST /api/leads for `source: cost_calculator`: prices the configuration carried in
   * `buildingInfo` (type, squareFootage, cameras, entryPoints, hasAccessControl,
   * hasVideoIntercom, hasMonitoring, buildingComplexity).
   * @returns null when buildingInfo carries no calculator configuration (no `cameras`).
   * @throws ApiError 400 VALIDATION_FAILED with `buildingInfo.<field>` errors for a configuration
   *   outside the §5 ranges.
   */
  async priceLead(buildingInfo: BuildingInfo): Promise<PricedLead | null> {
    if (!hasCalculatorSpecs(buildingInfo)) return null;
    return this.price(calculatorSpecsOrThrow(buildingInfo));
  }

  /** Prices `specs` with the promotion valid today (decisions.md §7). */
  async price(specs: CalculatorSpecs): Promise<PricedLead> {
    const { value: promotion, version } = await this.promotions.activeVersioned();
    const estimate = priceCalculator(specs, promotion?.percent ?? 0);
    return {
      aiRecommendation: calculatorRecommendation(estimate, promotion),
      totalEstimateCents: estimate.breakdown.total * 100,
      configurationVersions: { promotions: version },
    };
  }
}

/**
 * The calculator configuration of `buildingInfo`.
 * @throws ApiError 400 VALIDATION_FAILED with `buildingInfo.<field>` errors when it is outside the
 *   public-site.md §5 ranges.
 */
export function calculatorSpecsOrThrow(buildingInfo: BuildingInfo): CalculatorSpecs {
  const parsed = calculatorSpecsOfBuildingInfo(buildingInfo);
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const spec = issue.path[0] as keyof CalculatorSpecs;
    (fieldErrors[`buildingInfo.${BUILDING_INFO_FIELD_OF_SPEC[spec] ?? String(spec)}`] ??= []).push(issue.message);
  }
  throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: ${Object.keys(fieldErrors).join(', ')}`, { fieldErrors });
}
