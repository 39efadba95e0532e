/** Public surface of the payments feature (Stripe deposits and consultation payments). */
export { PaymentsModule, PaymentsApiModule } from './payments.module.js';
export { PaymentsService } from './payments.service.js';
export { PaymentRecord, StripeEventRecord, PaymentFailureRecord, PaymentLockRecord } from './payment.entity.js';
