/**
 * Payment calls (public-site.md §2, §7, §9; decisions.md §3, §4, §14): the deposit and
 * consultation PaymentIntents, their status, Stripe's webhook and the staff view of a contact's
 * payments. Amounts are the server's (browser-sent `totalAmount` / `amount` are accepted and
 * ignored) and answered in integer cents.
 */
import { z } from 'zod';
import { emailField, phoneField } from '../contact.js';
import { limitedText, optionalText, recordIdField } from '../text.js';

const customerName = (label: string) => limitedText(100).min(1, { error: `${label} is required.` });

/** Body of POST /api/create-deposit-payment: the lead's id; the rest is informational. */
export const createDepositPaymentSchema = z
  .object({
    leadId: recordIdField('leadId must be a lead id.'),
    /** Ignored: the deposit is round(10% × the stored lead total). */
    totalAmount: z.unknown().optional(),
    customerInfo: z.record(z.string(), z.unknown()).optional(),
    projectDetails: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type CreateDepositPayment = z.output<typeof createDepositPaymentSchema>;

/** Body of POST /api/create-consultation-payment (the amount is always 25000 cents). */
export const createConsultationPaymentSchema = z
  .object({
    /** Ignored: the consultation deposit is always 25000 cents ($250). */
    amount: z.unknown().optional(),
    customerInfo: z.object({
      firstName: customerName('First name'),
      lastName: customerName('Last name'),
      email: emailField,
      phone: phoneField,
    }),
    projectDetails: z
      .object({
        type: optionalText(100),
        description: optionalText(2000),
      })
      .optional()
      .default({}),
  })
  .strict();
export type CreateConsultationPayment = z.output<typeof createConsultationPaymentSchema>;

/**
 * 200 answer of both create-*-payment calls: the PaymentIntent's client secret, for Stripe.js.
 * Errors: 400 field errors; 404 unknown lead; 409 no quote / already paid; 502 provider failure;
 * 503 PAYMENTS_NOT_CONFIGURED.
 */
export const clientSecretResponseSchema = z.object({ clientSecret: z.string().min(1) });
export type ClientSecretResponse = z.output<typeof clientSecretResponseSchema>;

export const PAYMENT_KINDS = ['deposit', 'consultation'] as const;
/** pending → processing → succeeded | failed | canceled, as the verified webhooks said. */
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'canceled'] as const;

/** Path parameter of GET /api/payments/{paymentIntentId}: a Stripe PaymentIntent id (`pi_…`). */
export const paymentIntentIdParamSchema = z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/, { error: 'Not a PaymentIntent id.' });

/**
 * 200 answer of GET /api/payments/{paymentIntentId} (public): what our server knows of a
 * PaymentIntent, for /payment-success and /consultation-success. 400 for an id that is not
 * `pi_…`; 404 unknown.
 */
export const paymentStatusResponseSchema = z.object({
  paymentIntentId: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  /** Integer cents. */
  amountCents: z.number().int(),
  currency: z.string(),
  failureMessage: z.string().nullable(),
});
export type PaymentStatusResponse = z.output<typeof paymentStatusResponseSchema>;

/**
 * 200 answer of POST /api/stripe/webhook (Stripe's events, `Stripe-Signature` checked on the raw
 * body): `duplicate` is true for a replayed event id (nothing changed). 400 bad signature; 503
 * not configured.
 */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type StripeWebhookResponse = z.output<typeof stripeWebhookResponseSchema>;

/** One payment as staff see it. */
export const staffPaymentSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  /** Integer cents. */
  amountCents: z.number().int(),
  currency: z.string(),
  paymentIntentId: z.string(),
  failureMessage: z.string().nullable(),
  /** ISO-8601. */
  createdAt: z.string(),
  /** ISO-8601, when the verified webhook said it succeeded. */
  succeededAt: z.string().nullable(),
});
export type StaffPayment = z.output<typeof staffPaymentSchema>;

/** Answer of GET /api/contacts/{id}/payments (staff): the contact's payments, newest first; 404 unknown contact. */
export const contactPaymentsResponseSchema = z.object({ payments: z.array(staffPaymentSchema) });
export type ContactPaymentsResponse = z.output<typeof contactPaymentsResponseSchema>;
