/**
 * Deposit payments (public-site.md §2, §7, §9; decisions.md §3, §4, §14).
 * Amounts are the server's: browser-sent `totalAmount` / `amount` are accepted and ignored.
 */
import { z } from 'zod';
import { emailField, phoneField } from './contact.js';
import { limitedText, optionalText, recordIdField } from './text.js';

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

/** Answer of both create-*-payment endpoints. */
export interface ClientSecretResponse {
  clientSecret: string;
}

/** GET /api/payments/:paymentIntentId — what our server knows of a PaymentIntent. */
export interface PaymentStatusResponse {
  paymentIntentId: string;
  kind: 'deposit' | 'consultation';
  status: 'pending' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  /** Integer cents. */
  amountCents: number;
  currency: string;
  failureMessage: string | null;
}

/** One payment as staff see it (GET /api/contacts/:id/payments). Amount in integer cents. */
export interface StaffPayment {
  id: number;
  kind: 'deposit' | 'consultation';
  status: PaymentStatusResponse['status'];
  /** Integer cents. */
  amountCents: number;
  currency: string;
  paymentIntentId: string;
  failureMessage: string | null;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601, when the verified webhook said it succeeded. */
  succeededAt: string | null;
}

/** Answer of GET /api/contacts/:id/payments (staff): the contact's payments, newest first. */
export interface ContactPaymentsResponse {
  payments: StaffPayment[];
}
