import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { campaignFanOutJobSchema, Jobs, QueueName, type OutboundChannel } from '@ironclad/contracts';
import { ENV, type Env } from '@ironclad/backend/config/env.js';
import { JobProducer } from '@ironclad/backend/queue/job-producer.service.js';
import { messageJobId, messageJobOptions } from '@ironclad/backend/queue/message-jobs.js';
import { CampaignsService } from '@ironclad/backend/modules/communications/campaigns.service.js';
import { CampaignProgressPublisher } from '@ironclad/backend/modules/communications/campaign-progress.publisher.js';
import { workerOptions } from './messages.processor.js';

/** Job name of the periodic campaign sweep. */
export const CAMPAIGN_SWEEP_JOB = 'CampaignSweep';
/** A `queued` message older than this is checked for a lost job by the sweep (ms). */
export const SWEEP_STALE_MS = 60_000;
/** Records checked per sweep. */
export const SWEEP_BATCH = 500;
/** A campaign whose fan-out has not run this long after its creation/resume is fanned out by the sweep (ms). */
export const SWEEP_FANOUT_AFTER_MS = 10_000;

/** BullMQ states in which a job will still run. */
const PENDING_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/**
 * Drains the `campaigns` queue (issue 7 item 5):
 *  - `CampaignFanOut {campaignId}`: CampaignsService.fanOut (idempotent, deterministic job ids);
 *  - `CampaignSweep` (every CAMPAIGN_SWEEP_EVERY_MS), what makes a crash of the api or of a worker
 *    lose nothing:
 *    1. fans out running campaigns whose fan-out never finished (api died after its commit, Redis
 *       was down, the fan-out job failed);
 *    2. re-enqueues messages left `queued` (or `sending` past their lease) whose job is gone —
 *       checked by their deterministic job id, oldest first, SWEEP_BATCH per run; records whose job
 *       is still pending are touched so the next run checks others;
 *    3. ends drained campaigns (a worker that died before publishing their last progress).
 */
@Injectable()
export class CampaignWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CampaignWorker.name);
  worker?: Worker;

  constructor(
    private readonly campaigns: CampaignsService,
    private readonly progress: CampaignProgressPublisher,
    private readonly jobs: JobProducer,
    @InjectQueue(QueueName.Campaigns) private readonly queue: Queue,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(QueueName.Campaigns, (job) => this.process(job), { ...workerOptions(this.env), concurrency: 2 });
    let lastError = 0;
    this.worker.on('error', (err) => {
      if (Date.now() - lastError < 10_000) return;
      lastError = Date.now();
      this.logger.warn(`campaigns worker: ${err.message}`);
    });
    await this.queue.upsertJobScheduler(CAMPAIGN_SWEEP_JOB, { every: this.env.CAMPAIGN_SWEEP_EVERY_MS }, { name: CAMPAIGN_SWEEP_JOB, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } });
  }

  /** Stops taking jobs and waits for the active ones, while Postgres is still open. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case Jobs.CampaignFanOut.name: {
        const parsed = campaignFanOutJobSchema.safeParse(job.data);
        if (!parsed.success) throw new UnrecoverableError(`invalid CampaignFanOut payload: ${parsed.error.message}`);
        const enqueued = await this.campaigns.fanOut(parsed.data.campaignId);
        this.progress.touch(parsed.data.campaignId);
        return { enqueued };
      }
      case CAMPAIGN_SWEEP_JOB:
        return this.sweep();
      default:
        throw new UnrecoverableError(`unknown job ${job.name}`);
    }
  }

  async sweep(): Promise<{ fannedOut: number; requeued: number; finished: number }> {
    // 1. fan-outs that never finished
    const pendingFanOut: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM campaigns WHERE status IN ('queued', 'active') AND fanned_out_at IS NULL
          AND coalesce(started_at, created_at) < now() - ($1 || ' milliseconds')::interval ORDER BY id`,
      [String(SWEEP_FANOUT_AFTER_MS)],
    );
    for (const { id } of pendingFanOut) {
      await this.campaigns.fanOut(id);
      this.progress.touch(id);
    }

    // 2. messages whose job is gone
    const stale: { id: number; channel: OutboundChannel; campaign_id: number | null; lead_id: number | null; gen: number | null }[] = await this.dataSource.query(
      `SELECT o.id, o.channel, o.campaign_id, o.lead_id, c.fanout_generation AS gen
         FROM outbound_messages o LEFT JOIN campaigns c ON c.id = o.campaign_id
        WHERE (o.idempotency_key LIKE 'campaign:%' OR o.idempotency_key LIKE 'comm:%')
          AND ((o.status = 'queued' AND o.updated_at < now() - ($1 || ' milliseconds')::interval)
            OR (o.status = 'sending' AND o.updated_at < now() - ($2 || ' milliseconds')::interval))
          AND (o.campaign_id IS NULL OR (c.status IN ('queued', 'active') AND c.fanned_out_at IS NOT NULL))
        ORDER BY o.updated_at LIMIT ${SWEEP_BATCH}`,
      [String(SWEEP_STALE_MS), String(this.env.MESSAGE_SENDING_LEASE_MS)],
    );
    const stillPending: number[] = [];
    let requeued = 0;
    for (const row of stale) {
      const queue = this.jobs.queueOf(row.channel);
      const state = await queue.getJobState(messageJobId(row.id, row.gen ?? undefined));
      if (PENDING_STATES.has(state)) {
        stillPending.push(row.id);
        continue;
      }
      await queue.add(
        Jobs.SendEmail.name,
        { outboundMessageId: row.id, ...(row.campaign_id ? { campaignId: row.campaign_id } : {}), ...(row.lead_id ? { leadId: row.lead_id } : {}) },
        { ...messageJobOptions(this.env), jobId: messageJobId(row.id, row.gen ?? undefined, `s${Date.now()}`) },
      );
      requeued += 1;
    }
    if (stillPending.length) await this.dataSource.query(`UPDATE outbound_messages SET updated_at = now() WHERE id = ANY($1) AND status = 'queued'`, [stillPending]);
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
