import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, type SendMessageResponse } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { EstimatesService } from '../estimates/index.js';
import { LeadEvents } from '../leads/index.js';
import { MessageJobs, OutboundMessagesService, toOutboundMessage, type OutboundMessageRecord } from '../messaging/index.js';
import { AuditLogService } from '../staff/index.js';

/**
 * Staff sending a `suppressed` message by hand: an automated message to an address a visitor
 * typed that the per-recipient cap held back, or a new-lead notification gathered into a digest.
 */
@Injectable()
export class SuppressedMessagesService {
  private readonly logger = new Logger(SuppressedMessagesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbound: OutboundMessagesService,
    private readonly jobs: MessageJobs,
    private readonly estimates: EstimatesService,
    private readonly audit: AuditLogService,
    private readonly events: LeadEvents,
  ) {}

  /**
   * POST /api/messages/{id}/send-now: releases the suppressed message `id` (`queued`, triggered by
   * the staff member; the release and its audit entry `message.send_now` commit together) and
   * enqueues its delivery — a PDF estimate email with its stored document attached, any other
   * email or SMS as a single send. The cap does not apply: staff decided.
   * @returns 202 `{message}` (the record, now `queued`).
   * @throws ApiError 404 NOT_FOUND (no such message), 409 CONFLICT (not suppressed: already sent
   *   or released), 503 SERVICE_UNAVAILABLE (the queue is unreachable; the message stays
   *   suppressed and the failed attempt is audited).
   */
  async sendNow(id: number, user: SessionUser | undefined): Promise<SendMessageResponse> {
    const by = user?.email ?? 'staff';
    const result = await this.dataSource.transaction(async (manager) => {
      const r = await this.outbound.release(manager, id, by);
      if (r?.released) {
        await this.audit.record(manager, user, 'message.send_now', 'outbound_message', id, {
          leadId: r.record.leadId,
          channel: r.record.channel,
          recipient: r.record.recipient,
          template: r.record.template,
          reason: r.reason,
        });
      }
      return r;
    });
    if (!result) throw new ApiError(404, ErrorCode.NotFound, `Message ${id} not found`);
    if (!result.released)
      throw new ApiError(
        409,
        ErrorCode.Conflict,
        `Message ${id} is ${result.record.status}: only a suppressed message can be sent by hand.`,
      );
    const { record, reason } = result;
    if (!(await this.enqueue(record))) {
      await this.dataSource.transaction(async (manager) => {
        await this.outbound.unrelease(record.id, reason);
        await this.audit.record(manager, user, 'message.send_now_failed', 'outbound_message', id, { reason: 'queue unavailable' });
      });
      throw new ApiError(
        503,
        ErrorCode.ServiceUnavailable,
        'The message cannot be queued right now. It is still suppressed; try again shortly.',
      );
    }
    if (record.leadId) this.events.activity({ leadId: record.leadId, type: record.channel });
    return { message: toOutboundMessage(record) };
  }

  /** Enqueues the delivery of a released record; false when the queue did not take it. */
  private async enqueue(record: OutboundMessageRecord): Promise<boolean> {
    try {
      if (await this.estimates.enqueueReleasedEmail(record)) return true;
    } catch (err) {
      this.logger.warn(`could not enqueue the released PDF email #${record.id}: ${(err as Error).message}`);
      return false;
    }
    return (await this.jobs.enqueueMessage(record.id, record.channel, record.leadId)) !== null;
  }
}
