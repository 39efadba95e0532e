import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MessageKind, OutboundChannel, OutboundMessage, OutboundStatus } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { insertReturningUnlessConflict } from '../../platform/database/insert-returning.js';
import { OutboundMessageRecord } from './outbound-message.entity.js';
import { RECIPIENT_CAP_HOURS, capReason, recipientCapKey } from './recipient-cap.js';

/** What is known of a message before delivery. */
export interface QueuedMessage {
  idempotencyKey: string;
  channel: OutboundChannel;
  recipient: string;
  template: string | null;
  subject: string | null;
  body: string;
  leadId?: number | null;
  contactId?: number | null;
  triggeredBy?: string;
  kind?: MessageKind;
  campaignId?: number | null;
  /** When the record is made (default: the database's time); a digest window is counted by it. */
  createdAt?: Date;
}

/**
 * The outbound message log (decisions.md §8): every email/SMS is recorded here, status `queued`,
 * before any provider is called — in the same transaction as the record that caused it.
 */
@Injectable()
export class OutboundMessagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Records a message as `queued` inside `manager`'s transaction. Idempotent on
   * `idempotencyKey`: a second call returns the existing record unchanged.
   */
  recordQueued(manager: EntityManager, msg: QueuedMessage): Promise<OutboundMessageRecord> {
    return this.insert(manager, msg, { status: 'queued', error: null });
  }

  /**
   * Records an automated message to an address or number a visitor typed (PDF quote, quote link,
   * free guide) inside `manager`'s transaction, under the per-recipient cap: when the normalised
   * recipient ({@link recipientCapKey}) already had RECIPIENT_CAP_PER_DAY such messages in the last
   * 24 h (sent automatically, whatever their kind; suppressed, skipped and cancelled ones and those
   * staff sent by hand do not count), the message is stored `suppressed` with the reason in
   * `error` and must not be delivered; otherwise `queued`. The count and the insert run under a
   * transaction-level advisory lock on the recipient, so concurrent requests on any api instance
   * or worker cannot both take the last place. Idempotent on `idempotencyKey` like
   * {@link recordQueued} (a replay gets the first decision back). Payment receipts and staff
   * notifications are not visitor-addressed: record them with {@link recordQueued}.
   */
  async recordVisitorAddressed(manager: EntityManager, msg: QueuedMessage): Promise<OutboundMessageRecord> {
    const existing = await manager.findOneBy(OutboundMessageRecord, { idempotencyKey: msg.idempotencyKey });
    if (existing) return existing;
    const key = recipientCapKey(msg.channel, msg.recipient);
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`recipient-cap:${key}`]);
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM outbound_messages
        WHERE visitor_addressed AND recipient_key = $1 AND triggered_by = 'system'
          AND status NOT IN ('suppressed', 'skipped', 'cancelled')
          AND created_at > now() - ($2 || ' hours')::interval`,
      [key, String(RECIPIENT_CAP_HOURS)],
    );
    const cap = this.env.RECIPIENT_CAP_PER_DAY;
    return this.insert(
      manager,
      { ...msg, triggeredBy: 'system' },
      n >= cap ? { status: 'suppressed', error: capReason(cap) } : { status: 'queued', error: null },
      { visitorAddressed: true, recipientKey: key },
    );
  }

  /**
   * Records a message as `suppressed` with `reason` (stored in `error`) inside `manager`'s
   * transaction: kept in the log and the lead's timeline, never delivered unless staff release it
   * ({@link release}). Idempotent on `idempotencyKey`.
   */
  recordSuppressed(manager: EntityManager, msg: QueuedMessage, reason: string): Promise<OutboundMessageRecord> {
    return this.insert(manager, msg, { status: 'suppressed', error: reason });
  }

  /**
   * Staff send a suppressed message by hand, inside `manager`'s transaction: `suppressed` →
   * `queued`, `triggeredBy` = the staff member (so it no longer counts as an automated message),
   * reason cleared. The row is locked, so two clicks release it once. The caller enqueues its
   * delivery after the commit (and calls {@link unrelease} when that fails).
   * @returns the record, whether this call released it and the suppression reason it cleared;
   *   null when there is no such record.
   */
  async release(
    manager: EntityManager,
    id: number,
    by: string,
  ): Promise<{ record: OutboundMessageRecord; released: boolean; reason: string | null } | null> {
    const record = await manager.findOne(OutboundMessageRecord, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!record) return null;
    if (record.status !== 'suppressed') return { record, released: false, reason: null };
    const reason = record.error;
    await manager.update(OutboundMessageRecord, { id }, { status: 'queued', triggeredBy: by, error: null });
    return { record: await manager.findOneByOrFail(OutboundMessageRecord, { id }), released: true, reason };
  }

  /**
   * Undoes {@link release} when its delivery could not be enqueued: `queued` → `suppressed` with
   * `reason` and `triggeredBy` back to `system`, only while no delivery has claimed it.
   */
  async unrelease(id: number, reason: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbound_messages SET status = 'suppressed', error = $2, triggered_by = 'system', updated_at = now()
        WHERE id = $1 AND status = 'queued' AND attempts = 0`,
      [id, reason],
    );
  }

  /** The record `id`, or null. */
  findById(id: number): Promise<OutboundMessageRecord | null> {
    return this.dataSource.getRepository(OutboundMessageRecord).findOneBy({ id });
  }

  private async insert(
    manager: EntityManager,
    msg: QueuedMessage,
    state: { status: OutboundStatus; error: string | null },
    cap: { visitorAddressed: boolean; recipientKey: string | null } = { visitorAddressed: false, recipientKey: null },
  ): Promise<OutboundMessageRecord> {
    const stored = await insertReturningUnlessConflict(manager, OutboundMessageRecord, outboundValues(msg, state, cap));
    // a replay of the same idempotency key gets the first record back
    return stored ?? manager.findOneByOrFail(OutboundMessageRecord, { idempotencyKey: msg.idempotencyKey });
  }

  /** The records of one lead or contact, newest first. */
  listFor(filter: { leadId?: number; contactId?: number }): Promise<OutboundMessageRecord[]> {
    return this.dataSource.getRepository(OutboundMessageRecord).find({ where: filter, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}

/**
 * The columns of a new outbound message record: `msg` in `state` (`queued`, or `suppressed` with
 * its reason in `error`), not yet delivered (`provider` pending), with the per-recipient cap's
 * fields `cap`. Used by {@link OutboundMessagesService} and by callers that insert the record in the
 * same statement as the record that caused it.
 */
export function outboundValues(
  msg: QueuedMessage,
  state: { status: OutboundStatus; error: string | null },
  cap: { visitorAddressed: boolean; recipientKey: string | null } = { visitorAddressed: false, recipientKey: null },
): Partial<OutboundMessageRecord> {
  return {
    idempotencyKey: msg.idempotencyKey,
    channel: msg.channel,
    recipient: msg.recipient,
    template: msg.template,
    subject: msg.subject,
    body: msg.body,
    provider: 'pending',
    status: state.status,
    error: state.error,
    visitorAddressed: cap.visitorAddressed,
    recipientKey: cap.recipientKey,
    leadId: msg.leadId ?? null,
    contactId: msg.contactId ?? null,
    triggeredBy: msg.triggeredBy ?? 'system',
    kind: msg.kind ?? 'transactional',
    campaignId: msg.campaignId ?? null,
    ...(msg.createdAt ? { createdAt: msg.createdAt, updatedAt: msg.createdAt } : {}),
  };
}

/** Entity → API shape (OutboundMessage, contracts). */
export function toOutboundMessage(r: OutboundMessageRecord): OutboundMessage {
  return {
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    status: r.status,
    recipient: r.recipient,
    template: r.template,
    subject: r.subject,
    body: r.body,
    provider: r.provider,
    providerMessageId: r.providerMessageId,
    error: r.error,
    attempts: r.attempts,
    leadId: r.leadId,
    campaignId: r.campaignId,
    triggeredBy: r.triggeredBy,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  };
}
