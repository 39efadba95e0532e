import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MessageKind, OutboundChannel, OutboundMessage } from '@ironclad/contracts';
import { OutboundMessageRecord } from './outbound-message.entity.js';

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
}

/**
 * The outbound message log (decisions.md §8): every email/SMS is recorded here, status `queued`,
 * before any provider is called — in the same transaction as the record that caused it.
 */
@Injectable()
export class OutboundMessagesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records a message as `queued` inside `manager`'s transaction. Idempotent on
   * `idempotencyKey`: a second call returns the existing record unchanged.
   */
  async recordQueued(manager: EntityManager, msg: QueuedMessage): Promise<OutboundMessageRecord> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(OutboundMessageRecord)
      .values({
        idempotencyKey: msg.idempotencyKey,
        channel: msg.channel,
        recipient: msg.recipient,
        template: msg.template,
        subject: msg.subject,
        body: msg.body,
        provider: 'pending',
        status: 'queued',
        leadId: msg.leadId ?? null,
        contactId: msg.contactId ?? null,
        triggeredBy: msg.triggeredBy ?? 'system',
        kind: msg.kind ?? 'transactional',
        campaignId: msg.campaignId ?? null,
      })
      .orIgnore()
      .execute();
    return manager.findOneByOrFail(OutboundMessageRecord, { idempotencyKey: msg.idempotencyKey });
  }

  /** The records of one lead or contact, newest first. */
  listFor(filter: { leadId?: number; contactId?: number }): Promise<OutboundMessageRecord[]> {
    return this.dataSource.getRepository(OutboundMessageRecord).find({ where: filter, order: { createdAt: 'DESC', id: 'DESC' } });
  }
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
