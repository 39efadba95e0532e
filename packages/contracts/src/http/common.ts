/**
 * Shapes shared by several `/api` calls: the error body every non-2xx JSON answer carries
 * (architecture.md "Conventions") and the reference of a queued job a browser may watch.
 */
import { z } from 'zod';

/**
 * A queued job the browser may watch over Socket.IO (room `job:{id}`; the id is an unguessable
 * UUID handed only to the requester).
 */
export const jobRefSchema = z.object({ id: z.string(), queue: z.string() });
export type JobRef = z.output<typeof jobRefSchema>;

/**
 * The error body of every non-2xx JSON answer, `{statusCode, code, message, details?,
 * requestId?, error?}` (the server's type is `ApiErrorBody`, errors.ts). Read leniently: `code`
 * may be any string (a proxy in front of the api, or a newer api, may answer a code this client
 * does not know) and unknown fields are kept.
 */
export const apiErrorBodySchema = z
  .object({
    statusCode: z.number(),
    code: z.string(),
    message: z.string(),
    /** For VALIDATION_FAILED: field path (dot-joined) → messages; `_` holds form-level errors. */
    details: z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) }).optional(),
    requestId: z.string().optional(),
    /** Kept for the spec's clients, which read an `error` field on a failed POST /api/leads. */
    error: z.string().optional(),
  })
  .loose();

/** The paging fields of a staff list answer (`page` 1-based; `total` counts every match). */
export const pageFields = {
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
};
