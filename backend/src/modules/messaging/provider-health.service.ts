/**
 * Each provider's state for `/api/health`, `/metrics` and the admin banner (issue 26 point 3):
 * up, down (since when) or probing, as the workers' circuit breakers published it
 * (platform/providers/provider-circuits.ts), with the messages waiting for it — email records
 * `queued` or `sending` for SendGrid, SMS for Twilio, and for Stability the images of running
 * generator runs still `waiting` or `generating`.
 */
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ProviderHealth } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { withTimeout } from '../../platform/lifecycle/with-timeout.js';
import { readProviderStates } from '../../platform/providers/provider-circuits.js';
import { SharedRedis } from '../../platform/realtime/shared-redis.js';

/** Longest the figures may take (ms); a part that did not answer is left at its default. */
const TIMEOUT_MS = 1500;

@Injectable()
export class ProviderHealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: SharedRedis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Every provider: `{provider, state, downSince, waiting}`. The state is `up` when Redis cannot
   * tell; `waiting` (messages for SendGrid/Twilio, images for Stability) is null when Postgres
   * cannot tell.
   */
  async providers(): Promise<ProviderHealth[]> {
    const [states, counts] = await Promise.all([
      withTimeout(readProviderStates(this.redis, this.env.QUEUE_PREFIX), TIMEOUT_MS, 'provider states').catch(() => null),
      withTimeout(
        this.dataSource.query(
          `SELECT channel, count(*)::int AS n FROM outbound_messages WHERE status IN ('queued', 'sending') AND campaign_id IS NULL
           GROUP BY channel
           UNION ALL
           SELECT o.channel, count(*)::int FROM outbound_messages o JOIN campaigns c ON c.id = o.campaign_id
            WHERE o.status IN ('queued', 'sending') AND c.status IN ('queued', 'active') GROUP BY o.channel
           UNION ALL
          SELECT 'image', count(*)::int FROM generated_images g JOIN image_runs r ON r.id = g.run_id
           WHERE r.status = 'running' AND g.status IN ('waiting', 'generating')`,
        ) as Promise<{ channel: string; n: number }[]>,
        TIMEOUT_MS,
        'messages waiting',
      ).catch(() => null),
    ]);
    const waiting = (channel: string) => (counts ? counts.filter((r) => r.channel === channel).reduce((n, r) => n + r.n, 0) : null);
    const list = states ?? [
      { provider: 'sendgrid' as const, state: 'up' as const, downSince: null },
      { provider: 'twilio' as const, state: 'up' as const, downSince: null },
      { provider: 'stability' as const, state: 'up' as const, downSince: null },
    ];
    return list.map((s) => ({
      ...s,
      waiting: waiting(s.provider === 'sendgrid' ? 'email' : s.provider === 'twilio' ? 'sms' : 'image'),
    }));
  }
}
