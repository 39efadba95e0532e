import { Injectable } from '@nestjs/common';
import {
  BUILDING_INFO_FIELD_OF_SPEC,
  ErrorCode,
  calculatorSpecsOfBuildingInfo,
  hasCalculatorSpecs,
  priceCalculator,
  type BuildingInfo,
  type ProjectRates,
  type CalculatorRecommendation,
  type CalculatorSpecs,
  type FieldErrors,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { PromotionsService } from '../site/index.js';
import { calculatorRecommendation } from './calculator-recommendation.js';
import { projectRates, wholeDollarConfig } from './design-engine/pricing.js';
import { QuotesService, type QuoteVersions } from './quotes.service.js';

/** The server's price of a calculator lead. */
export interface PricedLead {
  aiRecommendation: CalculatorRecommendation;
  /** Integer cents. */
  totalEstimateCents: number;
  /** The configuration versions it was priced with (AI configuration, inventory, promotion). */
  configurationVersions: QuoteVersions;
}

/**
 * Cost calculator quotes (public-site.md §5, §9; decisions.md §3, §7): prices come only from
 * `priceCalculator` (the contracts' `priceProject`, which the AI designer's engine also prices
 * through) at the rates of the stored configuration and inventory (the ConfigurationCache, no
 * Postgres read) and the promotion valid today, whatever the browser claimed.
 */
@Injectable()
export class CalculatorPricing {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly quotes: QuotesService,
  ) {}

  /** The §9 rates of the stored configuration and inventory (whole dollars), with their versions. */
  async rates(): Promise<{ rates: ProjectRates; versions: QuoteVersions }> {
    const { config, versions } = await this.quotes.pricingConfiguration();
    return { rates: projectRates(wholeDollarConfig(config)), versions };
  }

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

  /** Prices `specs` at the stored rates with the promotion valid today (decisions.md §7). */
  async price(specs: CalculatorSpecs): Promise<PricedLead> {
    const [{ value: promotion }, { rates, versions }] = await Promise.all([this.promotions.activeVersioned(), this.rates()]);
    const estimate = priceCalculator(specs, promotion?.percent ?? 0, rates);
    return {
      aiRecommendation: calculatorRecommendation(estimate, promotion),
      totalEstimateCents: estimate.breakdown.total * 100,
      configurationVersions: versions,
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
