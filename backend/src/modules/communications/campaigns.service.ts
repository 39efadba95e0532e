import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  Jobs,
  type BulkCommunication,
  type BulkCommunicationResponse,
  type Campaign,
  type CampaignFilter,
  type CampaignProgress,
  type CampaignStatus,
  type CommunicationChannel,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { ApiError } from '../../platform/http/api-error.js';
import { returningRows } from '../../platform/database/returning-rows.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { MessageDeliveryService, MessageJobs } from '../messaging/index.js';
import { SiteSettingsService } from '../site/index.js';
import { storeAudienceBatch } from './campaign-recipients.js';
import { COUNTS_SQL, ZERO_COUNTS, toCampaign, toProgress, type CampaignCounts } from './campaign-counts.js';
import { CampaignRecord } from './campaign.entity.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { postalAddress, templateSyntaxError } from './template-renderer.js';

/** Jobs per Queue.addBulk call of the fan-out. */
export const FAN_OUT_CHUNK = 1000;
/** Reason stored on the recipients a cancel leaves unsent. */
export const CANCELLED_REASON = 'cancelled with its campaign';

/** Job id of a campaign's fan-out of one generation. */
export const fanOutJobId = (campaignId: number, generation: number) => `fanout-${campaignId}-g${generation}`;

/**
 * Bulk campaigns (staff-side.md §7 POST /api/bulk-communication; decisions.md §8, §15).
 *
 * - **Create**: one INSERT stores the campaign (`queued`, its template, the newest lead id), the
 *   fan-out job is enqueued and the api answers 202 at once, whatever the audience's size (issue 27).
 * - **Prepare** (worker, first part of the fan-out): the audience (leads matching the filter, one
 *   per address; opted-out addresses stored `skipped`) becomes one rendered `outbound_messages`
 *   row per recipient, in resumable batches (storeAudienceBatch).
 * - **Fan-out** (worker, CampaignFanOut job, once prepared): Queue.addBulk of one SendMessage job per queued
 *   recipient, in chunks, with job ids `msg-{id}-g{generation}` — repeating a fan-out (a retried
 *   job, the sweep after an api or worker crash) adds nothing twice.
 * - **Counts** are computed from the recipient rows (index campaign_id, status), so they are exact
 *   whatever process updated them; `campaign:progress` is published throttled (CampaignProgressPublisher).
 * - **Pause**: the campaign's status stops every claim (MessageDeliveryService), jobs still waiting
 *   are removed, records stay `queued`. **Resume**: a new generation is fanned out for the records
 *   still queued. **Cancel**: queued records become `cancelled` (in-flight ones finish), jobs removed.
 */
@Injectable()
export class CampaignsService {
  private readonly logger = new Logger(CampaignsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: EmailTemplatesService,
    private readonly settings: SiteSettingsService,
    private readonly delivery: MessageDeliveryService,
    private readonly jobs: JobProducer,
    private readonly messageJobs: MessageJobs,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * POST /api/bulk-communication (issue 27 point 2: answers at once whatever the audience's size).
   * Validates the template (email) or the SMS text's syntax, stores the campaign `queued` (its
   * template as it is now, the newest lead id as the end of its audience; one INSERT, no recipient)
   * and enqueues its fan-out: the worker stores the recipients (`prepare`) and enqueues the sends.
   * @throws 400 unknown template / template syntax.
   * @returns the stored campaign (`preparing`, 0 recipients so far).
   */
  async create(body: BulkCommunication, user: SessionUser | undefined): Promise<BulkCommunicationResponse> {
    const channel = body.type;
    const template = channel === 'email' ? await this.templates.resolve(body.template!) : null;
    if (channel === 'sms') {
      const error = templateSyntaxError(body.message!);
      if (error)
        throw new ApiError(400, ErrorCode.ValidationFailed, `Template syntax error: ${error}`, {
          fieldErrors: { message: [`Template syntax error: ${error}`] },
        });
    }
    const filter: CampaignFilter = body.filter;
    const name =
      body.name ??
      `${channel === 'email' ? `Email: ${template!.name}` : 'SMS'} — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;

    const [saved] = returningRows<{ id: number; gen: number }>(
      await this.dataSource.query(
        `INSERT INTO campaigns (name, channel, status, template_name, template_subject, template_content, message, filter, created_by, audience_max_lead_id)
         VALUES ($1, $2, 'queued', $3, $4, $5, $6, $7, $8, (SELECT coalesce(max(id), 0) FROM leads))
         RETURNING id, fanout_generation AS gen`,
        [
          name,
          channel,
          template?.name ?? null,
          template?.subject ?? null,
          template?.content ?? null,
          body.message ?? null,
          filter,
          user?.email ?? null,
        ],
      ),
    );
    // read before the fan-out is enqueued: the answer is the campaign as stored, never a worker's first batch
    const stored = await this.get(saved!.id);
    await this.enqueueFanOut(saved!.id, saved!.gen);
    return { campaignId: stored.id, recipients: stored.recipients, campaign: stored };
  }

  /**
   * Resolves the rest of a campaign's audience (worker; the CampaignFanOut job and the sweep):
   * batches of CAMPAIGN_AUDIENCE_BATCH leads after `audience_cursor`, each one transaction that
   * holds the campaign row (so two fan-outs of one campaign never read the same batch), stores
   * its recipients (storeAudienceBatch: idempotent keys, opt-outs skipped) and advances the cursor
   * and `total`. Stops when the audience is exhausted (`prepared_at` set) or the campaign was
   * cancelled meanwhile. A paused campaign is still prepared (pause stops sending only).
   * @param onBatch called after each committed batch (progress over Socket.IO).
   * @returns recipients stored by this call.
   */
  async prepare(campaignId: number, onBatch: () => void = () => undefined): Promise<number> {
    const company = await this.settings.companyFacts();
    const postal = postalAddress(company);
    let stored = 0;
    for (;;) {
      const more = await this.dataSource.transaction(async (m) => {
        const row = await m
          .getRepository(CampaignRecord)
          .createQueryBuilder('c')
          .setLock('pessimistic_write')
          .where('c.id = :id', { id: campaignId })
          .getOne();
        if (!row || row.preparedAt || row.status === 'cancelled' || row.status === 'sent') return false;
        const batch = await storeAudienceBatch(
          m,
          {
            campaignId,
            channel: row.channel,
            filter: row.filter,
            maxLeadId: row.audienceMaxLeadId ?? 0,
            template:
              row.channel === 'email'
                ? { name: row.templateName ?? '', subject: row.templateSubject ?? '', content: row.templateContent ?? '' }
                : null,
            message: row.message,
            company,
            footer: (address) => this.emailFooter(address, company.name, postal),
            triggeredBy: row.createdBy ?? 'system',
          },
          row.audienceCursor,
          this.env.CAMPAIGN_AUDIENCE_BATCH,
        );
        stored += batch.stored;
        await m.query(
          batch.lastLeadId === null
            ? `UPDATE campaigns SET prepared_at = now(), preparing_at = now() WHERE id = $1`
            : `UPDATE campaigns SET audience_cursor = $2, total = total + $3, preparing_at = now() WHERE id = $1`,
          batch.lastLeadId === null ? [campaignId] : [campaignId, batch.lastLeadId, batch.stored],
        );
        return batch.lastLeadId !== null;
      });
      if (!more) return stored;
      onBatch();
    }
  }

  /** The marketing footer: why, the unsubscribe link, the postal address (decisions.md §15). */
  private emailFooter(address: string, companyName: string, postal: string): string {
    const { page } = this.delivery.unsubscribeUrls('email', address);
    return `\n\n--\nYou receive this email because you asked ${companyName} about a security system.\nUnsubscribe: ${page}\n${companyName}, ${postal}`;
  }

  /**
   * The worker's fan-out of a campaign (CampaignFanOut job, the sweep): resolves the rest of its
   * audience (`prepare`), then enqueues one SendMessage job per recipient still `queued` for the
   * campaign's current generation (idempotent: deterministic job ids). Marks the campaign
   * `active` at the start of the enqueueing and `fanned_out_at` at the end; a campaign with no
   * recipient ends `sent` at once.
   * @param onBatch called after each stored audience batch (progress over Socket.IO).
   * @returns jobs handed to Redis (existing ids are ignored by BullMQ), or 0 when not running.
   */
  async fanOut(campaignId: number, onBatch?: () => void): Promise<number> {
    await this.prepare(campaignId, onBatch);
    const [c] = returningRows<{ status: CampaignStatus; channel: CommunicationChannel; gen: number }>(
      await this.dataSource.query(
        `UPDATE campaigns SET status = CASE WHEN status = 'queued' THEN 'active' ELSE status END, started_at = coalesce(started_at, now())
        WHERE id = $1 AND status IN ('queued', 'active') AND prepared_at IS NOT NULL RETURNING status, channel, fanout_generation AS gen`,
        [campaignId],
      ),
    );
    if (!c) return 0;
    let added = 0;
    let after = 0;
    for (;;) {
      const rows: { id: number; lead_id: number | null }[] = await this.dataSource.query(
        `SELECT id, lead_id FROM outbound_messages WHERE campaign_id = $1 AND status = 'queued' AND id > $2 ORDER BY id LIMIT ${FAN_OUT_CHUNK}`,
        [campaignId, after],
      );
      if (!rows.length) break;
      await this.messageJobs.enqueueCampaignMessages(
        c.channel,
        campaignId,
        c.gen,
        rows.map((r) => ({ id: r.id, leadId: r.lead_id })),
      );
      added += rows.length;
      after = rows[rows.length - 1]!.id;
    }
    await this.dataSource.query(
      `UPDATE campaigns SET fanned_out_at = now() WHERE id = $1 AND fanout_generation = $2 AND fanned_out_at IS NULL`,
      [campaignId, c.gen],
    );
    if (added === 0) await this.finalizeIfDrained(campaignId);
    return added;
  }

  /**
   * Enqueues the fan-out of a stored campaign's `generation` (one job per generation). Never
   * throws: the campaign sweep fans out campaigns whose fan-out never ran.
   */
  private async enqueueFanOut(campaignId: number, generation: number): Promise<boolean> {
    try {
      await this.jobs.enqueue(
        Jobs.CampaignFanOut,
        { campaignId },
        { jobId: fanOutJobId(campaignId, generation), attempts: 5, backoff: { type: 'exponential', delay: 1000 } },
      );
      return true;
    } catch (err) {
      this.logger.warn(`could not enqueue the fan-out of campaign #${campaignId}: ${(err as Error).message}`);
      return false;
    }
  }

  /** GET /api/campaigns: newest first (at most 200). */
  async list(): Promise<Campaign[]> {
    const rows = await this.dataSource.getRepository(CampaignRecord).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: 200 });
    const counts = await this.counts(rows.map((r) => r.id));
    return rows.map((r) => toCampaign(r, counts.get(r.id) ?? ZERO_COUNTS));
  }

  /** GET /api/campaigns/{id}. @throws 404. */
  async get(id: number): Promise<Campaign> {
    const row = await this.dataSource.getRepository(CampaignRecord).findOneBy({ id });
    if (!row) throw notFound(id);
    return toCampaign(row, (await this.counts([id])).get(id) ?? ZERO_COUNTS);
  }

  /** The socket payload of a campaign, or null when it does not exist. */
  async progress(id: number): Promise<CampaignProgress | null> {
    const row = await this.dataSource.getRepository(CampaignRecord).findOneBy({ id });
    if (!row) return null;
    return toProgress(row, (await this.counts([id])).get(id) ?? ZERO_COUNTS);
  }

  /** POST /api/campaigns/{id}/pause. Idempotent on a paused campaign. @throws 404, 409 when finished. */
  async pause(id: number): Promise<Campaign> {
    const changed = await this.transition(id, `status = 'paused'`, ['queued', 'active'], 'paused');
    if (changed) await this.removeWaitingJobs(id);
    return this.get(id);
  }

  /** POST /api/campaigns/{id}/resume: fans out a new generation. Idempotent on a running campaign. @throws 404, 409 when finished. */
  async resume(id: number): Promise<Campaign> {
    const changed = await this.transition(
      id,
      `status = 'active', fanout_generation = fanout_generation + 1, fanned_out_at = NULL`,
      ['paused'],
      ['queued', 'active'],
    );
    if (changed) {
      const c = await this.dataSource.getRepository(CampaignRecord).findOneByOrFail({ id });
      await this.enqueueFanOut(id, c.fanoutGeneration);
    }
    return this.get(id);
  }

  /**
   * POST /api/campaigns/{id}/cancel: queued recipients become `cancelled`, waiting jobs are
   * removed; recipients being sent right now finish. Idempotent. @throws 404, 409 when sent.
   */
  async cancel(id: number): Promise<Campaign> {
    const changed = await this.dataSource.transaction(async (m) => {
      const done =
        returningRows(
          await m.query(
            `UPDATE campaigns SET status = 'cancelled', finished_at = now() WHERE id = $1 AND status IN ('queued', 'active', 'paused') RETURNING id`,
            [id],
          ),
        ).length > 0;
      if (done)
        await m.query(
          `UPDATE outbound_messages SET status = 'cancelled', error = $2, updated_at = now() WHERE campaign_id = $1 AND status = 'queued'`,
          [id, CANCELLED_REASON],
        );
      return done;
    });
    if (!changed) await this.assertState(id, ['cancelled']);
    else {
      await this.removeWaitingJobs(id);
      await this.finalizeIfDrained(id);
    }
    return this.get(id);
  }

  /**
   * Ends a campaign whose recipients are all finished: an `active` one becomes `sent`; both `sent`
   * and `cancelled` get their stored summary. @returns true when this call ended it.
   */
  async finalizeIfDrained(id: number): Promise<boolean> {
    const drained = `NOT EXISTS (SELECT 1 FROM outbound_messages o WHERE o.campaign_id = c.id AND o.status IN ('queued', 'sending'))`;
    const res: unknown = await this.dataSource.query(
      `UPDATE campaigns c SET status = CASE WHEN c.status = 'active' THEN 'sent' ELSE c.status END, finished_at = coalesce(c.finished_at, now()),
              summary = (SELECT json_build_object('successful', count(*) FILTER (WHERE o.status = 'sent'), 'failed', count(*) FILTER (WHERE o.status = 'failed'), 'total', count(*))
                           FROM outbound_messages o WHERE o.campaign_id = c.id)
        WHERE c.id = $1 AND c.summary IS NULL
          AND ((c.status = 'active' AND c.fanned_out_at IS NOT NULL) OR c.status = 'cancelled') AND ${drained}
        RETURNING c.id`,
      [id],
    );
    return returningRows(res).length > 0;
  }

  /** Live counts per campaign id. */
  async counts(ids: number[]): Promise<Map<number, CampaignCounts>> {
    if (!ids.length) return new Map();
    const rows: (CampaignCounts & { id: number })[] = await this.dataSource.query(COUNTS_SQL, [ids]);
    return new Map(rows.map(({ id, ...c }) => [id, c]));
  }

  private async transition(
    id: number,
    set: string,
    from: CampaignStatus[],
    idempotentIn: CampaignStatus | CampaignStatus[],
  ): Promise<boolean> {
    const res: unknown = await this.dataSource.query(`UPDATE campaigns SET ${set} WHERE id = $1 AND status = ANY($2) RETURNING id`, [
      id,
      from,
    ]);
    if (returningRows(res).length) return true;
    await this.assertState(id, Array.isArray(idempotentIn) ? idempotentIn : [idempotentIn]);
    return false;
  }

  private async assertState(id: number, allowed: CampaignStatus[]): Promise<void> {
    const row = await this.dataSource.getRepository(CampaignRecord).findOneBy({ id });
    if (!row) throw notFound(id);
    if (!allowed.includes(row.status)) throw new ApiError(409, ErrorCode.Conflict, `Campaign ${id} is ${row.status}.`);
  }

  /**
   * Removes the waiting jobs of a paused or cancelled campaign's queued records, so that they
   * neither occupy workers nor use the channel's rate limit. Best effort: a job missed here (or
   * added by a fan-out running at the same time) finds the campaign not running and does nothing.
   */
  private async removeWaitingJobs(id: number): Promise<void> {
    const c = await this.dataSource.getRepository(CampaignRecord).findOneByOrFail({ id });
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM outbound_messages WHERE campaign_id = $1 AND status IN ('queued', 'cancelled') ORDER BY id`,
      [id],
    );
    try {
      for (let i = 0; i < rows.length; i += FAN_OUT_CHUNK) {
        await this.messageJobs.removeCampaignMessages(
          c.channel,
          c.fanoutGeneration,
          rows.slice(i, i + FAN_OUT_CHUNK).map((r) => r.id),
        );
      }
    } catch (err) {
      this.logger.warn(`campaign #${id}: could not remove waiting jobs: ${(err as Error).message}`);
    }
  }
}

const notFound = (id: number) => new ApiError(404, ErrorCode.NotFound, `Campaign ${id} not found`);
