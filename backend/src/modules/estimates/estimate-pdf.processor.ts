import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError, type WorkerOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  Jobs,
  QueueName,
  calculatorSpecsOfBuildingInfo,
  priceCalculator,
  type EstimatePdfJob,
  type EstimatePdfProgress,
  type EstimatePdfResult,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProcessor, RetryLaterError, route, type JobContext, type JobRoute } from '../../platform/queue/job-processor.js';
import { LeadsService } from '../leads/index.js';
import { MessageDeliveryService, OutboundMessagesService, deliveryContext } from '../messaging/index.js';
import { SiteSettingsService } from '../site/index.js';
import { LeadDocumentsService } from './lead-documents.service.js';
import { renderEstimateEmail, renderEstimateHtml, type EstimateDocumentInput } from './pdf/estimate-document.js';
import { PdfBrowser } from './pdf/pdf-browser.service.js';

/** Idempotency key of the email carrying one stored document of one lead. */
export const estimateEmailKey = (leadId: number, documentId: number) => `estimate-pdf:lead:${leadId}:document:${documentId}`;

/**
 * Drains the PDF queue: `EstimatePdf {leadId, requestId, discountPercent, promotionCode}`
 * (PDF_CONCURRENCY at a time).
 *  1. progress `rendering`: prices the lead's stored configuration once with `priceCalculator`
 *     and the job's discount, renders the branded estimate (Handlebars → Chromium) and stores it
 *     in `lead_documents` once per request (a retry reuses the stored PDF);
 *  2. records the email in `outbound_messages` (idempotency key per lead + document) before any
 *     provider call, then delivers it with the PDF attached through the email adapter (outbox
 *     when no provider) — a retried or replayed job never emails twice;
 *  3. progress `emailed` (provider accepted) or `saved` (outbox: stored, not delivered).
 * Failures are retried with exponential backoff (job options set by the api); a missing lead or
 * one without a valid configuration stops at once.
 */
@Injectable()
export class EstimatePdfProcessor extends JobProcessor {
  readonly queue = QueueName.Pdf;
  private readonly logger = new Logger(EstimatePdfProcessor.name);

  constructor(
    private readonly browser: PdfBrowser,
    private readonly leads: LeadsService,
    private readonly documents: LeadDocumentsService,
    private readonly outbound: OutboundMessagesService,
    private readonly delivery: MessageDeliveryService,
    private readonly settings: SiteSettingsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  protected routes(): JobRoute[] {
    return [route(Jobs.EstimatePdf, (payload, ctx) => this.render(payload, ctx))];
  }

  override workerOptions(): Partial<WorkerOptions> {
    return { concurrency: this.env.PDF_CONCURRENCY };
  }

  private async render({ leadId, requestId, discountPercent, promotionCode }: EstimatePdfJob, ctx: JobContext): Promise<EstimatePdfResult> {
    const progress = (p: EstimatePdfProgress) => ctx.progress(p);

    await progress({ step: 'rendering' });
    const lead = await this.leads.findById(leadId);
    if (!lead) throw new UnrecoverableError(`lead #${leadId} does not exist`);
    const specs = calculatorSpecsOfBuildingInfo(lead.buildingInfo);
    if (!specs.success) throw new UnrecoverableError(`lead #${leadId} has no valid calculator configuration`);
    const input: EstimateDocumentInput = {
      company: await this.settings.companyFacts(),
      customer: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company },
      estimate: priceCalculator(specs.data, discountPercent),
      promotionCode,
      number: `EST-${lead.id}-${requestId.slice(0, 8).toUpperCase()}`,
      issuedAt: new Date(ctx.job.timestamp),
    };

    let document = await this.documents.findByRequest(requestId);
    if (!document) {
      const pdf = await this.browser.render(renderEstimateHtml(input));
      document = await this.documents.saveOnce({
        leadId,
        kind: 'estimate_pdf',
        requestId,
        filename: `${input.number}.pdf`,
        contentType: 'application/pdf',
        totalCents: input.estimate.breakdown.total * 100,
        content: pdf,
      });
    }

    const email = renderEstimateEmail(input);
    const record = await this.dataSource.transaction((manager) =>
      this.outbound.recordQueued(manager, {
        idempotencyKey: estimateEmailKey(leadId, document.id),
        channel: 'email',
        recipient: lead.email,
        template: email.template,
        subject: email.subject,
        body: email.text,
        leadId,
      }),
    );
    await progress({ step: 'emailing' });
    const stored = await this.documents.getWithContent(leadId, document.id);
    if (!stored) throw new Error(`document #${document.id} disappeared`);
    try {
      const result = await this.delivery.deliver(record.id, {
        isFinalAttempt: ctx.isFinalAttempt,
        ...deliveryContext(ctx.job),
        attachments: [{ filename: stored.filename, content: stored.content.toString('base64'), type: stored.contentType }],
      });
      const emailed = result.status === 'sent';
      await progress({ step: emailed ? 'emailed' : 'saved' });
      return { documentId: document.id, outboundMessageId: record.id, emailStatus: result.status, emailed };
    } catch (err) {
      if (!(err instanceof RetryLaterError))
        this.logger.warn(`estimate PDF of lead #${leadId} (attempt ${ctx.job.attemptsMade + 1}): ${(err as Error).message}`);
      throw err; // a retry reuses the stored PDF
    }
  }
}
