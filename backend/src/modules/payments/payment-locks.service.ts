import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { ApiError } from '../../platform/http/api-error.js';
import { PaymentFailureRecord, PaymentLockRecord, type PaymentLockScope, type PaymentRecord } from './payment.entity.js';

/** A lock just taken (or renewed after it had expired) by {@link PaymentLocks.recordFailure}. */
export interface NewPaymentLock {
  id: number;
  scope: PaymentLockScope;
  /** The lead id (scope `lead`) or the client address key (scope `address`). */
  subject: string;
  lockedUntil: Date;
  /** Failures counted in the window when it locked. */
  failures: number;
}

/** What online payment is being asked for: the quote (lead) and/or the client address key. */
export interface PaymentSubjects {
  leadId?: number | null;
  address?: string | null;
}

/**
 * Card-testing defence (issue 25 point 4; OWASP OAT-001; Stripe's card-testing guidance): card
 * failures are counted per quote and per client address, and more than
 * PAYMENT_FAILURES_LOCK_AFTER of them within PAYMENT_FAILURES_WINDOW_MINUTES pause online payment
 * for that quote and that address for PAYMENT_LOCK_MINUTES.
 *
 * Counts and locks live in Postgres (`payment_failures`, `payment_locks`), not Redis: each failure
 * is written in the webhook's transaction beside the event id, so a replayed event never counts
 * twice and nothing is half-written; every api instance sees the same lock, and a Redis restart
 * cannot lift one. A lock row is taken with one `INSERT … ON CONFLICT … DO UPDATE … WHERE expired`,
 * so of two concurrent webhooks crossing the threshold only one gets the row back, and staff are
 * told once per lock.
 */
@Injectable()
export class PaymentLocks {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Throws when online payment is paused for the quote or the address of `subjects`.
   * @throws ApiError 423 PAYMENTS_LOCKED with `message`.
   */
  async assertOpen(subjects: PaymentSubjects, message: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (subjects.leadId != null) {
      params.push(String(subjects.leadId));
      conditions.push(`(scope = 'lead' AND subject = $${params.length})`);
    }
    if (subjects.address) {
      params.push(subjects.address);
      conditions.push(`(scope = 'address' AND subject = $${params.length})`);
    }
    if (conditions.length === 0) return;
    const table = manager.getRepository(PaymentLockRecord).metadata.tablePath;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM ${table} WHERE locked_until > now() AND (${conditions.join(' OR ')}) LIMIT 1`,
      params,
    );
    if (rows.length > 0) throw new ApiError(423, ErrorCode.PaymentsLocked, message);
  }

  /**
   * Records the verified `payment_intent.payment_failed` event `eventId` of `payment`, inside the
   * webhook's transaction `manager`, and locks its quote and its client address when either has
   * failed more than PAYMENT_FAILURES_LOCK_AFTER times within the window.
   * @returns the locks taken now (empty when under the threshold or already locked).
   */
  async recordFailure(manager: EntityManager, eventId: string, payment: PaymentRecord): Promise<NewPaymentLock[]> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(PaymentFailureRecord)
      .values({ eventId, paymentIntentId: payment.paymentIntentId, leadId: payment.leadId, clientAddress: payment.clientAddress })
      .orIgnore()
      .execute();
    const subjects: { scope: PaymentLockScope; column: 'lead_id' | 'client_address'; value: string | number }[] = [];
    if (payment.leadId !== null) subjects.push({ scope: 'lead', column: 'lead_id', value: payment.leadId });
    if (payment.clientAddress) subjects.push({ scope: 'address', column: 'client_address', value: payment.clientAddress });

    const failures = manager.getRepository(PaymentFailureRecord).metadata.tablePath;
    const locks = manager.getRepository(PaymentLockRecord).metadata.tablePath;
    const taken: NewPaymentLock[] = [];
    for (const s of subjects) {
      const [{ n }] = (await manager.query(
        `SELECT count(*)::int AS n FROM ${failures} WHERE ${s.column} = $1 AND created_at > now() - make_interval(mins => $2)`,
        [s.value, this.env.PAYMENT_FAILURES_WINDOW_MINUTES],
      )) as [{ n: number }];
      if (n <= this.env.PAYMENT_FAILURES_LOCK_AFTER) continue;
      const rows = (await manager.query(
        `INSERT INTO ${locks} (scope, subject, locked_until, failures)
         VALUES ($1, $2, now() + make_interval(mins => $3), $4)
         ON CONFLICT (scope, subject) DO UPDATE
           SET locked_until = EXCLUDED.locked_until, failures = EXCLUDED.failures, updated_at = now()
           WHERE ${locks}.locked_until <= now()
         RETURNING id, locked_until`,
        [s.scope, String(s.value), this.env.PAYMENT_LOCK_MINUTES, n],
      )) as { id: number; locked_until: Date }[];
      if (rows[0]) taken.push({ id: rows[0].id, scope: s.scope, subject: String(s.value), lockedUntil: rows[0].locked_until, failures: n });
    }
    return taken;
  }
}
