/**
 * The API's error body (architecture.md: `{ statusCode, code, message, details?, requestId }`),
 * validated loosely: unknown extra fields are kept. Loaded by `lib/api.ts` only when an answer is
 * not OK.
 */
import { z } from 'zod';

export const apiErrorBodySchema = z
  .object({
    statusCode: z.number(),
    code: z.string(),
    message: z.string(),
    details: z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) }).optional(),
    requestId: z.string().optional(),
    error: z.string().optional(),
  })
  .loose();
