import { Module } from '@nestjs/common';
import { ENV, type Env } from '../../config/env.js';
import { EMAIL_PROVIDER, OutboxEmailProvider, SendGridEmailProvider } from './email-provider.js';
import { SMS_PROVIDER, OutboxSmsProvider, TwilioSmsProvider } from './sms-provider.js';
import { MessageDeliveryService } from './message-delivery.service.js';
import { OutboundMessagesService } from './outbound-messages.service.js';
import { ConsentService } from './consent.service.js';

/** Whether Twilio is fully configured (SID, token and sending number). */
export const twilioConfigured = (env: Env) => Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_PHONE_NUMBER);

/**
 * Outbound email/SMS: the message log, the provider adapters (decisions.md §13, §14) — SendGrid
 * and Twilio when configured, the local outbox otherwise — delivery and consent.
 */
@Module({
  providers: [
    {
      provide: EMAIL_PROVIDER,
      inject: [ENV],
      useFactory: (env: Env) =>
        env.SENDGRID_API_KEY ? new SendGridEmailProvider(env.SENDGRID_API_KEY, env.SENDGRID_BASE_URL, env.PROVIDER_TIMEOUT_MS) : new OutboxEmailProvider(),
    },
    {
      provide: SMS_PROVIDER,
      inject: [ENV],
      useFactory: (env: Env) =>
        twilioConfigured(env)
          ? new TwilioSmsProvider(env.TWILIO_ACCOUNT_SID!, env.TWILIO_AUTH_TOKEN!, env.TWILIO_PHONE_NUMBER!, env.TWILIO_BASE_URL, env.PROVIDER_TIMEOUT_MS)
          : new OutboxSmsProvider(),
    },
    OutboundMessagesService,
    MessageDeliveryService,
    ConsentService,
  ],
  exports: [OutboundMessagesService, MessageDeliveryService, ConsentService, EMAIL_PROVIDER, SMS_PROVIDER],
})
export class MessagingModule {}
