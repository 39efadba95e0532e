import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ENV, type Env } from '../../platform/config/env.js';
import { ContactsModule } from '../contacts/index.js';
import { LeadsModule } from '../leads/index.js';
import { MessagingModule } from '../messaging/index.js';
import { QuotesModule } from '../quotes/index.js';
import { SiteModule } from '../site/index.js';
import { StaffModule } from '../staff/index.js';
import { PaymentFailureRecord, PaymentLockRecord, PaymentRecord, StripeEventRecord } from './payment.entity.js';
import { PaymentLocks } from './payment-locks.service.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { StaffPaymentsController } from './staff-payments.controller.js';
import { QuoteLinksController, StaffQuotesController } from './quote-links.controller.js';
import { STRIPE_CLIENT, createStripeClient } from './stripe-client.js';

/** Stripe deposits and consultation payments, the payments table and the webhook (decisions.md §4). Services only. */
@Module({
  imports: [
    TypeOrmModule.forFeature([PaymentRecord, StripeEventRecord, PaymentFailureRecord, PaymentLockRecord]),
    ContactsModule,
    LeadsModule,
    MessagingModule,
    SiteModule,
    StaffModule,
    QuotesModule,
  ],
  providers: [PaymentsService, PaymentLocks, { provide: STRIPE_CLIENT, inject: [ENV], useFactory: (env: Env) => createStripeClient(env) }],
  exports: [PaymentsService],
})
export class PaymentsModule {}

/**
 * The payment endpoints (public intents and webhook, staff payment lists) and the quote-to-cash
 * links: the customer's saved quote (open, approve) and the staff quote versions (list, revise),
 * which cancel deposit intents an approval or a revision made stale.
 */
@Module({
  imports: [PaymentsModule, LeadsModule, QuotesModule],
  controllers: [PaymentsController, StaffPaymentsController, QuoteLinksController, StaffQuotesController],
})
export class PaymentsApiModule {}
