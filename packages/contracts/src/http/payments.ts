/**
 * Payment calls (public-site.md §2, §7, §9; decisions.md §3, §4, §14): the deposit and
 * consultation PaymentIntents, their status, Stripe's webhook and the staff view of a contact's
 * payments. Amounts are the server's (browser-sent `totalAmount` / `amount` are accepted and
 * ignored) and answered in integer cents.
 */
import { z } from 'zod';
import { emailField, phoneField } from '../contact.js';
import { limitedText, optionalText } from '../text.js';

const customerName = (label: string) => limitedText(100).min(1, { error: `${label} is required.` });

/**
 * Body of POST /api/create-deposit-payment: `quoteToken`, the deposit token handed out with the
 * wizard lead (POST /api/leads `depositToken`); the rest is informational (the spec's fields,
 * accepted and ignored). Any non-empty string up to 1000 characters is accepted here, so that a
 * malformed token answers exactly like an unknown one (404); a `leadId` is refused (400, field
 * error): deposits are never addressed by the lead's sequential id.
 */
export const createDepositPaymentSchema = z
  .object({
    quoteToken: z
      .string({ error: 'quoteToken is required.' })
      .min(1, { error: 'quoteToken is required.' })
      .max(1000, { error: 'Not a deposit token.' }),
    leadId: z.never({ error: 'Deposits are addressed by quoteToken, not by lead id.' }).optional(),
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
 * Errors: 400 field errors; 404 NOT_FOUND for a deposit token that is unknown, malformed, of a
 * paid deposit or of a lead without a quote (one answer for all); 409 deposit above what Stripe
 * takes; 423 PAYMENTS_LOCKED (paused after repeated card failures); 428 CHALLENGE_REQUIRED; 429
 * RATE_LIMITED; 502 provider failure; 503 PAYMENTS_NOT_CONFIGURED.
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
