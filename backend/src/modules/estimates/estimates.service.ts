import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  Jobs,
  QueueName,
  calculatorSpecsOfBuildingInfo,
  type GenerateEstimatePdf,
  type GenerateEstimatePdfResponse,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { ApiError } from '../../platform/http/api-error.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { LeadsService } from '../leads/index.js';
import { deliveryJobOptions, type OutboundMessageRecord } from '../messaging/index.js';
import { PromotionsService, SiteSettingsService } from '../site/index.js';
import { estimateEmailOf } from './estimate-email-key.js';
import { pdfRequestId, pdfRequestKey } from './pdf-request-id.js';

/**
 * PDF estimates of the cost calculator (public-site.md §7 calculator sequence, §9; decisions.md
 * §3, §7, §11). The api finds the lead and enqueues the job; the worker prices the lead's stored
 * configuration once, with the promotion valid when the visitor asked.
 */
@Injectable()
export class EstimatesService {
  private readonly logger = new Logger(EstimatesService.name);
  private readonly requestKey: Buffer;

  constructor(
    private readonly leads: LeadsService,
    private readonly promotions: PromotionsService,
    private readonly settings: SiteSettingsService,
    private readonly jobs: JobProducer,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.requestKey = pdfRequestKey(env);
  }

  /**
   * POST /api/generate-estimate-pdf: finds the calculator lead (`leadId` + `customerInfo.email`,
   * or the newest calculator lead of that email) whose stored configuration is within the
   * public-site.md §5 ranges, and enqueues an EstimatePdf job with the promotion valid now;
   * answers at once with the job to watch. The job id is derived from the lead and what its PDF
   * shows (pdf-request-id.ts): the same PDF asked for again is the same job (BullMQ keeps an
   * existing id) and the same stored document and email, so nothing new is rendered or sent; a
   * changed configuration or promotion is a new PDF, whose email passes the per-recipient cap.
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
    const specs = lead ? calculatorSpecsOfBuildingInfo(lead.buildingInfo) : null;
    if (!lead || !specs?.success) {
      throw new ApiError(404, ErrorCode.NotFound, 'No calculator quote was found for this email. Please submit the quote request again.');
    }
    const discountPercent = promotion?.percent ?? 0;
    const promotionCode = promotion?.code ?? null;
    const jobId = pdfRequestId(this.requestKey, {
      leadId: lead.id,
      specs: specs.data,
      customer: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company },
      discountPercent,
      promotionCode,
    });
    try {
      await this.jobs.enqueue(
        Jobs.EstimatePdf,
        { leadId: lead.id, requestId: jobId, discountPercent, promotionCode },
        { ...deliveryJobOptions(this.env), jobId },
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

  /**
   * Enqueues the delivery of a PDF estimate email that staff released from `suppressed` (the
   * stored document attached, nothing rendered): an EstimateEmail job with id
   * `estimate-email-{recordId}`; a free-guide email gets its FreeGuideEmail job (the checklist
   * attached).
   * @returns whether `record` is a PDF email (false: deliver it as a plain message).
   * @throws Error when Redis did not take the job.
   */
  async enqueueReleasedEmail(record: OutboundMessageRecord): Promise<boolean> {
    const guide = /^free-guide:contact:(\d+)$/.exec(record.idempotencyKey);
    if (guide) {
      // The free guide's email carries the checklist PDF: its own job attaches it.
      await this.jobs.enqueue(
        Jobs.FreeGuideEmail,
        { contactId: Number(guide[1]) },
        { ...deliveryJobOptions(this.env), jobId: `free-guide-email-${record.id}` },
      );
      return true;
    }
    const ref = estimateEmailOf(record.idempotencyKey);
    if (!ref) return false;
    await this.jobs.enqueue(
      Jobs.EstimateEmail,
      { ...ref, outboundMessageId: record.id },
      { ...deliveryJobOptions(this.env), jobId: `estimate-email-${record.id}` },
    );
    return true;
  }
}
