import type { OutboundChannel } from '@ironclad/contracts';

/**
 * In-process event (`@nestjs/event-emitter`) raised by the message processors after each delivery
 * attempt of a record, whatever its outcome, so that features above messaging (campaign
 * progress, the lead's live timeline) react without messaging knowing them.
 */
export const MESSAGE_SETTLED = 'messaging.message-settled';

/** Payload of {@link MESSAGE_SETTLED}. */
export interface MessageSettled {
  outboundMessageId: number;
  channel: OutboundChannel;
  campaignId?: number;
  leadId?: number;
}
