import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  BUILDING_INFO_FIELD_OF_SPEC,
  Jobs,
  ErrorCode,
  QueueName,
  calculatorSpecsOfBuildingInfo,
  estimatePdfJobSchema,
  hasCalculatorSpecs,
  priceCalculator,
  type BuildingInfo,
  type CalculatorRecommendation,
  type CalculatorSpecs,
  type FieldErrors,
  type GenerateEstimatePdf,
  type GenerateEstimatePdfResponse,
} from '@ironclad/contracts';
import { ApiError } from '../../common/api-error.js';
import { LeadRecord } from '../leads/lead.entity.js';
import { PromotionsService } from '../promotions/promotions.service.js';
import { SiteSettingsService } from '../site-settings/site-settings.service.js';
import { calculatorRecommendation } from './calculator-recommendation.js';

/** Longest the api waits for Redis to take the PDF job (ms). */
export const PDF_ENQUEUE_TIMEOUT_MS = 2000;
/** Attempts of a PDF job (render + store + email), with exponential backoff from 2 s. */
export const PDF_JOB_ATTEMPTS = 4;
export const PDF_JOB_BACKOFF_MS = 2000;

/** The server's price of a calculator lead. */
export interface PricedLead {
  aiRecommendation: CalculatorRecommendation;
  /** Integer cents. */
  totalEstimateCents: number;
}

/**
 * Calculator quotes and PDF estimates (public-site.md §7 calculator sequence, §9; decisions.md §3,
 * §7, §11). Prices come only from `priceCalculator` over the stored configuration and the
 * promotion valid today.
 */
@Injectable()
export class EstimatesService {
  private readonly logger = new Logger(EstimatesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly promotions: PromotionsService,
    private readonly settings: SiteSettingsService,
    @InjectQueue(QueueName.Pdf) private readonly pdfQueue: Queue,
  ) {}

  /**
   * Hook of POST /api/leads for `source: cost_calculator`: prices the configuration carried in
   * `buildingInfo` (type, squareFootage, cameras, entryPoints, hasAccessControl,
   * hasVideoIntercom, hasMonitoring, buildingComplexity) whatever the browser claimed.
   * @returns null when buildingInfo carries no calculator configuration (no `cameras`).
   * @throws ApiError 400 VALIDATION_FAILED with `buildingInfo.<field>` errors for a configuration
   *   outside the §5 ranges.
   */
  async priceCalculatorLead(buildingInfo: BuildingInfo): Promise<PricedLead | null> {
    if (!hasCalculatorSpecs(buildingInfo)) return null;
    const specs = this.specsOrThrow(buildingInfo);
    return this.price(specs);
  }

  /** Prices `specs` with the promotion valid today (decisions.md §7). */
  async price(specs: CalculatorSpecs): Promise<PricedLead> {
    const promotion = await this.promotions.active();
    const estimate = priceCalculator(specs, promotion?.percent ?? 0);
    return { aiRecommendation: calculatorRecommendation(estimate, promotion), totalEstimateCents: estimate.breakdown.total * 100 };
  }

  /**
   * POST /api/generate-estimate-pdf: finds the calculator lead (`leadId` + `customerInfo.email`,
   * or the newest calculator lead of that email), prices its stored configuration and enqueues
   * an EstimatePdf job; answers at once.
   * @throws ApiError 503 FEATURE_DISABLED (calculator_enabled false), 404 NOT_FOUND (no such
   *   calculator lead), 503 SERVICE_UNAVAILABLE (the queue is unreachable).
   */
  async requestPdf(input: GenerateEstimatePdf): Promise<GenerateEstimatePdfResponse> {
    // Independent reads in parallel: this answer is on the visitor's critical path.
    const [, lead, promotion] = await Promise.all([
      this.settings.assertEnabled('calculator_enabled'),
      this.findCalculatorLead(input.leadId, input.customerInfo.email),
      this.promotions.active(),
    ]);
    const specs = lead ? calculatorSpecsOfBuildingInfo(lead.buildingInfo) : null;
    if (!lead || !specs?.success) {
      throw new ApiError(404, ErrorCode.NotFound, 'No calculator quote was found for this email. Please submit the quote request again.');
    }
    priceCalculator(specs.data, promotion?.percent ?? 0); // the configuration must price now, not only in the worker
    const jobId = randomUUID();
    const data = estimatePdfJobSchema.parse({ leadId: lead.id, requestId: jobId, discountPercent: promotion?.percent ?? 0, promotionCode: promotion?.code ?? null });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.pdfQueue.add(Jobs.EstimatePdf.name, data, { jobId, attempts: PDF_JOB_ATTEMPTS, backoff: { type: 'exponential', delay: PDF_JOB_BACKOFF_MS } }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`enqueue timed out after ${PDF_ENQUEUE_TIMEOUT_MS} ms`)), PDF_ENQUEUE_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      this.logger.warn(`could not enqueue the PDF estimate of lead #${lead.id}: ${(err as Error).message}`);
      throw new ApiError(503, ErrorCode.ServiceUnavailable, 'The PDF estimate cannot be prepared right now. Your quote is saved; we will email it to you.');
    } finally {
      clearTimeout(timer);
    }
    return { jobId, queue: QueueName.Pdf, leadId: lead.id };
  }

  private async findCalculatorLead(leadId: number | undefined, email: string): Promise<LeadRecord | null> {
    const qb = this.dataSource
      .getRepository(LeadRecord)
      .createQueryBuilder('l')
      .where(`l.source = 'cost_calculator' AND lower(l.email) = lower(:email)`, { email });
    if (leadId !== undefined) qb.andWhere('l.id = :leadId', { leadId });
    return qb.orderBy('l.id', 'DESC').getOne();
  }

  private specsOrThrow(buildingInfo: BuildingInfo): CalculatorSpecs {
    const parsed = calculatorSpecsOfBuildingInfo(buildingInfo);
    if (parsed.success) return parsed.data;
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const spec = issue.path[0] as keyof CalculatorSpecs;
      (fieldErrors[`buildingInfo.${BUILDING_INFO_FIELD_OF_SPEC[spec] ?? String(spec)}`] ??= []).push(issue.message);
    }
    throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: ${Object.keys(fieldErrors).join(', ')}`, { fieldErrors });
  }
}
