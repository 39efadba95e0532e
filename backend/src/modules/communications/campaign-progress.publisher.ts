import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { CAMPAIGN_PROGRESS_INTERVAL_MS, ServerEvent, campaignRoom } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { LiveEvents } from '../../platform/realtime/live-events.js';
import { SharedRedis } from '../../platform/realtime/shared-redis.js';
import { CampaignsService } from './campaigns.service.js';

/**
 * Publishes `campaign:progress` at most once per CAMPAIGN_PROGRESS_INTERVAL_MS (250 ms, ≤ 4/s) per
 * campaign across every process, however many recipients finish in between:
 *
 * - each process coalesces `touch(campaignId)` calls into one pending flush per campaign;
 * - a flush first takes the campaign's Redis token (`SET … NX PX 250`); whoever holds it computes
 *   the counts from Postgres and emits to the campaign's room. A process that does not get the
 *   token retries when it expires (trailing edge), so the last change is always published;
 * - a flush that finds nothing left to send ends the campaign (CampaignsService.finalizeIfDrained)
 *   and publishes the final state.
 */
@Injectable()
export class CampaignProgressPublisher implements BeforeApplicationShutdown {
  private readonly logger = new Logger(CampaignProgressPublisher.name);
  private readonly pending = new Map<number, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly campaigns: CampaignsService,
    private readonly live: LiveEvents,
    private readonly redis: SharedRedis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Something changed in this campaign: publish soon (coalesced, throttled). */
  touch(campaignId: number): void {
    if (this.closed || this.pending.has(campaignId)) return;
    this.schedule(campaignId, 0);
  }

  /**
   * Publishes pending campaigns now (shutdown, after the workers stopped in their onModuleDestroy
   * and before Postgres and Redis close): nothing a finished job changed stays unpublished.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    const ids = [...this.pending.keys()];
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
    await Promise.all(ids.map((id) => this.publish(id).catch(() => undefined)));
  }

  private schedule(campaignId: number, delayMs: number): void {
    const timer = setTimeout(() => void this.flush(campaignId), delayMs);
    timer.unref();
    this.pending.set(campaignId, timer);
  }

  private async flush(campaignId: number): Promise<void> {
    try {
      const key = `${this.env.QUEUE_PREFIX}:campaign-progress:${campaignId}`;
      const got = await this.redis.client.set(key, '1', 'PX', CAMPAIGN_PROGRESS_INTERVAL_MS, 'NX');
      if (got !== 'OK') {
        const ttl = await this.redis.client.pttl(key);
        if (!this.closed) return this.schedule(campaignId, Math.max(10, ttl > 0 ? ttl : CAMPAIGN_PROGRESS_INTERVAL_MS));
      }
      this.pending.delete(campaignId);
      await this.publish(campaignId);
    } catch (err) {
      this.pending.delete(campaignId);
      this.logger.warn(`campaign #${campaignId}: progress not published: ${(err as Error).message}`);
    }
  }

  private async publish(campaignId: number): Promise<void> {
    let progress = await this.campaigns.progress(campaignId);
    if (!progress) return;
    if (
      progress.queued === 0 &&
      (progress.status === 'active' || progress.status === 'cancelled') &&
      (await this.campaigns.finalizeIfDrained(campaignId))
    ) {
      progress = (await this.campaigns.progress(campaignId)) ?? progress;
    }
    this.live.toRoom(campaignRoom(progress.campaignId), ServerEvent.CampaignProgress, progress);
  }
}
