/**
 * Runtime schemas of the calculator's two answers (POST /api/leads, POST
 * /api/generate-estimate-pdf), from the contracts. Loaded beside the requests by
 * request-pdf-quote.ts, so they are not part of the first download of /calculator.
 */
export { createLeadResponseSchema, generateEstimatePdfResponseSchema } from '@ironclad/contracts';
