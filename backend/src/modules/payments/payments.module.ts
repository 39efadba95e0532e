import { Module } from '@nestjs/common';
import { ENV, type Env } from '../../config/env.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { StaffPaymentsController } from './staff-payments.controller.js';
import { STRIPE_CLIENT, createStripeClient } from './stripe-client.js';

/** Stripe deposits, the payments table and the webhook (decisions.md §4). */
@Module({
  imports: [MessagingModule, SiteSettingsModule],
  providers: [PaymentsService, { provide: STRIPE_CLIENT, inject: [ENV], useFactory: (env: Env) => createStripeClient(env) }],
  controllers: [PaymentsController, StaffPaymentsController],
  exports: [PaymentsService],
})
export class PaymentsModule {}
