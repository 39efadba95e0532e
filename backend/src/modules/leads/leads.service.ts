import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  CreateLead,
  CreateLeadResponse,
  JobRef,
  Lead,
  LeadSource,
  LeadStatus,
  SiteSettingKey,
  SpamReasonValue,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { newDepositToken } from './deposit-token.js';
import { MessageJobs, OutboundMessageRecord, StaffDigests, type DigestDecision } from '../messaging/index.js';
import { insertReturning, insertWithChild } from '../../platform/database/insert-returning.js';
import { CalculatorPricing, QuoteVersionsService, QuotesService, WIZARD_LEAD_DEFAULTS, type QuoteVersions } from '../quotes/index.js';
import { SiteSettingsService } from '../site/index.js';
import { LeadStatusChangeRecord } from './lead-status-change.entity.js';
import { LeadRecord } from './lead.entity.js';
import { renderNewLeadNotification } from './new-lead-notification.js';

/** The staff "new lead" email's idempotency key is this prefix and the lead's id. */
const NEW_LEAD_NOTIFICATION_KEY_PREFIX = 'staff-notification:lead:';

/** Which feature switch gates a public lead of each source (decisions.md §11). */
const FEATURE_OF_SOURCE: Partial<Record<LeadSource, SiteSettingKey>> = {
  ai_shopping: 'shopping_form_enabled',
  cost_calculator: 'calculator_enabled',
};

/** Leads created by visitors (public-site.md §3, §7; decisions.md §3, §5, §11). */
@Injectable()
export class LeadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly digests: StaffDigests,
    private readonly jobs: MessageJobs,
    private readonly settings: SiteSettingsService,
    @Inject(ENV) private readonly env: Env,
    private readonly quotes: QuotesService,
    private readonly calculator: CalculatorPricing,
    private readonly quoteVersions: QuoteVersionsService,
  ) {}

  /**
   * Stores a public lead — always status `new`; `aiRecommendation` and `totalEstimate` from the
   * browser are discarded (decisions.md §3: prices are the server's); a wizard lead (source
   * `ai_shopping`) gets the design engine's recommendation and total instead (QuotesService) — and its staff notification
   * in one statement (digested when more than LEAD_DIGEST_AFTER_PER_MINUTE leads arrive in a
   * window: `notificationJob` is then null), then enqueues the delivery. Answers without calling
   * any provider.
   * A wizard lead with a quote also gets a deposit token (`depositToken` in the answer, its
   * SHA-256 stored on the lead), the only way to address its deposit (deposit-token.ts), and its
   * saved quote (issue 21 point 4): version 1 (every design option, link token = the deposit
   * token, /quotes/{token}) is written in the same transaction as the lead and its notification;
   * after the commit the QuotePdf job is enqueued (the worker renders the PDF and emails the link
   * with it attached) — no PDF or email work happens in this request.
   * A `cost_calculator` lead whose buildingInfo carries the calculator configuration gets the
   * server's breakdown (aiRecommendation, estimateType 'calculator') and totalEstimate.
   * A submission the bot defences took for a bot's (`spamReason` set: failed honeypot or fill
   * time) is stored flagged, with no staff notification (`notificationJob` null): the caller
   * answers as usual, staff find it under "Suspected spam".
   * @throws ApiError 503 FEATURE_DISABLED when the source's feature is switched off; 400
   *   VALIDATION_FAILED for a calculator configuration outside the §5 ranges.
   */
  async createPublic(input: CreateLead, spamReason: SpamReasonValue | null = null): Promise<CreateLeadResponse> {
    const feature = FEATURE_OF_SOURCE[input.source];
    if (feature) await this.settings.assertEnabled(feature);
    const buildingInfo = input.source === 'ai_shopping' ? { ...WIZARD_LEAD_DEFAULTS, ...input.buildingInfo } : input.buildingInfo;
    // decisions.md §3, §10: a wizard lead is priced by the server's design engine, a calculator
    // lead by the server's calculator, whatever the browser sent.
    const wizardQuote = input.source === 'ai_shopping' ? await this.quotes.recommendForLead(input, buildingInfo) : null;
    const deposit = wizardQuote && wizardQuote.totalEstimateCents > 0 ? newDepositToken() : null;
    const calculatorPrice = input.source === 'cost_calculator' ? await this.calculator.priceLead(buildingInfo) : null;

    // The lead and its notification are stamped with one time, counted in its digest window
    // before the insert (no connection waits on Redis), and stored by ONE statement: the lead and
    // its notification record (which names the lead's id) in two data-modifying CTEs, atomic
    // without BEGIN/COMMIT (issue 28: a lead is one short transaction).
    const at = new Date();
    const digest = spamReason ? null : await this.digests.decide('new-leads', at);
    const values: Partial<LeadRecord> = {
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      email: input.email,
      phone: input.phone ?? null,
      company: input.company ?? null,
      address: input.address ?? null,
      buildingInfo,
      depositTokenHash: deposit?.hash ?? null,
      aiRecommendation: (wizardQuote ?? calculatorPrice)?.aiRecommendation ?? null,
      totalEstimateCents: (wizardQuote ?? calculatorPrice)?.totalEstimateCents ?? null,
      configurationVersions: versionsRecord((wizardQuote ?? calculatorPrice)?.configurationVersions),
      budget: input.budget ?? null,
      timeline: input.timeline ?? null,
      specificAreas: input.specificAreas ?? null,
      additionalFeatures: input.additionalFeatures,
      status: 'new',
      source: input.source,
      spamReason,
      createdAt: at,
      updatedAt: at,
    };
    const insert = async (manager: EntityManager) =>
      digest
        ? await this.insertWithNotification(manager, values, digest)
        : // A submission taken for a bot's is kept, flagged, and notified to no one.
          { lead: await insertReturning(manager, LeadRecord, values), outboundId: null, digestWindow: null };
    // A wizard quote is saved with its lead: the lead, its notification and the quote's version 1
    // commit together or not at all (nothing half-written).
    const saved =
      wizardQuote && deposit
        ? await this.dataSource.transaction(async (manager) => {
            const out = await insert(manager);
            const quoteVersionId = await this.quoteVersions.insertFirst(manager, out.lead.id, wizardQuote.options, deposit.token, at);
            return { ...out, quoteVersionId };
          })
        : { ...(await insert(this.dataSource.manager)), quoteVersionId: null };
    const { lead, outboundId, digestWindow, quoteVersionId } = saved;
    // Both enqueues at once (two Redis round trips in parallel). A bot's submission keeps its
    // quote (staff may look at it) but nobody is emailed.
    const [notificationJob] = await Promise.all([
      this.dispatchNewLeadNotification(lead.id, outboundId, digestWindow),
      quoteVersionId !== null && !spamReason ? this.quoteVersions.enqueueEmail(quoteVersionId) : null,
    ]);
    return { lead: toLead(lead), notificationJob, depositToken: deposit?.token ?? null };
  }

  /**
   * Stores lead `values` and its staff "new lead" email (in `manager`'s transaction) under the digest policy (StaffDigests: the
   * first LEAD_DIGEST_AFTER_PER_MINUTE leads of a window are notified one by one, the others are
   * listed in one digest at the window's end) in one statement (insertWithChild): the email's
   * idempotency key and lead id are the new lead's id.
   * @returns the stored lead, the email record's id and, when it was gathered into a digest, the
   *   digest's window.
   */
  private async insertWithNotification(
    manager: EntityManager,
    values: Partial<LeadRecord>,
    digest: DigestDecision,
  ): Promise<{ lead: LeadRecord; outboundId: number | null; digestWindow: number | null }> {
    // The email shows only what the visitor sent and the time: rendered before the insert.
    const email = renderNewLeadNotification(values as LeadRecord, `${this.env.PUBLIC_URL}/admin`);
    const notification = this.digests.notificationValues(digest, {
      idempotencyKey: NEW_LEAD_NOTIFICATION_KEY_PREFIX,
      channel: 'email',
      recipient: this.env.STAFF_NOTIFICATION_EMAIL,
      template: email.template,
      subject: email.subject,
      body: email.text,
    });
    const { parent, childId } = await insertWithChild(manager, LeadRecord, values, {
      target: OutboundMessageRecord,
      values: notification.values,
      parentIdInto: 'leadId',
      parentIdPrefixed: { idempotencyKey: NEW_LEAD_NOTIFICATION_KEY_PREFIX },
    });
    return { lead: parent, outboundId: childId, digestWindow: notification.digestWindow };
  }

  /**
   * After the commit: enqueues the single notification `outboundId`, or schedules the digest of
   * `digestWindow` when the notification was gathered into one. Never throws.
   * @returns the notification job to watch, or null (digested, not notified, or Redis down).
   */
  private async dispatchNewLeadNotification(
    leadId: number,
    outboundId: number | null,
    digestWindow: number | null = null,
  ): Promise<JobRef | null> {
    if (outboundId === null) return null;
    if (digestWindow !== null) {
      await this.digests.scheduleDigest('new-leads', digestWindow);
      return null;
    }
    return this.jobs.enqueueStaffNotification({ outboundMessageId: outboundId, kind: 'lead', recordId: leadId });
  }

  /**
   * Moves lead `leadId` to `status` on behalf of the system (e.g. a paid deposit), inside the
   * caller's transaction `manager`: the lead row is locked, and the change is written to its status
   * history (the activity timeline). Nothing happens when the lead is gone or already there.
   * @returns whether the status changed.
   */
  async setStatusBySystem(manager: EntityManager, leadId: number, status: LeadStatus): Promise<boolean> {
    const lead = await manager.findOne(LeadRecord, { where: { id: leadId }, lock: { mode: 'pessimistic_write' } });
    if (!lead || lead.status === status) return false;
    await manager.update(LeadRecord, { id: lead.id }, { status });
    await manager.insert(LeadStatusChangeRecord, { leadId: lead.id, fromStatus: lead.status, toStatus: status, changedBy: 'system' });
    return true;
  }

  /** Whether lead `id` exists. */
  exists(id: number): Promise<boolean> {
    return this.dataSource.getRepository(LeadRecord).existsBy({ id });
  }

  /** The lead `id`, or null. */
  findById(id: number): Promise<LeadRecord | null> {
    return this.dataSource.getRepository(LeadRecord).findOneBy({ id });
  }

  /**
   * The calculator lead of `email` (case-insensitive): lead `leadId` when given, otherwise the
   * newest; null when there is none.
   */
  findCalculatorLead(email: string, leadId?: number): Promise<LeadRecord | null> {
    const qb = this.dataSource
      .getRepository(LeadRecord)
      .createQueryBuilder('l')
      .where(`l.source = 'cost_calculator' AND lower(l.email) = lower(:email)`, { email });
    if (leadId !== undefined) qb.andWhere('l.id = :leadId', { leadId });
    return qb.orderBy('l.id', 'DESC').getOne();
  }
}

/** Entity → the staff's API shape: {@link toLead} plus the spam flag and the configuration versions that priced it. */
export function toStaffLead(r: LeadRecord): Lead {
  return {
    ...toLead(r),
    spamReason: (r.spamReason as SpamReasonValue | null) ?? null,
    configurationVersions: r.configurationVersions ?? null,
    archivedAt: r.archivedAt?.toISOString() ?? null,
    ownerId: r.ownerId ?? null,
  };
}

/** Entity → API shape (cents → whole dollars), as the visitor's answer gives it (no spam flag). */
export function toLead(r: LeadRecord): Lead {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    company: r.company,
    address: r.address,
    buildingInfo: r.buildingInfo,
    aiRecommendation: r.aiRecommendation,
    totalEstimate: r.totalEstimateCents === null ? null : Math.round(r.totalEstimateCents / 100),
    budget: r.budget,
    timeline: r.timeline,
    specificAreas: r.specificAreas,
    additionalFeatures: r.additionalFeatures,
    status: r.status,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The configuration versions a quote was priced with, as stored (`configuration_versions`), or null. */
function versionsRecord(v: QuoteVersions | undefined): Record<string, number> | null {
  return v ? { ...v } : null;
}
