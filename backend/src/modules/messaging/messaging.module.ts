import { Module } from '@nestjs/common';
import { ENV, type Env } from '../../config/env.js';
import { EMAIL_PROVIDER, OutboxEmailProvider, SendGridEmailProvider } from './email-provider.js';
import { EmailDeliveryService } from './email-delivery.service.js';
import { OutboundMessagesService } from './outbound-messages.service.js';

/** Outbound email/SMS: the message log and the provider adapters (decisions.md §13, §14). */
@Module({
  providers: [
    {
      provide: EMAIL_PROVIDER,
      inject: [ENV],
      useFactory: (env: Env) =>
        env.SENDGRID_API_KEY ? new SendGridEmailProvider(env.SENDGRID_API_KEY, env.SENDGRID_BASE_URL) : new OutboxEmailProvider(),
    },
    OutboundMessagesService,
    EmailDeliveryService,
  ],
  exports: [OutboundMessagesService, EmailDeliveryService, EMAIL_PROVIDER],
})
export class MessagingModule {}
