import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { ClosingWorkerHost } from './closing-worker-host.js';
import { delayWhileInProgress, deliveryContext } from './messages.processor.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  Jobs,
  QueueName,
  calculatorSpecsOfBuildingInfo,
  estimatePdfJobSchema,
  priceCalculator,
  type EstimatePdfProgress,
  type EstimatePdfResult,
} from '@ironclad/contracts';
import { ENV, type Env } from '@ironclad/backend/config/env.js';
import { LeadRecord } from '@ironclad/backend/modules/leads/lead.entity.js';
import { LeadDocumentsService } from '@ironclad/backend/modules/estimates/lead-documents.service.js';
import { MessageDeliveryService } from '@ironclad/backend/modules/messaging/message-delivery.service.js';
import { ProviderError } from '@ironclad/backend/modules/messaging/email-provider.js';
import { OutboundMessagesService } from '@ironclad/backend/modules/messaging/outbound-messages.service.js';
import { SiteSettingsService } from '@ironclad/backend/modules/site-settings/site-settings.service.js';
import { PdfBrowser } from '../pdf/pdf-browser.service.js';
import { renderEstimateEmail, renderEstimateHtml, type EstimateDocumentInput } from '../pdf/estimate-document.js';

/** Idempotency key of the email carrying one stored document of one lead. */
export const estimateEmailKey = (leadId: number, documentId: number) => `estimate-pdf:lead:${leadId}:document:${documentId}`;

/**
 * Drains the PDF queue (issue 5 item 4): `EstimatePdf {leadId, requestId, discountPercent,
 * promotionCode}`.
 *  1. progress `rendering`: prices the lead's stored configuration with `priceCalculator`,
 *     renders the branded estimate (Handlebars → Chromium) and stores it in `lead_documents`
 *     once per request (a retry reuses the stored PDF);
 *  2. records the email in `outbound_messages` (idempotency key per lead + document) before any
 *     provider call, then delivers it with the PDF attached through the email adapter (outbox
 *     when no provider) — a retried or replayed job never emails twice;
 *  3. progress `emailed` (provider accepted) or `saved` (outbox: stored, not delivered).
 * Failures are retried with exponential backoff (job options set by the api); a missing lead,
 * a bad payload or a permanent provider 4xx stop at once.
 */
@Processor(QueueName.Pdf)
export class PdfProcessor extends ClosingWorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(PdfProcessor.name);

  constructor(
    private readonly browser: PdfBrowser,
    private readonly documents: LeadDocumentsService,
    private readonly outbound: OutboundMessagesService,
    private readonly delivery: MessageDeliveryService,
    private readonly settings: SiteSettingsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.env.PDF_CONCURRENCY;
  }

  async process(job: Job, token?: string): Promise<EstimatePdfResult> {
    if (job.name !== Jobs.EstimatePdf.name) throw new UnrecoverableError(`unknown job ${job.name}`);
    const parsed = estimatePdfJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid EstimatePdf payload: ${parsed.error.message}`);
    const { leadId, requestId, discountPercent, promotionCode } = parsed.data;
    const progress = (p: EstimatePdfProgress) => job.updateProgress(p as unknown as object);

    await progress({ step: 'rendering' });
    const lead = await this.dataSource.getRepository(LeadRecord).findOneBy({ id: leadId });
    if (!lead) throw new UnrecoverableError(`lead #${leadId} does not exist`);
    const specs = calculatorSpecsOfBuildingInfo(lead.buildingInfo);
    if (!specs.success) throw new UnrecoverableError(`lead #${leadId} has no valid calculator configuration`);
    const input: EstimateDocumentInput = {
      company: await this.settings.companyFacts(),
      customer: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company },
      estimate: priceCalculator(specs.data, discountPercent),
      promotionCode,
      number: `EST-${lead.id}-${requestId.slice(0, 8).toUpperCase()}`,
      issuedAt: new Date(job.timestamp),
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
        isFinalAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        ...deliveryContext(job),
        attachments: [{ filename: stored.filename, content: stored.content.toString('base64'), type: stored.contentType }],
      });
      const emailed = result.status === 'sent';
      await progress({ step: emailed ? 'emailed' : 'saved' });
      return { documentId: document.id, outboundMessageId: record.id, emailStatus: result.status, emailed };
    } catch (err) {
      await delayWhileInProgress(job, token, err); // a retry reuses the stored PDF
      if (err instanceof ProviderError && !err.retryable) throw new UnrecoverableError(err.message);
      this.logger.warn(`estimate PDF of lead #${leadId} (attempt ${job.attemptsMade + 1}): ${(err as Error).message}`);
      throw err;
    }
  }
}
