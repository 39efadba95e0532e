import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  INVENTORY_CATEGORY_LABELS,
  Jobs,
  QUOTE_VALID_DAYS,
  depositCentsForTotal,
  type AiRecommendation,
  type ApproveQuote,
  type EquipmentCategory,
  type PublicQuote,
  type QuoteOptions,
  type ReviseQuote,
  type StaffQuoteVersion,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../../platform/config/env.js';
import { ApiError } from '../../../platform/http/api-error.js';
import type { SessionUser } from '../../../platform/http/auth/session-user.js';
import { JobProducer } from '../../../platform/queue/job-producer.js';
import { insertReturning } from '../../../platform/database/insert-returning.js';
import { InventoryService } from '../../inventory/index.js';
import { deliveryJobOptions } from '../../messaging/index.js';
import { AuditLogService } from '../../staff/index.js';
import { CATEGORY_LABELS } from '../design-engine/index.js';
import { approvalHash } from './approval-hash.js';
import { QuoteVersionRecord } from './quote-version.entity.js';

/** Milliseconds a version's link stays valid (QUOTE_VALID_DAYS days). */
export const QUOTE_VALID_MS = QUOTE_VALID_DAYS * 86_400_000;

/** The one answer for a link that is unknown (or malformed, refused earlier by the param schema). */
export const QUOTE_NOT_FOUND_MESSAGE = 'This quote link is not valid. Please check the link in your email or call us.';

/** A new link token: 32 random bytes (256 bits), base64url, 43 characters. */
export function newQuoteToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The job id of a version's PDF + email job: one per version, so a replayed enqueue is the same job. */
export const quotePdfJobId = (quoteVersionId: number) => `quote-pdf-${quoteVersionId}`;

/** Whole dollars → integer cents of an option's total. */
const totalCentsOf = (r: AiRecommendation) => r.pricing.totalProjectCost * 100;

/**
 * Saved quote versions (issue 21 points 4, 6, 7; public-site.md §2 step 5, §9; decisions.md §3, §4):
 * version 1 is written with the wizard lead (same transaction, {@link insertFirst}); the customer
 * opens it by its link (viewed), approves one option with a typed name (signature hash), and pays
 * its deposit (payments); staff revise it into a new version with its own link. Amounts: whole
 * dollars inside the options, cents in `totalCents` and deposits.
 */
@Injectable()
export class QuoteVersionsService {
  private readonly logger = new Logger(QuoteVersionsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobProducer,
    private readonly inventory: InventoryService,
    private readonly audit: AuditLogService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Writes version 1 of lead `leadId`'s quote inside the caller's transaction `manager` (the lead's):
   * status `sent`, `recommended` chosen, valid QUOTE_VALID_DAYS days from `now`. Only the id comes
   * back (`RETURNING id`): reading the stored options back would parse their JSON (tens of KB) again
   * on every wizard lead for nothing.
   * @param token the link token (the lead's deposit token, so the POST /api/leads answer names it).
   * @returns the stored version's id.
   */
  async insertFirst(manager: EntityManager, leadId: number, options: QuoteOptions, token: string, now: Date): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(QuoteVersionRecord)
      .values({
        leadId,
        version: 1,
        token,
        status: 'sent',
        options,
        chosenOption: 'recommended',
        totalCents: totalCentsOf(options.recommended),
        expiresAt: new Date(now.getTime() + QUOTE_VALID_MS),
        createdBy: null,
        createdAt: now,
      })
      .returning('id')
      .updateEntity(false)
      .execute();
    return Number((result.raw as { id: number | string }[])[0]!.id);
  }

  /**
   * Enqueues the QuotePdf job of version `quoteVersionId` (render, store, email the link with the PDF
   * attached; job id {@link quotePdfJobId}). Never throws: a Redis failure is logged and answered
   * false (the quote stays saved and reachable; staff can send it again by revising).
   */
  async enqueueEmail(quoteVersionId: number): Promise<boolean> {
    try {
      await this.jobs.enqueue(Jobs.QuotePdf, { quoteVersionId }, { ...deliveryJobOptions(this.env), jobId: quotePdfJobId(quoteVersionId) });
      return true;
    } catch (err) {
      this.logger.warn(`could not enqueue the quote email of version #${quoteVersionId}: ${(err as Error).message}`);
      return false;
    }
  }

  /** The version of link `token`, or null. */
  findByToken(token: string, manager: EntityManager = this.dataSource.manager): Promise<QuoteVersionRecord | null> {
    return manager.findOne(QuoteVersionRecord, { where: { token } });
  }

  /** Version `id`, or null. */
  findById(id: number): Promise<QuoteVersionRecord | null> {
    return this.dataSource.getRepository(QuoteVersionRecord).findOneBy({ id });
  }

  /**
   * GET /api/quotes/{token}: the version as the customer sees it; the first view of a `sent`,
   * unexpired version marks it `viewed` (viewedAt = now).
   * @param customerFirstName the lead's first name (the caller reads the lead).
   * @throws ApiError 404 NOT_FOUND unknown link.
   */
  async view(token: string, now: Date = new Date()): Promise<{ quote: PublicQuote; leadId: number }> {
    const v = await this.findByToken(token);
    if (!v) throw new ApiError(404, ErrorCode.NotFound, QUOTE_NOT_FOUND_MESSAGE);
    if (v.status === 'sent' && v.expiresAt > now) {
      const res = await this.dataSource
        .getRepository(QuoteVersionRecord)
        .update({ id: v.id, status: 'sent' }, { status: 'viewed', viewedAt: now });
      if (res.affected) {
        v.status = 'viewed';
        v.viewedAt = now;
      }
    }
    return { quote: toPublicQuote(v, now), leadId: v.leadId };
  }

  /**
   * POST /api/quotes/{token}/approve: the customer approves `body.option` by typing their name and
   * ticking the terms. Stores the name, time, IP and the SHA-256 of the version's canonical JSON with
   * the chosen option ({@link approvalHash}); the chosen option's total (cents) becomes the version's.
   * An approved (unpaid) version may be approved again with another option (the newer signature
   * replaces the older). Runs in one transaction with the version row locked.
   * @param ip the caller's address as the api sees it.
   * @throws ApiError 404 unknown link; 410 GONE expired; 409 CONFLICT superseded or deposit already
   *   paid; 400 VALIDATION_FAILED (field `option`) for an option this version does not offer.
   */
  async approve(token: string, body: ApproveQuote, ip: string, now: Date = new Date()): Promise<PublicQuote> {
    return this.dataSource.transaction(async (manager) => {
      const v = await manager.findOne(QuoteVersionRecord, { where: { token }, lock: { mode: 'pessimistic_write' } });
      if (!v) throw new ApiError(404, ErrorCode.NotFound, QUOTE_NOT_FOUND_MESSAGE);
      if (v.status === 'superseded')
        throw new ApiError(
          409,
          ErrorCode.Conflict,
          'This quote was replaced by a newer version. Please use the link in your latest email.',
        );
      if (v.status === 'deposit_paid') throw new ApiError(409, ErrorCode.Conflict, 'This quote is approved and its deposit is paid.');
      if (v.expiresAt <= now) throw new ApiError(410, ErrorCode.Gone, 'This quote has expired. Please request a refreshed quote.');
      const chosen = v.options[body.option];
      if (!chosen)
        throw new ApiError(400, ErrorCode.ValidationFailed, 'This quote does not offer that option.', {
          fieldErrors: { option: ['This quote does not offer that option.'] },
        });
      const hash = approvalHash({
        leadId: v.leadId,
        version: v.version,
        options: v.options,
        expiresAt: v.expiresAt.toISOString(),
        chosenOption: body.option,
      });
      Object.assign(v, {
        status: 'approved',
        chosenOption: body.option,
        totalCents: totalCentsOf(chosen),
        approvedAt: now,
        approvedName: body.name,
        approvedIp: ip.slice(0, 64),
        approvalHash: hash,
      } satisfies Partial<QuoteVersionRecord>);
      await manager.save(v);
      return toPublicQuote(v, now);
    });
  }

  /**
   * Marks version `quoteVersionId` `deposit_paid` inside the webhook's transaction `manager` (a
   * succeeded deposit names the version it paid for). A superseded version keeps its status but
   * records the time (the deposit stays tied to it).
   */
  async markDepositPaid(manager: EntityManager, quoteVersionId: number, at: Date): Promise<void> {
    await manager.update(
      QuoteVersionRecord,
      { id: quoteVersionId, status: In(['sent', 'viewed', 'approved']) },
      { status: 'deposit_paid' },
    );
    await manager.update(QuoteVersionRecord, { id: quoteVersionId }, { depositPaidAt: at });
  }

  /** GET /api/leads/{id}/quotes (admin): lead `leadId`'s versions, newest first, with their stored PDF. */
  async listForLead(leadId: number): Promise<StaffQuoteVersion[]> {
    const versions = await this.dataSource.getRepository(QuoteVersionRecord).find({ where: { leadId }, order: { version: 'DESC' } });
    return versions.map(toStaffQuoteVersion);
  }

  /**
   * POST /api/leads/{id}/quotes (admin, audited `quote.revised`): staff revise the latest version's
   * `body.option` with equipment lines from the active inventory (SKU, quantity; priced at today's
   * catalogue price, whole dollars). Labour, the "Additional Features" lines and the option's
   * promotion percent are kept; the other options are copied as they were. In one transaction
   * (lead's versions locked): the new version (next number, new link token, status `sent`, the
   * revised option chosen, valid QUOTE_VALID_DAYS days) is written and every older version that is
   * not `deposit_paid` becomes `superseded` (an approval does not carry over). After the commit the
   * new link is emailed with its PDF (QuotePdf job).
   * @throws ApiError 404 NOT_FOUND the lead has no quote; 400 VALIDATION_FAILED (field `lines`) for
   *   a SKU not in the active inventory or an option the quote does not offer.
   */
  async revise(leadId: number, body: ReviseQuote, user: SessionUser | undefined, now: Date = new Date()): Promise<StaffQuoteVersion> {
    const catalogue = await this.inventory.active();
    const bySku = new Map(catalogue.map((i) => [i.sku, i]));
    const unknown = body.lines.filter((l) => !bySku.has(l.sku)).map((l) => l.sku);
    if (unknown.length)
      throw new ApiError(400, ErrorCode.ValidationFailed, `Not in the active inventory: ${unknown.join(', ')}`, {
        fieldErrors: { lines: [`Not in the active inventory: ${unknown.join(', ')}`] },
      });
    const created = await this.dataSource.transaction(async (manager) => {
      const versions = await manager.find(QuoteVersionRecord, {
        where: { leadId },
        order: { version: 'DESC' },
        lock: { mode: 'pessimistic_write' },
      });
      const latest = versions[0];
      if (!latest) throw new ApiError(404, ErrorCode.NotFound, `Lead ${leadId} has no quote`);
      const base = latest.options[body.option];
      if (!base)
        throw new ApiError(400, ErrorCode.ValidationFailed, 'This quote does not offer that option.', {
          fieldErrors: { option: ['This quote does not offer that option.'] },
        });
      const revised = reviseOption(
        base,
        body.lines.map((l) => {
          const item = bySku.get(l.sku)!;
          return {
            sku: item.sku,
            category: item.category,
            name: item.name,
            description: item.description ?? '',
            unitPriceCents: item.unitPrice,
            quantity: l.quantity,
          };
        }),
      );
      const options: QuoteOptions = { ...latest.options, [body.option]: revised };
      await manager.update(QuoteVersionRecord, { leadId, status: Not('deposit_paid') }, { status: 'superseded' });
      const next = await insertReturning(manager, QuoteVersionRecord, {
        leadId,
        version: latest.version + 1,
        token: newQuoteToken(),
        status: 'sent',
        options,
        chosenOption: body.option,
        totalCents: totalCentsOf(revised),
        expiresAt: new Date(now.getTime() + QUOTE_VALID_MS),
        createdBy: user?.email ?? null,
        createdAt: now,
      });
      await this.audit.record(manager, user, 'quote.revised', 'lead', leadId, {
        version: next.version,
        option: body.option,
        totalCents: next.totalCents,
        previousVersion: latest.version,
        lines: body.lines,
      });
      return next;
    });
    await this.enqueueEmail(created.id);
    return toStaffQuoteVersion(created);
  }

  /** Records `documentId` (lead_documents) as the stored PDF of version `id` (the worker, once rendered). */
  async setDocument(id: number, documentId: number): Promise<void> {
    await this.dataSource.getRepository(QuoteVersionRecord).update({ id }, { documentId });
  }
}

/** One revised equipment line, priced from the catalogue (cents). */
interface RevisedLine {
  sku: string;
  category: string;
  name: string;
  description: string;
  unitPriceCents: number;
  quantity: number;
}

/** The category heading the engine gives the "Additional Features" lines (kept as they were). */
const ADDITIONAL_FEATURES = 'Additional Features';

/**
 * Option `base` with its equipment lines (every category but "Additional Features") replaced by
 * `lines` (unit prices rounded to whole dollars, grouped under the inventory category labels),
 * `equipmentSubtotal` recomputed, labour and additional costs kept, and the promotion (if any)
 * applied at its percent to the new pre-discount total. Whole dollars.
 */
export function reviseOption(base: AiRecommendation, lines: readonly RevisedLine[]): AiRecommendation {
  const groups = new Map<string, EquipmentCategory>();
  for (const l of lines) {
    const label =
      (CATEGORY_LABELS as Record<string, string>)[l.category] ??
      (INVENTORY_CATEGORY_LABELS as Record<string, string>)[l.category] ??
      l.category;
    const group = groups.get(label) ?? { category: label, items: [] };
    const unitPrice = Math.round(l.unitPriceCents / 100);
    group.items.push({
      sku: l.sku,
      item: l.name,
      description: l.description,
      quantity: l.quantity,
      unitPrice,
      total: unitPrice * l.quantity,
    });
    groups.set(label, group);
  }
  const additional = base.equipmentList.filter((c) => c.category === ADDITIONAL_FEATURES);
  const equipmentSubtotal = [...groups.values()].reduce((a, c) => a + c.items.reduce((s, i) => s + i.total, 0), 0);
  const { laborCost, additionalCosts } = base.pricing;
  const gross = equipmentSubtotal + laborCost + additionalCosts;
  const promo = base.pricing.july4Discount;
  const savings = promo ? Math.round((gross * promo.percent) / 100) : 0;
  const totalProjectCost = gross - savings;
  const cameras = lines.filter((l) => l.category === 'cameras').reduce((a, l) => a + l.quantity, 0);
  return {
    ...base,
    equipmentList: [...groups.values(), ...additional],
    pricing: {
      equipmentSubtotal,
      laborCost,
      additionalCosts,
      ...(promo ? { july4Discount: { ...promo, savings, finalPrice: totalProjectCost } } : {}),
      totalProjectCost,
    },
    projectDetails: { ...base.projectDetails, totalCameras: cameras || base.projectDetails.totalCameras },
  };
}

/** Entity → the customer's view at `now` (`diagrams` left empty: the caller draws them with {@link diagramsOf}). */
export function toPublicQuote(v: QuoteVersionRecord, now: Date): PublicQuote {
  const chosen = v.options[v.chosenOption] ?? v.options.recommended;
  return {
    version: v.version,
    status: v.status,
    expired: v.expiresAt <= now,
    expiresAt: v.expiresAt.toISOString(),
    createdAt: v.createdAt.toISOString(),
    customerFirstName: null,
    options: v.options,
    chosenOption: v.chosenOption,
    depositCents: depositCentsForTotal(chosen.pricing.totalProjectCost),
    approval:
      v.approvedAt && v.approvedName ? { name: v.approvedName, approvedAt: v.approvedAt.toISOString(), option: v.chosenOption } : null,
    diagrams: {},
  };
}

/** Entity → the staff's view (`diagrams` left empty: the caller draws them). */
export function toStaffQuoteVersion(v: QuoteVersionRecord): StaffQuoteVersion {
  return {
    id: v.id,
    version: v.version,
    status: v.status,
    chosenOption: v.chosenOption,
    totalCents: v.totalCents,
    options: v.options,
    createdAt: v.createdAt.toISOString(),
    expiresAt: v.expiresAt.toISOString(),
    viewedAt: v.viewedAt?.toISOString() ?? null,
    approvedAt: v.approvedAt?.toISOString() ?? null,
    approvedName: v.approvedName,
    approvalHash: v.approvalHash,
    depositPaidAt: v.depositPaidAt?.toISOString() ?? null,
    documentId: v.documentId,
    createdBy: v.createdBy,
    diagrams: [],
  };
}
