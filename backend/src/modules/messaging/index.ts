/** Public surface of the messaging feature (message log, delivery, providers, consent, message jobs). */
export { MessagingModule, MessagingApiModule, MessagingJobsModule } from './messaging.module.js';
export { OutboundMessagesService, toOutboundMessage, type QueuedMessage } from './outbound-messages.service.js';
export {
  MessageDeliveryService,
  DeliveryInProgressError,
  OPTED_OUT_REASON,
  textToHtml,
  type DeliveryResult,
} from './message-delivery.service.js';
export { ConsentService } from './consent.service.js';
export { normalizeEmail, normalizePhone } from './consent.js';
export { StaffDigests, DIGEST_REASON_PREFIX, type DigestDecision, type DigestGroup, type DigestedNotification } from './staff-digests.js';
export { recipientCapKey } from './recipient-cap.js';
export { MessageJobs, messageJobId, messageJobOf, messageJobOptions } from './message-jobs.js';
export {
  DELIVERY_BACKOFF,
  RetryScheduledError,
  decideRetry,
  deliveryBackoffStrategy,
  deliveryJobOptions,
  deliveryPolicyOf,
  type DeliveryPolicy,
} from './delivery-policy.js';
export { MESSAGE_SETTLED, type MessageSettled } from './message-settled.js';
export { twilioConfigured } from './providers.js';
export { deliveryContext } from './message-delivery.processors.js';
export { compactLines, labelledLine, type RenderedEmail } from './plain-text-email.js';
export type { EmailAttachment } from './email-provider.js';
export { OutboundMessageRecord } from './outbound-message.entity.js';
export { CommunicationOptOutRecord } from './communication-opt-out.entity.js';
export { ProviderHealthService } from './provider-health.service.js';
