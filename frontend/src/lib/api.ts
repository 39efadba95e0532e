/**
 * The API client (public-site.md §7, §8).
 *
 * - Every call sends cookies (`credentials: 'include'`); a body is sent as JSON.
 * - Any non-OK answer throws an {@link ApiError} whose message is the spec's
 *   `${status}: ${body text || status text}` and which keeps the parsed {@link ApiErrorBody}.
 * - Successful answers are validated with a zod schema when one is given (zod at every boundary).
 *   The schema may be given as a promise (`import('./x-schema').then((m) => m.xSchema)`), so that
 *   zod and the schema load beside the request instead of with the page (bundle size).
 */
import type { ApiErrorBody } from '@ironclad/contracts';
import type { z } from 'zod';

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
  /**
   * Schema the answer must satisfy, or a promise of it (loaded while the request runs); without
   * one the parsed JSON is returned as `unknown`.
   */
  schema?: z.ZodType<T> | PromiseLike<z.ZodType<T>>;
  /** Abort signal (TanStack Query passes one to query functions). */
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header: one per submission, the same on each of its retries, so
   * the api acts once however often it is sent (public POSTs; see lib/resilient-submit.ts).
   */
  idempotencyKey?: string;
}

/** Parses an error body; null when it is not the API's JSON error format. */
async function parseErrorBody(text: string): Promise<ApiErrorBody | null> {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const { apiErrorBodySchema } = await import('./api-error-schema');
  const parsed = apiErrorBodySchema.safeParse(json);
  return parsed.success ? (parsed.data as ApiErrorBody) : null;
}

/**
 * Throws an {@link ApiError} for a non-OK response (spec §8's message format).
 * Exported for callers that need the raw `Response`.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, await parseErrorBody(text), res.statusText);
}

/**
 * Calls the API and returns the validated JSON answer (`undefined` for 204 / empty bodies).
 *
 * @example
 * const config = await apiRequest('GET', '/api/public-config', { schema: import('./schema').then((m) => m.publicConfigSchema) });
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { body, signal, idempotencyKey } = options;
  // A schema still loading: settle it beside the request (a failed load must not go unhandled
  // when the request fails first; it is reported when the answer is validated).
  const schema = options.schema === undefined ? undefined : Promise.resolve(options.schema);
  schema?.catch(() => undefined);
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  await throwIfResNotOk(res);
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!schema) return data as T;
  const parsed = (await schema).safeParse(data);
  if (!parsed.success) throw new ApiResponseError(path, parsed.error.issues);
  return parsed.data;
}

/** What a GET query does on 401 (spec §7: the default fetch "may be configured to yield null"). */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * GET helper for TanStack Query `queryFn`s; with `on401: 'returnNull'` an unauthenticated answer
 * yields `null` instead of throwing.
 */
export async function apiGet<T>(
  path: string,
  schema: z.ZodType<T>,
  opts: { signal?: AbortSignal; on401?: UnauthorizedBehavior } = {},
): Promise<T | null> {
  try {
    return await apiRequest('GET', path, { schema, signal: opts.signal });
  } catch (err) {
    if (opts.on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
