import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WorkerOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Jobs, QueueName, type CampaignFanOutJob, type OutboundChannel } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProcessor, route, type JobRoute, type JobSchedule } from '../../platform/queue/job-processor.js';
import { purgeArchivedLeads } from '../leads/index.js';
import { MessageJobs } from '../messaging/index.js';
import { CampaignProgressPublisher } from './campaign-progress.publisher.js';
import { CampaignsService } from './campaigns.service.js';

/** Records checked per sweep. */
export const SWEEP_BATCH = 500;
/** A campaign whose fan-out has not run this long after its creation/resume is fanned out by the sweep (ms). */
export const SWEEP_FANOUT_AFTER_MS = 10_000;
/** Times a campaigns-queue job may lose its lock (a dead or stalled worker) before BullMQ fails it. */
export const FAN_OUT_MAX_STALLS = 5;

/**
 * Drains the `campaigns` queue (two at a time):
 *  - `CampaignFanOut {campaignId}`: CampaignsService.fanOut — resolves the audience in resumable
 *    batches (progress published after each), then enqueues the sends (idempotent, deterministic
 *    job ids);
 *  - `CampaignSweep` (every CAMPAIGN_SWEEP_EVERY_MS), what makes a crash of the api or of a worker
 *    lose nothing:
 *    1. fans out running campaigns whose fan-out never finished (api died after its commit, Redis
 *       was down, the fan-out job failed, a worker died while preparing the audience: nothing
 *       stored for SWEEP_FANOUT_AFTER_MS), and goes on preparing the audience of paused ones;
 *    2. re-enqueues messages left `queued` longer than CAMPAIGN_SWEEP_STALE_MS (or `sending` past
 *       their lease) whose job is gone — checked by their deterministic job id, oldest first,
 *       SWEEP_BATCH per run; records whose job is still pending are touched so the next run
 *       checks others;
 *    3. ends drained campaigns (a worker that died before publishing their last progress);
 *  - `ArchivedLeadsPurge` (every ARCHIVE_PURGE_EVERY_MS): deletes for good the leads archived
 *    (deleted by staff) more than LEAD_ARCHIVE_DAYS ago (purgeArchivedLeads).
 */
@Injectable()
export class CampaignsProcessor extends JobProcessor {
  readonly queue = QueueName.Campaigns;
  private readonly logger = new Logger(CampaignsProcessor.name);

  constructor(
    private readonly campaigns: CampaignsService,
    private readonly progress: CampaignProgressPublisher,
    private readonly messageJobs: MessageJobs,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  protected routes(): JobRoute[] {
    return [
      route(Jobs.CampaignFanOut, (payload) => this.fanOut(payload)),
      route(Jobs.CampaignSweep, () => this.sweep()),
      route(Jobs.ArchivedLeadsPurge, () => purgeArchivedLeads(this.dataSource)),
    ];
  }

  /**
   * Two at a time. Every job here is resumable and idempotent (the fan-out goes on from the
   * campaign's stored cursor), so a job whose lock lapsed on a busy host and then lost its worker
   * is taken over again rather than failed after BullMQ's default single stall.
   */
  override workerOptions(): Partial<WorkerOptions> {
    return { concurrency: 2, maxStalledCount: FAN_OUT_MAX_STALLS };
  }

  override schedules(): JobSchedule[] {
    return [
      { definition: Jobs.CampaignSweep, everyMs: this.env.CAMPAIGN_SWEEP_EVERY_MS },
      { definition: Jobs.ArchivedLeadsPurge, everyMs: this.env.ARCHIVE_PURGE_EVERY_MS },
    ];
  }

  private async fanOut({ campaignId }: CampaignFanOutJob): Promise<{ enqueued: number }> {
    const enqueued = await this.campaigns.fanOut(campaignId, () => this.progress.touch(campaignId));
    this.progress.touch(campaignId);
    return { enqueued };
  }

  /** One sweep (see the class comment); answers what it did. */
  async sweep(): Promise<{ fannedOut: number; requeued: number; finished: number }> {
    // 1. fan-outs that never finished; a paused campaign's audience is still prepared (fanOut stops there)
    const pendingFanOut: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM campaigns
        WHERE ((status IN ('queued', 'active') AND fanned_out_at IS NULL) OR (status = 'paused' AND prepared_at IS NULL))
          AND greatest(preparing_at, started_at, created_at) < now() - ($1 || ' milliseconds')::interval ORDER BY id`,
      [String(SWEEP_FANOUT_AFTER_MS)],
    );
    for (const { id } of pendingFanOut) {
      await this.campaigns.fanOut(id, () => this.progress.touch(id));
      this.progress.touch(id);
    }

    // 2. messages whose job is gone
    const stale: { id: number; channel: OutboundChannel; campaign_id: number | null; lead_id: number | null; gen: number | null }[] =
      await this.dataSource.query(
        `SELECT o.id, o.channel, o.campaign_id, o.lead_id, c.fanout_generation AS gen
         FROM outbound_messages o LEFT JOIN campaigns c ON c.id = o.campaign_id
        WHERE (o.idempotency_key LIKE 'campaign:%' OR o.idempotency_key LIKE 'comm:%')
          AND ((o.status = 'queued' AND o.updated_at < now() - ($1 || ' milliseconds')::interval)
            OR (o.status = 'sending' AND o.updated_at < now() - ($2 || ' milliseconds')::interval))
          AND (o.campaign_id IS NULL OR (c.status IN ('queued', 'active') AND c.fanned_out_at IS NOT NULL))
        ORDER BY o.updated_at LIMIT ${SWEEP_BATCH}`,
        [String(this.env.CAMPAIGN_SWEEP_STALE_MS), String(this.env.MESSAGE_SENDING_LEASE_MS)],
      );
    const stillPending: number[] = [];
    let requeued = 0;
    for (const row of stale) {
      // under the record's own job id: nothing is added while its job still waits (an open breaker)
      const added = await this.messageJobs.requeue(row.channel, row.id, {
        campaignId: row.campaign_id,
        leadId: row.lead_id,
        generation: row.gen,
      });
      if (added) requeued += 1;
      else stillPending.push(row.id);
    }
    if (stillPending.length)
      await this.dataSource.query(`UPDATE outbound_messages SET updated_at = now() WHERE id = ANY($1) AND status = 'queued'`, [
        stillPending,
      ]);
    if (requeued) this.logger.log(`campaign sweep re-enqueued ${requeued} message(s) whose job was lost`);

    // 3. drained campaigns
    const drained: { id: number }[] = await this.dataSource.query(
      `SELECT c.id FROM campaigns c WHERE c.summary IS NULL AND ((c.status = 'active' AND c.fanned_out_at IS NOT NULL) OR c.status = 'cancelled')
          AND NOT EXISTS (SELECT 1 FROM outbound_messages o WHERE o.campaign_id = c.id AND o.status IN ('queued', 'sending'))`,
    );
    for (const { id } of drained) this.progress.touch(id);
    return { fannedOut: pendingFanOut.length, requeued, finished: drained.length };
  }
}
