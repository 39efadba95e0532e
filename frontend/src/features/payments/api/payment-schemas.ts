/**
 * Runtime schemas of the payment answers, from the contracts. Loaded beside the request by
 * payment-api.ts, so the schemas are not part of the first download of the payment pages.
 */
export { clientSecretResponseSchema, consultationRequestResponseSchema, paymentStatusResponseSchema } from '@ironclad/contracts';
