import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OnEvent } from '@nestjs/event-emitter';
import type { DataSource } from 'typeorm';
import { LeadEvents } from '../leads/index.js';
import { MESSAGE_SETTLED, OutboundMessageRecord, type MessageSettled } from '../messaging/index.js';
import { CampaignProgressPublisher } from './campaign-progress.publisher.js';

/**
 * After each delivery attempt of a message (worker): a campaign recipient updates its campaign's
 * progress; a single send to a lead updates that lead's live timeline (`lead:activity`), carrying
 * the message's stored outcome (`message: {id, channel, status, error}`) so the send dialog and
 * the timeline show sent / not delivered (with the reason) / failed (with the provider's message)
 * as it arrives (issue 22 point 1).
 */
@Injectable()
export class MessageSettledListener {
  private readonly log = new Logger('MessageSettled');

  constructor(
    private readonly progress: CampaignProgressPublisher,
    private readonly leadEvents: LeadEvents,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @OnEvent(MESSAGE_SETTLED, { async: true, promisify: true })
  async onSettled(event: MessageSettled): Promise<void> {
    if (event.campaignId) return this.progress.touch(event.campaignId);
    if (!event.leadId) return;
    const row = await this.dataSource
      .getRepository(OutboundMessageRecord)
      .findOne({ where: { id: event.outboundMessageId }, select: { id: true, channel: true, status: true, error: true } })
      .catch((err: unknown) => {
        this.log.warn(`could not read message ${event.outboundMessageId}: ${(err as Error).message}`);
        return null;
      });
    this.leadEvents.activity({
      leadId: event.leadId,
      type: event.channel,
      ...(row ? { message: { id: row.id, channel: row.channel, status: row.status, error: row.error } } : {}),
    });
  }
}
