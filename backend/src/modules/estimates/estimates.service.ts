import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  Jobs,
  QueueName,
  calculatorSpecsOfBuildingInfo,
  type GenerateEstimatePdf,
  type GenerateEstimatePdfResponse,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { LeadsService } from '../leads/index.js';
import { PromotionsService, SiteSettingsService } from '../site/index.js';

/** Attempts of a PDF job (render + store + email), with exponential backoff from 2 s. */
export const PDF_JOB_ATTEMPTS = 4;
export const PDF_JOB_BACKOFF_MS = 2000;

/**
 * PDF estimates of the cost calculator (public-site.md §7 calculator sequence, §9; decisions.md
 * §3, §7, §11). The api finds the lead and enqueues the job; the worker prices the lead's stored
 * configuration once, with the promotion valid when the visitor asked.
 */
@Injectable()
export class EstimatesService {
  private readonly logger = new Logger(EstimatesService.name);

  constructor(
    private readonly leads: LeadsService,
    private readonly promotions: PromotionsService,
    private readonly settings: SiteSettingsService,
    private readonly jobs: JobProducer,
  ) {}

  /**
   * POST /api/generate-estimate-pdf: finds the calculator lead (`leadId` + `customerInfo.email`,
   * or the newest calculator lead of that email) whose stored configuration is within the
   * public-site.md §5 ranges, and enqueues an EstimatePdf job with the promotion valid now;
   * answers at once with the job to watch.
   * @throws ApiError 503 FEATURE_DISABLED (calculator_enabled false), 404 NOT_FOUND (no such
   *   calculator lead), 503 SERVICE_UNAVAILABLE (the queue is unreachable).
   */
  async requestPdf(input: GenerateEstimatePdf): Promise<GenerateEstimatePdfResponse> {
    // Independent reads in parallel: this answer is on the visitor's critical path.
    const [, lead, promotion] = await Promise.all([
      this.settings.assertEnabled('calculator_enabled'),
      this.leads.findCalculatorLead(input.customerInfo.email, input.leadId),
      this.promotions.active(),
    ]);
    if (!lead || !calculatorSpecsOfBuildingInfo(lead.buildingInfo).success) {
      throw new ApiError(404, ErrorCode.NotFound, 'No calculator quote was found for this email. Please submit the quote request again.');
    }
    const jobId = randomUUID();
    try {
      await this.jobs.enqueue(
        Jobs.EstimatePdf,
        { leadId: lead.id, requestId: jobId, discountPercent: promotion?.percent ?? 0, promotionCode: promotion?.code ?? null },
        { jobId, attempts: PDF_JOB_ATTEMPTS, backoff: { type: 'exponential', delay: PDF_JOB_BACKOFF_MS } },
      );
    } catch (err) {
      this.logger.warn(`could not enqueue the PDF estimate of lead #${lead.id}: ${(err as Error).message}`);
      throw new ApiError(
        503,
        ErrorCode.ServiceUnavailable,
        'The PDF estimate cannot be prepared right now. Your quote is saved; we will email it to you.',
      );
    }
    return { jobId, queue: QueueName.Pdf, leadId: lead.id };
  }
}
