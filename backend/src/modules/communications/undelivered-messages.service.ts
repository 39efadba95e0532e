import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, type SendMessageResponse, type UndeliveredMessagesResponse } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { LeadEvents } from '../leads/index.js';
import { MessageJobs, OutboundMessageRecord, toOutboundMessage } from '../messaging/index.js';
import { AuditLogService } from '../staff/index.js';

/** Idempotency key prefix of a resend of message `id`; each resend adds its own UUID. */
export const resendKeyPrefix = (id: number) => `resend:${id}:`;

/** Emails that carry a stored document (PDF estimate, free guide): sent again from their own screens, not resent as text. */
const DOCUMENT_KEYS = /^(estimate-pdf:|free-guide:)/;

/**
 * Messages that were not delivered (issue 26 point 4) and their Resend: a message `failed` for
 * good (a permanent provider refusal, or the delivery policy's patience spent) is an action item
 * "Email not delivered" / "SMS not delivered" until staff resend it. A resend is a new message —
 * same channel, recipient, subject and body, its own idempotency key `resend:{id}:{uuid}` — whose
 * timeline entry says so (`triggeredBy` "{staff} (resend of #{id})"); the failed one stays as it was.
 */
@Injectable()
export class UndeliveredMessagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: MessageJobs,
    private readonly audit: AuditLogService,
    private readonly events: LeadEvents,
  ) {}

  /**
   * GET /api/messages/undelivered → `{items}`: failed single messages (not campaign recipients) of
   * the last 30 days not resent yet, newest first (at most 100), with the lead's or contact's name.
   */
  async list(): Promise<UndeliveredMessagesResponse> {
    const rows: { id: number; name: string | null }[] = await this.dataSource.query(
      `SELECT o.id, COALESCE(NULLIF(trim(concat_ws(' ', l.first_name, l.last_name)), ''), NULLIF(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email) AS name
         FROM outbound_messages o
         LEFT JOIN leads l ON l.id = o.lead_id
         LEFT JOIN contacts c ON c.id = o.contact_id
        WHERE o.status = 'failed' AND o.campaign_id IS NULL AND o.created_at > now() - interval '30 days'
          AND NOT EXISTS (SELECT 1 FROM outbound_messages r WHERE r.idempotency_key LIKE 'resend:' || o.id || ':%')
        ORDER BY o.created_at DESC, o.id DESC LIMIT 100`,
    );
    if (rows.length === 0) return { items: [] };
    const records = await this.dataSource.getRepository(OutboundMessageRecord).findBy(rows.map((r) => ({ id: r.id })));
    const byId = new Map(records.map((r) => [r.id, r]));
    return {
      items: rows
        .filter((r) => byId.has(r.id))
        .map((r) => {
          const record = byId.get(r.id)!;
          return {
            message: toOutboundMessage(record),
            title: record.channel === 'email' ? 'Email not delivered' : 'SMS not delivered',
            name: r.name,
            contactId: record.contactId,
          };
        }),
    };
  }

  /**
   * POST /api/messages/{id}/resend → 202 `{message}`: the new message (`queued`), recorded with its
   * audit entry `message.resend` in one transaction, then enqueued (a queue that does not take it
   * now leaves it `queued` for the sweeps).
   * @throws ApiError 404 (no such message), 409 (not failed, a campaign recipient, an email with a
   *   stored document, or already resent).
   */
  async resend(id: number, user: SessionUser | undefined): Promise<SendMessageResponse> {
    const by = user?.email ?? 'staff';
    const repo = this.dataSource.getRepository(OutboundMessageRecord);
    const original = await repo.findOneBy({ id });
    if (!original) throw new ApiError(404, ErrorCode.NotFound, `Message ${id} not found`);
    if (original.status !== 'failed')
      throw new ApiError(409, ErrorCode.Conflict, `Message ${id} is ${original.status}: only a failed message can be resent.`);
    if (original.campaignId)
      throw new ApiError(409, ErrorCode.Conflict, `Message ${id} belongs to campaign #${original.campaignId}: resend the campaign.`);
    if (DOCUMENT_KEYS.test(original.idempotencyKey))
      throw new ApiError(409, ErrorCode.Conflict, `Message ${id} carries a document: send it again from the lead's documents.`);
    const created = await this.dataSource.transaction(async (manager) => {
      // one resend per failed message: a second click finds the first
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`resend:${id}`]);
      const [done] = await manager.query(`SELECT id FROM outbound_messages WHERE idempotency_key LIKE $1 LIMIT 1`, [
        `${resendKeyPrefix(id)}%`,
      ]);
      if (done) throw new ApiError(409, ErrorCode.Conflict, `Message ${id} was already resent as #${done.id}.`);
      const record = await manager.getRepository(OutboundMessageRecord).save(
        manager.getRepository(OutboundMessageRecord).create({
          idempotencyKey: `${resendKeyPrefix(id)}${randomUUID()}`,
          channel: original.channel,
          kind: original.kind,
          recipient: original.recipient,
          template: original.template,
          subject: original.subject,
          body: original.body,
          provider: original.provider,
          status: 'queued',
          leadId: original.leadId,
          contactId: original.contactId,
          triggeredBy: `${by} (resend of #${id})`,
        }),
      );
      await this.audit.record(manager, user, 'message.resend', 'outbound_message', id, {
        resentAs: record.id,
        channel: record.channel,
        recipient: record.recipient,
        leadId: record.leadId,
      });
      return record;
    });
    await this.jobs.enqueueMessage(created.id, created.channel, created.leadId);
    if (created.leadId) this.events.activity({ leadId: created.leadId, type: created.channel });
    return { message: toOutboundMessage(created) };
  }
}
