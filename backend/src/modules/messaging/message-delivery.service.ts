import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { OutboundStatus } from '@ironclad/contracts';
import { ENV, type Env } from '../../config/env.js';
import { OutboundMessageRecord } from './outbound-message.entity.js';
import { EMAIL_PROVIDER, type EmailAttachment, type EmailProvider, ProviderError } from './email-provider.js';

/** A message claimed `sending` longer than this is presumed abandoned by a crashed worker (ms). */
export const SENDING_LEASE_MS = 5 * 60_000;

export interface DeliveryResult {
  outboundMessageId: number;
  status: OutboundStatus;
  /** True when the record had already been delivered (or was being delivered) by another attempt. */
  duplicate: boolean;
}

/** Thrown when the message is being delivered by another worker right now; retry later. */
export class DeliveryInProgressError extends Error {}

/**
 * Delivers a recorded email exactly once (issue 2 item 5): the record is claimed with a
 * conditional UPDATE (`queued` → `sending`, attempts + 1), so concurrent or replayed jobs cannot
 * both call the provider; the outcome is written back (`sent` with the provider's message id,
 * `not_delivered` for the outbox, `failed` with the provider's reason).
 */
@Injectable()
export class EmailDeliveryService {
  private readonly logger = new Logger(EmailDeliveryService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EMAIL_PROVIDER) private readonly provider: EmailProvider,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * @param isFinalAttempt when true a retryable provider failure marks the record `failed`
   *   instead of returning it to `queued`.
   * @param attachments files sent with the email (e.g. the PDF estimate); the record keeps the text.
   * @throws ProviderError (retryable or not) after recording it; DeliveryInProgressError.
   */
  async deliver(outboundMessageId: number, opts: { isFinalAttempt: boolean; attachments?: EmailAttachment[] }): Promise<DeliveryResult> {
    const repo = this.dataSource.getRepository(OutboundMessageRecord);
    const claimed = await this.claim(outboundMessageId);
    if (!claimed) {
      const existing = await repo.findOneBy({ id: outboundMessageId });
      if (!existing) throw new ProviderError(`outbound message #${outboundMessageId} does not exist`, false);
      if (existing.status === 'sending') throw new DeliveryInProgressError(`outbound message #${outboundMessageId} is being delivered by another worker`);
      return { outboundMessageId, status: existing.status, duplicate: true };
    }
    if (claimed.channel !== 'email') throw new ProviderError(`outbound message #${outboundMessageId} is not an email`, false);

    try {
      const outcome = await this.provider.send({
        to: claimed.recipient,
        from: this.env.EMAIL_FROM,
        subject: claimed.subject ?? '(no subject)',
        text: claimed.body,
        idempotencyKey: claimed.idempotencyKey,
        ...(opts.attachments?.length ? { attachments: opts.attachments } : {}),
      });
      if (outcome.delivered) {
        await repo.update(claimed.id, { status: 'sent', provider: outcome.provider, providerMessageId: outcome.providerMessageId, error: null, sentAt: new Date() });
        return { outboundMessageId, status: 'sent', duplicate: false };
      }
      await repo.update(claimed.id, { status: 'not_delivered', provider: outcome.provider, error: outcome.reason });
      return { outboundMessageId, status: 'not_delivered', duplicate: false };
    } catch (err) {
      const perr = err instanceof ProviderError ? err : new ProviderError((err as Error).message, true);
      const final = !perr.retryable || opts.isFinalAttempt;
      await repo.update(claimed.id, { status: final ? 'failed' : 'queued', error: perr.message });
      this.logger.warn(`outbound #${claimed.id} attempt ${claimed.attempts} failed (${final ? 'final' : 'will retry'}): ${perr.message}`);
      throw perr;
    }
  }

  /** `queued` (or an abandoned `sending`) → `sending`, attempts + 1; null when not claimable. */
  private async claim(id: number): Promise<OutboundMessageRecord | null> {
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `UPDATE outbound_messages
          SET status = 'sending', attempts = attempts + 1, provider = $2, updated_at = now()
        WHERE id = $1
          AND (status = 'queued' OR (status = 'sending' AND updated_at < now() - ($3 || ' milliseconds')::interval))
        RETURNING id`,
      [id, this.provider.name, String(SENDING_LEASE_MS)],
    );
    const first = Array.isArray(rows[0]) ? (rows[0] as Record<string, unknown>[])[0] : rows[0];
    if (!first) return null;
    return this.dataSource.getRepository(OutboundMessageRecord).findOneBy({ id });
  }
}
