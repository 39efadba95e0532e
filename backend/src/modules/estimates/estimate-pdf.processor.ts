import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError, type WorkerOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  Jobs,
  QueueName,
  calculatorSpecsOfBuildingInfo,
  priceCalculator,
  type EstimateEmailJob,
  type EstimatePdfJob,
  type EstimatePdfProgress,
  type EstimatePdfResult,
  type FreeGuideEmailJob,
  type FreeGuideEmailResult,
  type QuotePdfJob,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProcessor, RetryLaterError, route, type JobContext, type JobRoute } from '../../platform/queue/job-processor.js';
import { ContactRecord } from '../contacts/index.js';
import { LeadsService } from '../leads/index.js';
import {
  MessageDeliveryService,
  OutboundMessagesService,
  RetryScheduledError,
  deliveryBackoffStrategy,
  deliveryContext,
  deliveryPolicyOf,
} from '../messaging/index.js';
import { CalculatorPricing, QuoteVersionsService, QuotesService, diagramsOf } from '../quotes/index.js';
import { SiteSettingsService } from '../site/index.js';
import { estimateEmailKey } from './estimate-email-key.js';
import { LeadDocumentsService } from './lead-documents.service.js';
import { renderEstimateEmail, renderEstimateHtml, type EstimateDocumentInput } from './pdf/estimate-document.js';
import { PdfBrowser } from './pdf/pdf-browser.service.js';
import { CHECKLIST_FILENAME, renderChecklistEmail, renderChecklistHtml } from './pdf/security-checklist.js';
import { SiteDocumentsService } from './site-documents.service.js';
import { pdfRequestKey, quotePdfRequestId } from './pdf-request-id.js';
import { renderQuoteEmail, renderQuoteHtml, type QuoteDocumentInput } from './pdf/quote-document.js';

/** Runs of a PDF job whose render step may fail before the job stops. */
export const PDF_RENDER_ATTEMPTS = 4;

/** Idempotency key of the free-guide email of a contact (one per request). */
export const freeGuideEmailKey = (contactId: number) => `free-guide:contact:${contactId}`;

export { estimateEmailKey } from './estimate-email-key.js';

/**
 * Drains the PDF queue: `EstimatePdf {leadId, requestId, discountPercent, promotionCode}`
 * (PDF_CONCURRENCY at a time).
 *  1. progress `rendering`: prices the lead's stored configuration once with `priceCalculator`
 *     at the stored rates (CalculatorPricing, the one pricing of every quote tool) and the job's
 *     discount, renders the branded estimate (Handlebars → Chromium) and stores it
 *     in `lead_documents` once per request (a retry reuses the stored PDF);
 *  2. records the email in `outbound_messages` (idempotency key per lead + document) before any
 *     provider call, under the per-recipient cap of visitor-addressed messages
 *     (`recordVisitorAddressed`: over RECIPIENT_CAP_PER_DAY it is stored `suppressed` and not
 *     sent; the document stays on the lead for staff to send by hand), then delivers it with the
 *     PDF attached through the email adapter (outbox when no provider) — a retried or replayed
 *     job never emails twice. Rendering/storing and emailing are separate steps (issue 26 point
 *     5): the render step has its own budget (PDF_RENDER_ATTEMPTS), the email step follows the
 *     delivery policy (the job's options are deliveryJobOptions), and a retry after a failed email
 *     finds the stored PDF and never renders it again;
 *  3. progress `emailed` (provider accepted) or `saved` (outbox or suppressed: stored, not delivered).
 * `EstimateEmail {leadId, documentId, outboundMessageId}`: delivers a released (formerly
 * suppressed) PDF email with its stored document attached; nothing is rendered.
 * `FreeGuideEmail {contactId}`: renders the 47-point checklist PDF once per content (stored in
 * `site_documents`), records the email to the free-guide contact (idempotency key per contact,
 * under the per-recipient cap) and delivers it with the PDF attached; a record staff released
 * from `suppressed` is delivered by the same job.
 * Rendering failures are retried (jittered backoff) up to PDF_RENDER_ATTEMPTS times; emails follow
 * the delivery policy; a missing lead or one without a valid configuration stops at once.
 */
@Injectable()
export class EstimatePdfProcessor extends JobProcessor {
  readonly queue = QueueName.Pdf;
  private readonly logger = new Logger(EstimatePdfProcessor.name);

  constructor(
    private readonly browser: PdfBrowser,
    private readonly leads: LeadsService,
    private readonly documents: LeadDocumentsService,
    private readonly siteDocuments: SiteDocumentsService,
    private readonly outbound: OutboundMessagesService,
    private readonly delivery: MessageDeliveryService,
    private readonly settings: SiteSettingsService,
    private readonly calculator: CalculatorPricing,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    private readonly quoteVersions: QuoteVersionsService,
    private readonly quotes: QuotesService,
  ) {
    super();
    this.requestKey = pdfRequestKey(env);
  }

  /** Key of the stored documents' request ids (pdf-request-id.ts). */
  private readonly requestKey: Buffer;

  protected routes(): JobRoute[] {
    return [
      route(Jobs.EstimatePdf, (payload, ctx) => this.render(payload, ctx)),
      route(Jobs.EstimateEmail, (payload, ctx) => this.sendReleased(payload, ctx)),
      route(Jobs.FreeGuideEmail, (payload, ctx) => this.sendFreeGuide(payload, ctx)),
      route(Jobs.QuotePdf, (payload, ctx) => this.sendQuote(payload, ctx)),
    ];
  }

  /** PDF_CONCURRENCY; the email jobs follow the delivery policy's backoff (messaging delivery-policy.ts). */
  override workerOptions(): Partial<WorkerOptions> {
    return { concurrency: this.env.PDF_CONCURRENCY, settings: { backoffStrategy: deliveryBackoffStrategy(deliveryPolicyOf(this.env)) } };
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
      estimate: priceCalculator(specs.data, discountPercent, (await this.calculator.rates()).rates),
      promotionCode,
      number: `EST-${lead.id}-${requestId.slice(0, 8).toUpperCase()}`,
      issuedAt: new Date(ctx.job.timestamp),
    };

    let document = await this.documents.findByRequest(requestId);
    if (!document) {
      const pdf = await this.renderStep(() => this.browser.render(renderEstimateHtml(input)), ctx);
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
      this.outbound.recordVisitorAddressed(manager, {
        idempotencyKey: estimateEmailKey(leadId, document.id),
        channel: 'email',
        recipient: lead.email,
        template: email.template,
        subject: email.subject,
        body: email.text,
        leadId,
      }),
    );
    if (record.status === 'suppressed') {
      await progress({ step: 'saved' });
      return { documentId: document.id, outboundMessageId: record.id, emailStatus: 'suppressed', emailed: false };
    }
    await progress({ step: 'emailing' });
    return this.deliverWithDocument(leadId, document.id, record.id, ctx);
  }

  /**
   * QuotePdf (issue 21 point 4): renders quote version `quoteVersionId` (every option, the chosen
   * one itemised; quote-document.ts) once per version (stored in `lead_documents` as `quote_pdf`
   * and named on the version), records the email with the version's link to the lead's address
   * (idempotency key per lead + document, like the calculator's; under the per-recipient cap) and
   * delivers it with the PDF attached; progress as EstimatePdf. The api adds the job after its
   * transaction committed; a version not visible (yet) is retried, a lead without an email address
   * stops at once.
   */
  private async sendQuote({ quoteVersionId }: QuotePdfJob, ctx: JobContext): Promise<EstimatePdfResult> {
    await ctx.progress({ step: 'rendering' } satisfies EstimatePdfProgress);
    const version = await this.quoteVersions.findById(quoteVersionId);
    if (!version) throw new Error(`quote version #${quoteVersionId} is not visible yet`);
    const lead = await this.leads.findById(version.leadId);
    if (!lead) throw new UnrecoverableError(`lead #${version.leadId} does not exist`);
    const chosen = version.options[version.chosenOption] ?? version.options.recommended;
    const drawn = await diagramsOf(this.quotes, { recommended: chosen }, lead);
    const input: QuoteDocumentInput = {
      company: await this.settings.companyFacts(),
      customer: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company },
      number: `Q-${lead.id}-${version.version}`,
      version: version.version,
      options: version.options,
      chosenOption: version.chosenOption,
      issuedAt: version.createdAt,
      expiresAt: version.expiresAt,
      link: `${this.env.PUBLIC_URL}/quotes/${version.token}`,
      diagrams: drawn.recommended ?? [],
    };
    const requestId = quotePdfRequestId(this.requestKey, version.id);
    let document = await this.documents.findByRequest(requestId);
    if (!document) {
      const pdf = await this.renderStep(() => this.browser.render(renderQuoteHtml(input)), ctx);
      document = await this.documents.saveOnce({
        leadId: lead.id,
        kind: 'quote_pdf',
        requestId,
        filename: `${input.number}.pdf`,
        contentType: 'application/pdf',
        totalCents: version.totalCents,
        content: pdf,
      });
    }
    if (version.documentId !== document.id) await this.quoteVersions.setDocument(version.id, document.id);

    const email = renderQuoteEmail(input);
    const record = await this.dataSource.transaction((manager) =>
      this.outbound.recordVisitorAddressed(manager, {
        idempotencyKey: estimateEmailKey(lead.id, document.id),
        channel: 'email',
        recipient: lead.email,
        template: email.template,
        subject: email.subject,
        body: email.text,
        leadId: lead.id,
      }),
    );
    if (record.status === 'suppressed') {
      await ctx.progress({ step: 'saved' } satisfies EstimatePdfProgress);
      return { documentId: document.id, outboundMessageId: record.id, emailStatus: 'suppressed', emailed: false };
    }
    await ctx.progress({ step: 'emailing' } satisfies EstimatePdfProgress);
    return this.deliverWithDocument(lead.id, document.id, record.id, ctx);
  }

  /**
   * FreeGuideEmail: the checklist PDF to a free-guide contact. The api adds the job before its
   * transaction commits, so a contact not visible yet is retried (backoff); one that is not a
   * free-guide request stops at once.
   */
  private async sendFreeGuide({ contactId }: FreeGuideEmailJob, ctx: JobContext): Promise<FreeGuideEmailResult> {
    const contact = await this.dataSource.getRepository(ContactRecord).findOneBy({ id: contactId });
    if (!contact) throw new Error(`free-guide contact #${contactId} is not visible yet`);
    if (contact.source !== 'free_guide' || contact.spamReason) throw new UnrecoverableError(`contact #${contactId} asked for no guide`);
    const company = await this.settings.companyFacts();
    const html = renderChecklistHtml(company);
    const document = await this.siteDocuments.getOrRender(
      'security-checklist',
      html,
      { filename: CHECKLIST_FILENAME, contentType: 'application/pdf' },
      () => this.renderStep(() => this.browser.render(html), ctx),
    );
    const email = renderChecklistEmail(company);
    const record = await this.dataSource.transaction((manager) =>
      this.outbound.recordVisitorAddressed(manager, {
        idempotencyKey: freeGuideEmailKey(contactId),
        channel: 'email',
        recipient: contact.email,
        template: email.template,
        subject: email.subject,
        body: email.text,
        contactId,
      }),
    );
    if (record.status === 'suppressed') return { documentId: document.id, outboundMessageId: record.id, emailStatus: 'suppressed' };
    try {
      const result = await this.delivery.deliver(record.id, {
        isFinalAttempt: ctx.isFinalAttempt,
        channel: 'email',
        ...deliveryContext(ctx.job),
        attachments: [{ filename: document.filename, content: document.content.toString('base64'), type: document.contentType }],
      });
      return { documentId: document.id, outboundMessageId: record.id, emailStatus: result.status };
    } catch (err) {
      if (!(err instanceof RetryLaterError))
        this.logger.warn(`free-guide email of contact #${contactId} (attempt ${ctx.job.attemptsMade + 1}): ${(err as Error).message}`);
      throw err;
    }
  }

  /**
   * The render step: its failures are retried (the job's backoff) up to PDF_RENDER_ATTEMPTS runs of
   * the job, then the job stops (`UnrecoverableError`) — the email step's long patience is not
   * spent on a PDF that cannot be produced.
   */
  private async renderStep(render: () => Promise<Buffer>, ctx: JobContext): Promise<Buffer> {
    try {
      return await render();
    } catch (err) {
      if (ctx.job.attemptsMade + 1 >= PDF_RENDER_ATTEMPTS) throw new UnrecoverableError(`PDF rendering failed: ${(err as Error).message}`);
      throw err;
    }
  }

  /** EstimateEmail: the released email of a stored document, checked to belong to that lead. */
  private async sendReleased({ leadId, documentId, outboundMessageId }: EstimateEmailJob, ctx: JobContext): Promise<EstimatePdfResult> {
    const record = await this.outbound.findById(outboundMessageId);
    if (!record || record.leadId !== leadId || record.idempotencyKey !== estimateEmailKey(leadId, documentId))
      throw new UnrecoverableError(`outbound #${outboundMessageId} is not the email of document #${documentId} of lead #${leadId}`);
    await ctx.progress({ step: 'emailing' });
    return this.deliverWithDocument(leadId, documentId, record.id, ctx);
  }

  /**
   * Delivers record `outboundMessageId` with document `documentId` attached; progress `emailed` or
   * `saved`. A transient provider failure is retried under the delivery policy (the job's backoff
   * waits what the delivery decided); meanwhile the job reports `saved` (the PDF is stored, its
   * email waits) and its retries skip the render step.
   */
  private async deliverWithDocument(
    leadId: number,
    documentId: number,
    outboundMessageId: number,
    ctx: JobContext,
  ): Promise<EstimatePdfResult> {
    const stored = await this.documents.getWithContent(leadId, documentId);
    if (!stored) throw new UnrecoverableError(`document #${documentId} of lead #${leadId} does not exist`);
    try {
      const result = await this.delivery.deliver(outboundMessageId, {
        isFinalAttempt: ctx.isFinalAttempt,
        channel: 'email',
        ...deliveryContext(ctx.job),
        attachments: [{ filename: stored.filename, content: stored.content.toString('base64'), type: stored.contentType }],
      });
      const emailed = result.status === 'sent';
      await ctx.progress({ step: emailed ? 'emailed' : 'saved' });
      return { documentId, outboundMessageId, emailStatus: result.status, emailed };
    } catch (err) {
      if (err instanceof RetryScheduledError || err instanceof RetryLaterError) await ctx.progress({ step: 'saved' });
      if (!(err instanceof RetryLaterError))
        this.logger.warn(`estimate PDF email of lead #${leadId} (attempt ${ctx.job.attemptsMade + 1}): ${(err as Error).message}`);
      throw err; // a retry reuses the stored PDF
    }
  }
}
