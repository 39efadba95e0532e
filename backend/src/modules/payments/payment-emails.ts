/** Texts of the payment receipt (to the customer) and the staff payment notice. */
import type { PaymentRecord } from './payment.entity.js';

const money = (cents: number, currency: string) =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const what = (p: PaymentRecord) => (p.kind === 'deposit' ? 'installation deposit (10%)' : 'consultation deposit');

/** Receipt email of a succeeded payment. */
export function renderPaymentReceipt(p: PaymentRecord, companyName: string) {
  const subject = `Receipt: your ${what(p)} of ${money(p.amountCents, p.currency)}`;
  const next =
    p.kind === 'deposit'
      ? "Your installation date has been secured. We'll contact you within 24 hours."
      : "We'll contact you within 24 hours to schedule your site visit. The deposit is refundable within 24 hours.";
  const text = [
    `Hello ${p.customerName ?? ''},`.replace(' ,', ','),
    '',
    `Thank you! We received your ${what(p)} of ${money(p.amountCents, p.currency)}.`,
    `Payment reference: ${p.paymentIntentId}`,
    '',
    next,
    '',
    companyName,
  ].join('\n');
  return { template: 'payment_receipt', subject, text };
}

/** Staff notice of a succeeded payment. */
export function renderStaffPaymentNotice(p: PaymentRecord, adminUrl: string) {
  const subject = `Payment received: ${what(p)} ${money(p.amountCents, p.currency)} from ${p.customerName ?? p.customerEmail}`;
  const text = [
    `A ${what(p)} was paid.`,
    `Amount: ${money(p.amountCents, p.currency)}`,
    `Customer: ${p.customerName ?? ''} <${p.customerEmail}>${p.customerPhone ? `, ${p.customerPhone}` : ''}`,
    p.leadId ? `Lead #${p.leadId} (moved to won)` : 'No lead (consultation)',
    `Stripe PaymentIntent: ${p.paymentIntentId}`,
    '',
    `Open the admin area: ${adminUrl}`,
  ].join('\n');
  return { template: 'staff_payment_received', subject, text };
}

/**
 * Staff notice of a payment lock (card-testing defence): which quote or client address, how many
 * card failures in how many minutes, until when online payment is paused, and the payment that
 * tipped it.
 */
export function renderStaffPaymentLockNotice(
  lock: { scope: 'lead' | 'address'; subject: string; lockedUntil: Date; failures: number },
  p: PaymentRecord,
  windowMinutes: number,
  adminUrl: string,
) {
  const what = lock.scope === 'lead' ? `quote #${lock.subject} (lead #${lock.subject})` : `the network ${lock.subject}`;
  const subject = `Online payment paused for ${what} after ${lock.failures} card failures`;
  const text = [
    `Online payment was paused for ${what}: ${lock.failures} card payments failed within ${windowMinutes} minutes,`,
    'which is what card-testing bots do. Its open payment links were canceled at Stripe.',
    `Paused until: ${lock.lockedUntil.toISOString()}`,
    '',
    `Last failed payment: ${p.kind === 'deposit' ? 'installation deposit (10%)' : 'consultation deposit'} ${money(p.amountCents, p.currency)}`,
    `Customer given: ${p.customerName ?? ''} <${p.customerEmail}>${p.customerPhone ? `, ${p.customerPhone}` : ''}`,
    `Stripe PaymentIntent: ${p.paymentIntentId}`,
    '',
    'If this is a real customer, take the payment by phone. Check Stripe (Radar) for the declined attempts.',
    `Open the admin area: ${adminUrl}`,
  ].join('\n');
  return { template: 'staff_payment_locked', subject, text };
}
