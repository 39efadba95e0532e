/**
 * The API client (public-site.md §7, §8).
 *
 * - Every call sends cookies (`credentials: 'include'`); a body is sent as JSON.
 * - Any non-OK answer throws an {@link ApiError} whose message is the spec's
 *   `${status}: ${body text || status text}` and which keeps the parsed {@link ApiErrorBody}.
 * - Successful answers are validated with a zod schema when one is given (zod at every boundary).
 */
import type { ApiErrorBody } from '@ironclad/contracts';
import { z } from 'zod';

/** The API's error body, validated loosely: unknown extra fields are kept. */
const apiErrorBodySchema = z
  .object({
    statusCode: z.number(),
    code: z.string(),
    message: z.string(),
    details: z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) }).optional(),
    requestId: z.string().optional(),
    error: z.string().optional(),
  })
  .loose();

/** A non-OK HTTP answer of the API. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status code. */
    readonly status: number,
    /** Raw body text (may be empty). */
    readonly bodyText: string,
    /** The parsed error body when the API answered with its JSON error format, else null. */
    readonly body: ApiErrorBody | null,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
}

/** Thrown when a 2xx answer does not match the schema the caller expects. */
export class ApiResponseError extends Error {
  override readonly name = 'ApiResponseError';

  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Unexpected response from ${path}`);
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  /** JSON body (sent with `Content-Type: application/json`). */
  body?: unknown;
  /** Schema the answer must satisfy; without one the parsed JSON is returned as `unknown`. */
  schema?: z.ZodType<T>;
  /** Abort signal (TanStack Query passes one to query functions). */
  signal?: AbortSignal;
}

/** Parses an error body; null when it is not the API's JSON error format. */
function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

/**
 * Throws an {@link ApiError} for a non-OK response (spec §8's message format).
 * Exported for callers that need the raw `Response`.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, parseErrorBody(text), res.statusText);
}

/**
 * Calls the API and returns the validated JSON answer (`undefined` for 204 / empty bodies).
 *
 * @example
 * const config = await apiRequest('GET', '/api/public-config', { schema: publicConfigSchema });
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { body, schema, signal } = options;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  await throwIfResNotOk(res);
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiResponseError(path, parsed.error.issues);
  return parsed.data;
}

/** What a GET query does on 401 (spec §7: the default fetch "may be configured to yield null"). */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * GET helper for TanStack Query `queryFn`s; with `on401: 'returnNull'` an unauthenticated answer
 * yields `null` instead of throwing.
 */
export async function apiGet<T>(path: string, schema: z.ZodType<T>, opts: { signal?: AbortSignal; on401?: UnauthorizedBehavior } = {}): Promise<T | null> {
  try {
    return await apiRequest('GET', path, { schema, signal: opts.signal });
  } catch (err) {
    if (opts.on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
