/**
 * Digests of staff notifications: when more than LEAD_DIGEST_AFTER_PER_MINUTE new leads arrive in
 * one window (LEAD_DIGEST_WINDOW_SECONDS), the first ones are notified one by one and the others
 * are recorded `suppressed` and listed in one digest email sent when the window ends.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Jobs, type StaffDigestJob } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { SharedRedis } from '../../platform/realtime/shared-redis.js';
import type { OutboundMessageRecord } from './outbound-message.entity.js';
import { OutboundMessagesService, outboundValues, type QueuedMessage } from './outbound-messages.service.js';
import { compactLines, type RenderedEmail } from './plain-text-email.js';
import { deliveryJobOptions } from './delivery-policy.js';

/** Groups of notifications that are digested (one counter and one digest per group and window). */
export type DigestGroup = StaffDigestJob['group'];

/** Start of the reason stored on a notification gathered into a digest; the digest finds them by it. */
export const DIGEST_REASON_PREFIX = 'suppressed: listed in the staff digest';

/** The digest job runs this long after its window ends, so the window's last commits are in (ms). */
export const DIGEST_GRACE_MS = 2000;

/** Idempotency key of the digest email of one group and window. */
export const digestKey = (group: DigestGroup, windowStart: number) => `staff-digest:${group}:${windowStart}`;

/** Whether a notification is sent singly or waits for its window's digest ({@link StaffDigests.decide}). */
export interface DigestDecision {
  /** When the notified record was made (its records are stamped with it). */
  at: Date;
  /** Start of its window (ms since the epoch). */
  windowStart: number;
  /** Whether it waits for the digest (more than LEAD_DIGEST_AFTER_PER_MINUTE in the window). */
  digested: boolean;
}

/** A staff notification recorded under the digest policy. */
export interface DigestedNotification {
  record: OutboundMessageRecord;
  /** The window to schedule the digest of (see {@link StaffDigests.scheduleDigest}), or null when sent singly. */
  digestWindow: number | null;
}

/**
 * The digest policy of staff notifications (see the file comment): records each notification
 * singly or suppressed, schedules and records the window's digest email.
 */
@Injectable()
export class StaffDigests {
  private readonly logger = new Logger(StaffDigests.name);

  constructor(
    private readonly outbound: OutboundMessagesService,
    private readonly producer: JobProducer,
    private readonly redis: SharedRedis,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private get windowMs(): number {
    return this.env.LEAD_DIGEST_WINDOW_SECONDS * 1000;
  }

  /**
   * Counts a staff notification about a record created at `at` in its window of the digest policy:
   * the first LEAD_DIGEST_AFTER_PER_MINUTE of a window are sent singly, the others wait for the
   * window's digest. The window's count lives in Redis (shared by every api instance); when Redis
   * cannot answer, the notification is sent singly (staff rather get one email too many than miss
   * a lead). Ask before the transaction that records it (no database connection waits on Redis),
   * then pass the answer to {@link record}.
   */
  async decide(group: DigestGroup, at: Date): Promise<DigestDecision> {
    const windowStart = Math.floor(at.getTime() / this.windowMs) * this.windowMs;
    const n = await this.countInWindow(group, windowStart);
    return { at, windowStart, digested: n > this.env.LEAD_DIGEST_AFTER_PER_MINUTE };
  }

  /**
   * Records the staff notification `msg` as {@link decide} answered, in `manager`'s transaction,
   * created at the decision's time (so the digest, which lists its window by creation time, finds
   * it): `queued` when sent singly (deliver it as usual), else `suppressed` with a reason starting
   * with {@link DIGEST_REASON_PREFIX}. Call {@link scheduleDigest} after the commit when
   * `digestWindow` is set.
   */
  async record(manager: EntityManager, decision: DigestDecision, msg: QueuedMessage): Promise<DigestedNotification> {
    const stamped = { ...msg, createdAt: decision.at };
    if (!decision.digested) return { record: await this.outbound.recordQueued(manager, stamped), digestWindow: null };
    return { record: await this.outbound.recordSuppressed(manager, stamped, this.digestReason()), digestWindow: decision.windowStart };
  }

  /**
   * The record {@link record} would store, as column values, for a caller that inserts it in the
   * same statement as the notified record (see insertWithChild): `queued`, or `suppressed` with the
   * digest reason; stamped with the decision's time.
   * @returns the values and the window to schedule the digest of (null when sent singly).
   */
  notificationValues(
    decision: DigestDecision,
    msg: QueuedMessage,
  ): { values: Partial<OutboundMessageRecord>; digestWindow: number | null } {
    const stamped = { ...msg, createdAt: decision.at };
    if (!decision.digested) return { values: outboundValues(stamped, { status: 'queued', error: null }), digestWindow: null };
    return { values: outboundValues(stamped, { status: 'suppressed', error: this.digestReason() }), digestWindow: decision.windowStart };
  }

  private digestReason(): string {
    return `${DIGEST_REASON_PREFIX} (more than ${this.env.LEAD_DIGEST_AFTER_PER_MINUTE} in ${this.env.LEAD_DIGEST_WINDOW_SECONDS} s)`;
  }

  /**
   * Enqueues the digest job of `windowStart`, delayed to the window's end (+ DIGEST_GRACE_MS),
   * under the id `staff-digest-{group}-{windowStart}`: every suppressed notification of the window
   * asks for it, one job runs. Never throws (the notifications stay in the log and the leads'
   * timelines when Redis is down).
   */
  async scheduleDigest(group: DigestGroup, windowStart: number): Promise<void> {
    const delay = Math.max(0, windowStart + this.windowMs + DIGEST_GRACE_MS - Date.now());
    try {
      await this.producer.enqueue(
        Jobs.StaffDigest,
        { group, windowStart, windowMs: this.windowMs },
        { ...deliveryJobOptions(this.env), jobId: `staff-digest-${group}-${windowStart}`, delay },
      );
    } catch (err) {
      this.logger.warn(`could not schedule the ${group} digest of ${new Date(windowStart).toISOString()}: ${(err as Error).message}`);
    }
  }

  /**
   * Records the digest email of one window (idempotency key {@link digestKey}): the suppressed
   * notifications of `group` in `[windowStart, windowStart + windowMs)`, oldest first, each with its
   * subject and a link to the staff dashboard. A replayed job finds the same record.
   * @returns the record to deliver, or null when the window has nothing to list.
   */
  async recordDigest(job: StaffDigestJob): Promise<{ record: OutboundMessageRecord; listed: number } | null> {
    const rows: { id: number; lead_id: number | null; subject: string | null; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, lead_id, subject, created_at FROM outbound_messages
        WHERE status = 'suppressed' AND idempotency_key LIKE 'staff-notification:lead:%' AND starts_with(error, $1)
          AND created_at >= $2 AND created_at < $3
        ORDER BY created_at, id`,
      [DIGEST_REASON_PREFIX, new Date(job.windowStart), new Date(job.windowStart + job.windowMs)],
    );
    if (!rows.length) return null;
    const email = renderNewLeadsDigest(rows, job, `${this.env.PUBLIC_URL.replace(/\/$/, '')}/admin`);
    const record = await this.dataSource.transaction((manager) =>
      this.outbound.recordQueued(manager, {
        idempotencyKey: digestKey(job.group, job.windowStart),
        channel: 'email',
        recipient: this.env.STAFF_NOTIFICATION_EMAIL,
        template: email.template,
        subject: email.subject,
        body: email.text,
      }),
    );
    return { record, listed: rows.length };
  }

  /** How many notifications of `group` the window has seen, this one included (1 when Redis fails). */
  private async countInWindow(group: DigestGroup, windowStart: number): Promise<number> {
    const key = `${this.env.QUEUE_PREFIX}:staff-digest:${group}:${windowStart}`;
    try {
      const [[incrErr, n], [expErr]] = (await this.redis.client
        .pipeline()
        .incr(key)
        .pexpire(key, this.windowMs * 2)
        .exec()) as [Error | null, number][];
      if (incrErr || expErr) throw incrErr ?? expErr;
      return n;
    } catch (err) {
      this.redis.logError(err as Error);
      return 1;
    }
  }
}

/** The digest email: one line per lead (its notification's subject) and where to open them. */
export function renderNewLeadsDigest(
  rows: { lead_id: number | null; subject: string | null; created_at: Date }[],
  job: StaffDigestJob,
  adminUrl: string,
): RenderedEmail {
  const from = new Date(job.windowStart).toISOString().slice(11, 19);
  const to = new Date(job.windowStart + job.windowMs).toISOString().slice(11, 19);
  const day = new Date(job.windowStart).toISOString().slice(0, 10);
  return {
    template: 'staff_new_leads_digest',
    subject: `${rows.length} more new lead${rows.length === 1 ? '' : 's'} (${day} ${from}–${to} UTC)`,
    text: compactLines([
      `More leads than usual arrived between ${from} and ${to} UTC on ${day}. Besides the ones notified one by one, these ${rows.length} arrived:`,
      '',
      ...rows.map((r) => `- ${r.subject ?? 'New lead'}${r.lead_id ? ` (lead #${r.lead_id})` : ''}`),
      '',
      `Open the leads tab: ${adminUrl}`,
    ]),
  };
}
