import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommunicationOptOutRecord } from './communication-opt-out.entity.js';
import { ConsentController } from './consent.controller.js';
import { ConsentService } from './consent.service.js';
import { MessageDeliveryService } from './message-delivery.service.js';
import { MessageJobs } from './message-jobs.js';
import { EmailDeliveryProcessor, SmsDeliveryProcessor } from './message-delivery.processors.js';
import { OutboundMessageRecord } from './outbound-message.entity.js';
import { OutboundMessagesService } from './outbound-messages.service.js';
import { MESSAGE_PROVIDERS } from './providers.js';
import { StaffNotificationsProcessor } from './staff-notifications.processor.js';
import { StaffDigests } from './staff-digests.js';
import { ProviderHealthService } from './provider-health.service.js';

/**
 * Outbound email/SMS (decisions.md §8, §13, §14, §15): the message log, the provider adapters,
 * delivery, consent and the message jobs' producer. Services only (api and worker).
 */
@Module({
  imports: [TypeOrmModule.forFeature([OutboundMessageRecord, CommunicationOptOutRecord])],
  providers: [
    ...MESSAGE_PROVIDERS,
    OutboundMessagesService,
    MessageDeliveryService,
    ConsentService,
    MessageJobs,
    StaffDigests,
    ProviderHealthService,
  ],
  exports: [OutboundMessagesService, MessageDeliveryService, ConsentService, MessageJobs, StaffDigests, ProviderHealthService],
})
export class MessagingModule {}

/** The recipients' consent endpoints (unsubscribe links, Twilio's inbound SMS webhook). */
@Module({ imports: [MessagingModule], controllers: [ConsentController] })
export class MessagingApiModule {}

/** The worker's message processors: staff notifications (+ outbox sweep), emails, SMS. */
@Module({
  imports: [MessagingModule],
  providers: [StaffNotificationsProcessor, EmailDeliveryProcessor, SmsDeliveryProcessor],
})
export class MessagingJobsModule {}
