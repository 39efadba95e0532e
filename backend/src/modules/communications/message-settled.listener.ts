import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { LeadEvents } from '../leads/index.js';
import { MESSAGE_SETTLED, type MessageSettled } from '../messaging/index.js';
import { CampaignProgressPublisher } from './campaign-progress.publisher.js';

/**
 * After each delivery attempt of a message (worker): a campaign recipient updates its campaign's
 * progress; a single send to a lead updates that lead's live timeline (`lead:activity`).
 */
@Injectable()
export class MessageSettledListener {
  constructor(
    private readonly progress: CampaignProgressPublisher,
    private readonly leadEvents: LeadEvents,
  ) {}

  @OnEvent(MESSAGE_SETTLED)
  onSettled(event: MessageSettled): void {
    if (event.campaignId) this.progress.touch(event.campaignId);
    else if (event.leadId) this.leadEvents.activity({ leadId: event.leadId, type: event.channel });
  }
}
