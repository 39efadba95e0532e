/**
 * Deposit calls (public-site.md §7, §9; decisions.md §3, §4). Amounts are always the server's:
 * the wizard deposit is round(10% × the stored lead total), the consultation deposit $250.
 * The answers' schemas load beside the request (payment-schemas.ts).
 */
import type { ConsultationRequestResponse, CreateConsultationRequestInput, FormSignals, PaymentStatusResponse } from '@ironclad/contracts';
import { ApiError, apiRequest } from '../../../lib/api';
import { submitWithRetry, type SubmitTrouble } from '../../../lib/resilient-submit';

const schemas = () => import('./payment-schemas');

/** Customer details sent along (the server uses the stored lead for the wizard deposit). */
export interface CustomerInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * POST /api/create-deposit-payment → the PaymentIntent's client secret. The quote is addressed by
 * its deposit token (`quoteToken`, from the lead's answer), never by the lead id. Throws ApiError:
 * 404 the quote cannot be paid online, 423 PAYMENTS_LOCKED, 429, 502, 503 (each with a message
 * for the visitor, {@link setupFailureMessage}).
 */
export async function createDepositPayment(
  body: {
    quoteToken: string;
    totalAmount: number;
    customerInfo?: CustomerInfo & { company?: string };
    projectDetails: Record<string, unknown>;
  } & Pick<FormSignals, 'altcha'>,
): Promise<string> {
  return (await apiRequest('POST', '/api/create-deposit-payment', { body, schema: schemas().then((m) => m.clientSecretResponseSchema) }))
    .clientSecret;
}

/** POST /api/create-consultation-payment → the PaymentIntent's client secret (always $250). */
export async function createConsultationPayment(
  body: {
    amount: number;
    customerInfo: CustomerInfo;
    projectDetails: { type: string; description: string };
  } & FormSignals,
): Promise<string> {
  return (
    await apiRequest('POST', '/api/create-consultation-payment', { body, schema: schemas().then((m) => m.clientSecretResponseSchema) })
  ).clientSecret;
}

/** What the server knows of a PaymentIntent (GET /api/payments/:paymentIntentId). */
export function fetchPaymentStatus(paymentIntentId: string, signal?: AbortSignal): Promise<PaymentStatusResponse> {
  return apiRequest('GET', `/api/payments/${encodeURIComponent(paymentIntentId)}`, {
    schema: schemas().then((m) => m.paymentStatusResponseSchema),
    signal,
  });
}

/** Cents → "$1,234.50" (or "$250" when whole). */
export const formatCents = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The spec's description of the 'Payment Setup Failed' toast (public-site.md §8). */
export const SETUP_FAILED_DESCRIPTION = 'Unable to initialize payment. Please try again.';

/**
 * What to tell the visitor when the payment could not be set up: the server's own message when it
 * refused for a reason the visitor can act on (a 4xx with a message: quote not payable online,
 * online payment paused after card failures, too many attempts — each says to call), otherwise the
 * spec's "Unable to initialize payment. Please try again." (provider failures, network, Stripe.js).
 */
export function setupFailureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.body?.message) return err.body.message;
  return SETUP_FAILED_DESCRIPTION;
}

/**
 * POST /api/consultation-requests: the consultation asked for without online payment (stored as a
 * contact with source `consultation`) under one Idempotency-Key, retried on 503 / network errors
 * for up to two minutes (lib/resilient-submit.ts); resolves with when the company calls back.
 */
export async function requestConsultation(
  body: CreateConsultationRequestInput & FormSignals,
  onTrouble?: (trouble: SubmitTrouble) => void,
): Promise<ConsultationRequestResponse> {
  const { website: _website, formElapsedMs: _elapsed, altcha: _altcha, ...submission } = body;
  return submitWithRetry(
    'consultation-request',
    submission,
    (idempotencyKey) =>
      apiRequest('POST', '/api/consultation-requests', {
        body,
        idempotencyKey,
        schema: schemas().then((m) => m.consultationRequestResponseSchema),
      }),
    { onTrouble },
  );
}
