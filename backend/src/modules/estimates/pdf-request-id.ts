/**
 * The id of a PDF estimate request, derived from what the PDF depends on, so that asking again
 * for the same PDF is the same BullMQ job (`jobId`), the same stored document and the same email.
 */
import { createHmac } from 'node:crypto';
import type { CalculatorSpecs } from '@ironclad/contracts';
import type { Env } from '../../platform/config/env.js';
import { derivedSecret } from '../../platform/config/derived-secret.js';

/** What a PDF estimate shows: the lead's stored configuration and contact, and the promotion applied. */
export interface PdfInputs {
  leadId: number;
  specs: CalculatorSpecs;
  customer: { firstName: string | null; lastName: string | null; email: string; phone: string | null; company: string | null };
  discountPercent: number;
  promotionCode: string | null;
}

/** The HMAC key of request ids: stable across api instances, secret so a job id cannot be guessed. */
export function pdfRequestKey(env: Pick<Env, 'SESSION_SECRET' | 'DATABASE_URL'>): Buffer {
  return derivedSecret(env, 'estimate-pdf');
}

/**
 * The request id of `inputs`: an RFC 9562 version-8 UUID made of HMAC-SHA256(key, canonical
 * JSON of the inputs) — equal inputs give the same id, any change (configuration, contact,
 * promotion) another one. Being unguessable without the key, it can still be handed to the
 * visitor's browser to watch the job, like the random ids before.
 */
export function pdfRequestId(key: Buffer, inputs: PdfInputs): string {
  const canonical = JSON.stringify([
    'v1',
    inputs.leadId,
    Object.entries(inputs.specs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    [inputs.customer.firstName, inputs.customer.lastName, inputs.customer.email, inputs.customer.phone, inputs.customer.company],
    inputs.discountPercent,
    inputs.promotionCode,
  ]);
  return hmacUuid(key, canonical);
}

/**
 * The request id (stored document) of quote version `quoteVersionId`'s PDF: one per version, so a
 * retried QuotePdf job finds the document it stored instead of rendering another.
 */
export function quotePdfRequestId(key: Buffer, quoteVersionId: number): string {
  return hmacUuid(key, JSON.stringify(['quote-v1', quoteVersionId]));
}

/** An RFC 9562 version-8 UUID made of HMAC-SHA256(key, text). */
function hmacUuid(key: Buffer, text: string): string {
  const bytes = createHmac('sha256', key).update(text).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80; // version 8 (custom)
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant 10xx
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
