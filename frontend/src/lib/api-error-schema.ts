/**
 * The API's error body (architecture.md: `{ statusCode, code, message, details?, requestId }`),
 * from the contracts (read leniently: unknown extra fields are kept). Loaded by `lib/api.ts` only
 * when an answer is not OK, so zod is not part of the first download of a page.
 */
export { apiErrorBodySchema } from '@ironclad/contracts';
